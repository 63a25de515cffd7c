/**
 * Payment providers: what the checkout needs from whoever takes the card. Each dealer picks one
 * in its file (`payment_provider`): `local`, the offline test processor the API serves itself,
 * or `stripe` (Checkout Sessions). Amounts are integers in minor units (cents) of the dealer's
 * currency; the server prices everything before a provider sees it.
 *
 * | Provider | Env                                                   | Without it                          |
 * |----------|-------------------------------------------------------|-------------------------------------|
 * | local    | LOCAL_PAYMENTS_SECRET (signs its events)              | a secret made once and kept in .data/secrets/local-payments |
 * | stripe   | STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL (tests) | the dealer's payments answer 503 |
 */
import type { DealerConfig } from '../platform/config/schema';
import { serverSecret, type ServerSecret } from '../platform/config/server-secret';
import { createLocalPayments, type LocalPayments } from './payments-local';
import { createStripePayments } from './payments-stripe';

export type PaymentProviderName = 'local' | 'stripe';

/** A payment as a provider sees it: the row the server made before sending the shopper to pay. */
export interface PaymentToTake {
  id: string;
  dealer: string;
  email: string;
  kind: 'reservation' | 'invoice';
  amount_minor: number;
  /** ISO 4217, upper case (AUD, NZD, USD). */
  currency: string;
  /** What the shopper pays for, in words (the car's name, or the invoice reference). */
  description: string;
  /** The provider's own session or payment id, once it has one (refunds need it). */
  provider_ref?: string | null;
}

export interface PaymentUrls {
  /** Where the shopper lands after paying or being declined: the site's return page. */
  return_url: string;
  /** Where the shopper lands after giving up on the provider's page. */
  cancel_url: string;
  /** The dealer site's origin: the local processor's card page is served there. */
  origin: string;
}

export interface StartedPayment {
  redirect_url: string;
  provider_ref: string;
}

/** What a verified provider event means for the payment it is about. */
export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'payment.refunded' | 'other';

export interface PaymentEvent {
  /** The provider's own id of the event: a replay carries the same one. */
  event_id: string;
  type: PaymentEventType;
  /** Our payment id, as the provider was given it (metadata); undefined for events about something else. */
  payment_id: string | undefined;
  dealer: string | undefined;
  provider_ref: string | undefined;
  amount_minor: number | undefined;
  currency: string | undefined;
  /** Why a card was declined, in the provider's words (shown to nobody but the log and the dealer). */
  reason?: string;
  payload: Record<string, unknown>;
}

export type VerifiedEvent = { ok: true; event: PaymentEvent } | { ok: false; reason: string };

export interface RefundResult {
  /** The provider's id of the refund. */
  refund_ref: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startPayment(payment: PaymentToTake, urls: PaymentUrls): Promise<StartedPayment>;
  /** Checks the signature over the raw body: a forged or altered event is `ok: false`. */
  verifyEvent(rawBody: string, headers: Headers): VerifiedEvent;
  refund(payment: PaymentToTake, reason: string): Promise<RefundResult>;
}

export interface PaymentProviders {
  local: LocalPayments;
  /** Undefined when STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not set. */
  stripe: PaymentProvider | undefined;
  /**
   * The server's payments secret: the local processor signs its pay links and events with it, and
   * a guest's return page key is made with it whatever the provider. Read on first use, so a
   * process that takes no payment never makes one.
   */
  secret(): string;
  /** What the start should say about these settings (reads the secret, so a start fails where it cannot be kept). */
  warnings(): string[];
}

/** LOCAL_PAYMENTS_SECRET, else the one kept in `.data/secrets/` under `root` (made on first use). */
export function paymentProvidersFromEnv(env: NodeJS.ProcessEnv, options: { now?: () => number; root?: string } = {}): PaymentProviders {
  let kept: ServerSecret | undefined;
  const payments = (): ServerSecret =>
    (kept ??= serverSecret({ env, root: options.root ?? process.cwd(), variable: 'LOCAL_PAYMENTS_SECRET', name: 'local-payments' }));
  const secret = (): string => payments().secret;
  const warnings = (): string[] => {
    const { from } = payments();
    return from === 'environment'
      ? []
      : [
          `LOCAL_PAYMENTS_SECRET is not set: payments are signed with the secret kept in ${from.file}. Several hosts serving one site must share one LOCAL_PAYMENTS_SECRET instead.`,
        ];
  };
  const local = createLocalPayments({ secret, ...(options.now ? { now: options.now } : {}) });
  const key = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const stripe =
    key && webhookSecret ? createStripePayments({ secretKey: key, webhookSecret, ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}) }) : undefined;
  return { local, stripe, secret, warnings };
}

/** The provider a provider name stands for; undefined when it is not configured on this server. */
export function providerNamed(providers: PaymentProviders, name: string): PaymentProvider | undefined {
  if (name === 'local') return providers.local;
  if (name === 'stripe') return providers.stripe;
  return undefined;
}

/** The dealer's provider (the dealer file's `payment_provider`, `local` by default). */
export function paymentProviderFor(site: Pick<DealerConfig, 'payment_provider'>, providers: PaymentProviders): PaymentProvider | undefined {
  return providerNamed(providers, site.payment_provider ?? 'local');
}
