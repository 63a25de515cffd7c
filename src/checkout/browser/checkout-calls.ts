/** The checkout API from the browser: the same envelope and timeouts as the account calls. */
import { callAccountApi, type ApiResult, type Fetch } from '../../accounts/browser/account-api';
import { isRecord } from '../../platform/formats/records';
import { checkoutPaths, type PaymentView, type StartedCheckout } from '../model/api';

const readStarted = (body: unknown): StartedCheckout | undefined =>
  isRecord(body) && typeof body.payment_id === 'string' && typeof body.redirect_url === 'string' && /^https?:\/\//.test(body.redirect_url)
    ? { payment_id: body.payment_id, redirect_url: body.redirect_url }
    : undefined;

const STATES = ['pending', 'paid', 'declined', 'expired', 'refunded'] as const;

const readPayment = (body: unknown): PaymentView | undefined => {
  if (!isRecord(body) || typeof body.id !== 'string' || typeof body.amount_minor !== 'number' || typeof body.currency !== 'string') return undefined;
  const status = STATES.find((s) => s === body.status);
  const kind = body.kind === 'reservation' || body.kind === 'invoice' ? body.kind : undefined;
  if (!status || !kind) return undefined;
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return {
    id: body.id,
    kind,
    status,
    reason: text(body.reason),
    amount_minor: body.amount_minor,
    currency: body.currency,
    car_id: text(body.car_id),
    reference: text(body.reference),
    paid_at: text(body.paid_at),
    held_until: text(body.held_until),
  };
};

export const startReservation = (carId: string, email?: string, fetcher?: Fetch): Promise<ApiResult<StartedCheckout>> =>
  callAccountApi(checkoutPaths.reservations, { method: 'POST', body: { car_id: carId, ...(email ? { email } : {}) } }, readStarted, fetcher);

export const startOnlinePayment = (body: { reference: string; amount: string; email?: string }, fetcher?: Fetch): Promise<ApiResult<StartedCheckout>> =>
  callAccountApi(checkoutPaths.onlinePayments, { method: 'POST', body }, readStarted, fetcher);

export const getPayment = (id: string, key: string, fetcher?: Fetch): Promise<ApiResult<PaymentView>> =>
  callAccountApi(`${checkoutPaths.payment(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`, {}, readPayment, fetcher);

/** This shopper's own hold on a car (signed in, or the guest browser that paid); a 404 when it is not theirs. */
export const getMyReservation = (carId: string, fetcher?: Fetch): Promise<ApiResult<PaymentView>> =>
  callAccountApi(checkoutPaths.myReservation(carId), {}, readPayment, fetcher);
