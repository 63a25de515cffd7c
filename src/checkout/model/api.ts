/**
 * The checkout API as both sides see it: the paths, what each route takes (zod/mini schemas the
 * server validates with and the pages check before sending) and what each answers. The browser
 * never sends a price: a deposit is priced by the server from the dealer file, and an online
 * payment's amount is checked against the dealer's bounds on the server.
 */
import { z } from 'zod/mini';
import { carIdField, emailField } from '../../accounts/model/account-fields';
import { carAvailabilityPath } from '../../stock/model/car-page';

export const CHECKOUT_API = '/api/checkout';

export const checkoutPaths = {
  reservations: `${CHECKOUT_API}/reservations`,
  onlinePayments: `${CHECKOUT_API}/online-payments`,
  payment: (id: string) => `${CHECKOUT_API}/payments/${encodeURIComponent(id)}`,
  availability: carAvailabilityPath,
  /** The asker's own hold on a car, with its payment (404 when it is not theirs). */
  myReservation: (carId: string) => `${CHECKOUT_API}/cars/${encodeURIComponent(carId)}/my-reservation`,
  webhook: (provider: string) => `/api/payments/webhook/${provider}`,
} as const;

/** The site pages of the flow. */
export const CHECKOUT_RETURN_PAGE = '/checkout/return';
export const ONLINE_PAYMENT_PAGE = '/online-payment';
export const checkoutPagePath = (slug: string): string => `/cars/${slug}/checkout`;

type PageFeatures = { enabled_pages: readonly string[] };
/** Whether the dealer takes reservation deposits on its site. */
export const offersCheckout = (features: PageFeatures): boolean => features.enabled_pages.includes('checkout');
/** Whether the dealer takes invoice payments on its site. */
export const offersOnlinePayment = (features: PageFeatures): boolean => features.enabled_pages.includes('online_payment');

/**
 * The /online-payment page to build (a rest route's index), or none: a dealer that does not take
 * payments online has no such page, rather than one a search engine or an old link finds saying
 * "not offered".
 */
export const onlinePaymentPages = (features: PageFeatures): { params: { page: undefined } }[] =>
  offersOnlinePayment(features) ? [{ params: { page: undefined } }] : [];

/**
 * What a dealer that takes no deposits online says on /cars/{slug}/checkout (an old link, or a
 * shopper guessing the address): the car is still for sale, just not reserved here.
 */
export const checkoutNotOffered = (dealerName: string): { heading: string; text: string } => ({
  heading: 'Reserve this car with us',
  text: `${dealerName} does not take deposits online. To reserve this car, see it on our site and send us an enquiry, or call us: we will hold it for you.`,
});

/** `/cars/{slug}/checkout` → the slug; undefined for any other path. */
export function checkoutSlugFromPath(pathname: string): string | undefined {
  const match = /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/checkout\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug !== undefined && slug.length <= 200 ? slug : undefined;
}

/** Signed-out shoppers on a dealer that does not gate checkout say who they are. */
export const reservationFields = { car_id: carIdField, email: z.optional(emailField) };
export const reservationRequestSchema = z.strictObject(reservationFields);
export type ReservationRequest = z.output<typeof reservationRequestSchema>;

export const REFERENCE_MAX = 60;
export const AMOUNT_REFUSED = 'Enter an amount in dollars and cents, e.g. 125.50.';

/**
 * An amount the shopper typed, in currency units with at most two decimals ("125.5", "1,250.00"),
 * as minor units; undefined for anything else.
 */
