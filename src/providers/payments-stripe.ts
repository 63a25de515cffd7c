/**
 * Stripe: Checkout Sessions for the card page, webhooks verified with STRIPE_WEBHOOK_SECRET over
 * the raw body, refunds through the session's payment intent. Our payment id and the dealer ride
 * in the session's metadata (and the payment intent's), so every event names its payment.
 * STRIPE_API_URL points the client elsewhere (the tests' fake Stripe); unset, it is api.stripe.com.
 */
import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider, PaymentToTake, PaymentUrls, RefundResult, StartedPayment, VerifiedEvent } from './payments';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a local fake; the protocol, host and port are used. */
  apiUrl?: string;
}

/** The client options for an API URL: host, port and protocol of a fake or proxy. */
export function stripeClientOptions(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const metaOf = (object: { metadata?: Record<string, string> | null }): Record<string, string> => object.metadata ?? {};

/** A verified Stripe event as a payment event: what it means for our payment. */
export function stripeEventToPayment(event: Stripe.Event): PaymentEvent {
  const base = { event_id: event.id, payload: event as unknown as Record<string, unknown> };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const paid = event.type !== 'checkout.session.async_payment_failed' && event.type !== 'checkout.session.expired' && session.payment_status === 'paid';
      // A completed session still waiting for a bank transfer is neither paid nor failed yet.
      const waiting = event.type === 'checkout.session.completed' && session.payment_status !== 'paid';
      const meta = metaOf(session);
      return {
        ...base,
        type: waiting ? 'other' : paid ? 'payment.succeeded' : 'payment.failed',
        payment_id: str(meta.payment_id) ?? str(session.client_reference_id),
        dealer: str(meta.dealer),
        provider_ref: session.id,
        amount_minor: session.amount_total ?? undefined,
        currency: session.currency?.toUpperCase(),
        ...(paid ? {} : { reason: event.type === 'checkout.session.expired' ? 'The payment page expired.' : 'The payment failed.' }),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const meta = metaOf(charge);
      return {
        ...base,
        type: 'payment.refunded',
        payment_id: str(meta.payment_id),
        dealer: str(meta.dealer),
        provider_ref: undefined,
        amount_minor: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    default:
      return { ...base, type: 'other', payment_id: undefined, dealer: undefined, provider_ref: undefined, amount_minor: undefined, currency: undefined };
  }
}

export function createStripePayments({ secretKey, webhookSecret, apiUrl }: StripeOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, { ...stripeClientOptions(apiUrl), maxNetworkRetries: 1, timeout: 15_000 });
  return {
    name: 'stripe',

    async startPayment(payment: PaymentToTake, urls: PaymentUrls): Promise<StartedPayment> {
      const metadata = { payment_id: payment.id, dealer: payment.dealer, kind: payment.kind };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: payment.email,
          client_reference_id: payment.id,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: payment.currency.toLowerCase(), unit_amount: payment.amount_minor, product_data: { name: payment.description } },
            },
          ],
          metadata,
          payment_intent_data: { metadata, description: payment.description },
          success_url: urls.return_url,
          cancel_url: urls.cancel_url,
        },
        // A retried start (a double click, a network retry) makes one session per payment.
        { idempotencyKey: `start-${payment.id}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { redirect_url: session.url, provider_ref: session.id };
    },

    verifyEvent(rawBody: string, headers: Headers): VerifiedEvent {
      const signature = headers.get('stripe-signature');
      if (!signature) return { ok: false, reason: 'the event carries no Stripe-Signature' };
      try {
        return { ok: true, event: stripeEventToPayment(stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)) };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : 'the Stripe signature does not match' };
      }
    },

    async refund(payment: PaymentToTake, reason: string): Promise<RefundResult> {
      if (!payment.provider_ref) throw new Error(`payment ${payment.id} has no Stripe checkout session to refund`);
      const session = await stripe.checkout.sessions.retrieve(payment.provider_ref);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${payment.provider_ref} has no payment intent to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, reason: 'requested_by_customer', metadata: { payment_id: payment.id, dealer: payment.dealer, reason: reason.slice(0, 450) } },
        { idempotencyKey: `refund-${payment.id}` },
      );
      return { refund_ref: refund.id };
    },
  };
}
