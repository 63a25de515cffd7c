/**
 * What the return page says about a payment, from the server's row (never the query string):
 * paid goes on to the success page; declined offers another try; refunded says why (someone
 * else's hold won, or the hold ended); pending waits a moment for the provider's event.
 */
import { CHECKOUT_MESSAGES, successPath, type PaymentView } from './api';

export type ReturnView = { kind: 'go'; to: string } | { kind: 'wait' } | { kind: 'show'; heading: string; text: string; retry: boolean };

export function returnView(payment: Pick<PaymentView, 'id' | 'kind' | 'status' | 'reason'>): ReturnView {
  switch (payment.status) {
    case 'paid':
      return { kind: 'go', to: successPath(payment.kind, payment.id) };
    case 'pending':
      return { kind: 'wait' };
    case 'declined':
      return { kind: 'show', heading: 'Payment declined', text: payment.reason ?? CHECKOUT_MESSAGES.declined, retry: true };
    case 'refunded':
      return { kind: 'show', heading: 'Your payment was refunded', text: payment.reason ?? 'Your payment was refunded in full.', retry: false };
    case 'expired':
      return {
        kind: 'show',
        heading: 'This payment has expired',
        text: 'The payment page was not used in time, so nothing was charged. Please start again.',
        retry: true,
      };
  }
}

/**
 * The payment id the return URL carries, with the key it carried (the page takes the key out of
 * the address first); undefined when they are not the server's shape.
 */
export function returnQuery(search: string, key: string): { id: string; key: string } | undefined {
  const id = new URLSearchParams(search).get('payment') ?? '';
  return /^[0-9a-f-]{36}$/.test(id) && /^[A-Za-z0-9_-]{0,64}$/.test(key) ? { id, key } : undefined;
}