export function amountToMinor(text: string): number | undefined {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return undefined;
  const [units = '0', cents = ''] = plain.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** The fields of an online payment: the page checks with the mini schema, the server builds the same object with classic zod. */
export const onlinePaymentFields = {
  reference: z
    .string({ error: 'Enter the reference.' })
    .check(z.trim(), z.minLength(1, 'Enter the reference.'), z.maxLength(REFERENCE_MAX, 'This reference is too long.')),
  amount: z.string({ error: AMOUNT_REFUSED }).check(
    z.maxLength(20, AMOUNT_REFUSED),
    z.refine((v) => amountToMinor(v) !== undefined, AMOUNT_REFUSED),
  ),
  email: z.optional(emailField),
};
export const onlinePaymentRequestSchema = z.strictObject(onlinePaymentFields);
export type OnlinePaymentRequest = z.output<typeof onlinePaymentRequestSchema>;

/** The site's bounds and reference rule, as the page and the server check them. */
export interface OnlinePaymentRules {
  min_amount: number;
  max_amount: number;
  reference_label: string;
  reference_pattern: string;
}

/** What is wrong with a request by the dealer's rules, by field; empty when it may be paid. */
export function onlinePaymentProblems(
  request: Pick<OnlinePaymentRequest, 'reference' | 'amount'>,
  rules: OnlinePaymentRules,
  money: (minor: number) => string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  let pattern: RegExp | undefined;
  try {
    pattern = new RegExp(rules.reference_pattern, 'u');
  } catch {
    pattern = undefined;
  }
  if (!pattern?.test(request.reference)) fields.reference = `Check the ${rules.reference_label.toLowerCase()}: it does not look like one of ours.`;
  const minor = amountToMinor(request.amount);
  if (minor === undefined) fields.amount = AMOUNT_REFUSED;
  else if (minor < rules.min_amount * 100 || minor > rules.max_amount * 100) {
    fields.amount = `Enter an amount from ${money(rules.min_amount * 100)} to ${money(rules.max_amount * 100)}.`;
  }
  return fields;
}

export interface StartedCheckout {
  payment_id: string;
  redirect_url: string;
}

export type PaymentState = 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';

/** GET /api/checkout/payments/{id}: what the return and receipt pages show. */
export interface PaymentView {
  id: string;
  kind: 'reservation' | 'invoice';
  status: PaymentState;
  /** Why it was declined or refunded, in words for the shopper. */
  reason: string | null;
  amount_minor: number;
  currency: string;
  car_id: string | null;
  reference: string | null;
  paid_at: string | null;
  /** The hold a paid deposit bought. */
  held_until: string | null;
}

export interface Availability {
  car_id: string;
  reserved: boolean;
}

export const CHECKOUT_MESSAGES = {
  reservedElsewhere: 'This car was reserved by someone else a moment before your payment went through. Your deposit has been refunded in full.',
  alreadyReserved: 'This car is already reserved by another shopper.',
  notForSale: 'This car cannot be reserved online. Please contact the dealer.',
  unknownCar: 'This car is not in stock any more.',
  checkoutOff: 'Checkout is not offered on this site.',
  onlinePaymentOff: 'Online payment is not offered on this site.',
  providerDown: 'We could not reach the payment provider just now. Please try again in a few minutes.',
  declined: 'Your card was declined. No money was taken.',
  paymentNotFound: 'Payment not found.',
  noHoldOfYours: 'You have no hold on this car.',
  emailNeeded: 'Enter your email address.',
  expiredHold: 'The hold on this car ended without a sale. Your deposit has been refunded.',
  lateAfterExpiry: 'Your payment arrived after the payment page had expired, so it has been refunded.',
} as const;

/**
 * The local test processor takes test cards and moves no money: a dealer on it says so where a
 * shopper is asked to pay, and every lead or receipt for such a payment says so to whoever reads
 * it, so nobody takes it for a real deposit.
 */
export const takesTestPayments = (provider: 'local' | 'stripe' | undefined): boolean => (provider ?? 'local') === 'local';
export const TEST_PAYMENTS_NOTICE = 'Test payments only: this site’s payments go to a test processor. No real card is charged and no money is paid.';
export const TEST_PAYMENT_NOTE = 'TEST PAYMENT: taken by the local test payment processor; no real money was paid.';

/** The spec's success page after a paid deposit or online payment. */
export const successPath = (kind: 'reservation' | 'invoice', paymentId: string): string =>
  `/success?category=${kind === 'reservation' ? 'car-reservation' : 'online-payment'}&payment=${encodeURIComponent(paymentId)}`;
