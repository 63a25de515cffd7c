/**
 * The local test payment processor: a hosted-style card page the API serves on the dealer's own
 * site, so the whole checkout (provider session, card, 3-D Secure, signed webhook, refund) runs
 * offline. Nothing here moves money; it behaves like a card processor with three test cards:
 *
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined
 *   4000 0027 6000 3184  asks for 3-D Secure first (approve or fail)
 *
 * The pay token is the session: the payment id, dealer, amount, currency and return URLs, signed
 * with the server's payments secret (LOCAL_PAYMENTS_SECRET, or one the server made and keeps:
 * payments.ts), so the card page needs no storage and nobody can change the amount.
 * Events are signed the way real providers sign webhooks (HMAC-SHA256 over `timestamp.body`).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '../platform/formats/region';
import type { PaymentEvent, PaymentProvider, PaymentToTake, PaymentUrls, RefundResult, StartedPayment, VerifiedEvent } from './payments';

export const LOCAL_SIGNATURE_HEADER = 'local-payments-signature';
/** The path of the card page under the dealer's site; the token follows. */
export const LOCAL_PAY_PATH = '/api/payments/local/pay/';
/** How long a card page stays usable, and how old a signed event may be. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const EVENT_TOLERANCE_S = 5 * 60;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;

export type CardOutcome = 'succeeded' | 'declined' | '3ds';

/** What a card number does on this processor; undefined for a number that is no test card. */
export function cardOutcome(number: string): CardOutcome | undefined {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.success) return 'succeeded';
  if (digits === TEST_CARDS.declined) return 'declined';
  if (digits === TEST_CARDS.threeDSecure) return '3ds';
  return undefined;
}

/** What a pay token carries. */
export interface PaySession {
  payment_id: string;
  dealer: string;
  amount_minor: number;
  currency: string;
  description: string;
  return_url: string;
  cancel_url: string;
  /** Epoch ms after which the card page refuses the token. */
  expires: number;
  /** The provider ref this session was given (the token's own hash). */
  provider_ref: string;
}

export interface LocalPayments extends PaymentProvider {
  readonly name: 'local';
  /** The session a token carries, or undefined for a forged, altered or expired token. */
  readSession(token: string): PaySession | undefined;
  /** A signed event for the webhook route: the body and its headers, as the processor posts it. */
  signedEvent(session: PaySession, outcome: 'succeeded' | 'declined', reason?: string): { body: string; headers: Headers };
  /** The signed check value a 3-D Secure step carries, so only a token that asked for it gets one. */
  challengeFor(token: string): string;
  checkChallenge(token: string, challenge: string): boolean;
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createLocalPayments({ secret, now = Date.now }: { secret: string | (() => string); now?: () => number }): LocalPayments {
  const key = typeof secret === 'string' ? () => secret : secret;
  const mac = (purpose: string, text: string): string => createHmac('sha256', key()).update(`${purpose}:${text}`).digest('base64url');

  const providerRefOf = (token: string): string => `ls_${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

  const readSession = (token: string): PaySession | undefined => {
    if (token.length > 4000) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined || !sameText(signature, mac('pay', payload))) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isRecord(parsed) || typeof parsed.expires !== 'number' || parsed.expires < now()) return undefined;
    return { ...(parsed as unknown as Omit<PaySession, 'provider_ref'>), provider_ref: providerRefOf(token) };
  };

  const sign = (body: string, at = Math.floor(now() / 1000)): string => `t=${at},v1=${createHmac('sha256', key()).update(`${at}.${body}`).digest('hex')}`;

  return {
    name: 'local',
    readSession,
    challengeFor: (token) => mac('3ds', token),
    checkChallenge: (token, challenge) => sameText(challenge, mac('3ds', token)),

    startPayment(payment: PaymentToTake, urls: PaymentUrls): Promise<StartedPayment> {
      const session: Omit<PaySession, 'provider_ref'> = {
        payment_id: payment.id,
        dealer: payment.dealer,
        amount_minor: payment.amount_minor,
        currency: payment.currency,
        description: payment.description,
        return_url: urls.return_url,
        cancel_url: urls.cancel_url,
        expires: now() + TOKEN_LIFETIME_MS,
      };
      const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
      const token = `${payload}.${mac('pay', payload)}`;
      return Promise.resolve({ redirect_url: `${urls.origin}${LOCAL_PAY_PATH}${token}`, provider_ref: providerRefOf(token) });
    },

    signedEvent(session, outcome, reason) {
      const body = JSON.stringify({
        id: `evt_local_${randomBytes(12).toString('hex')}`,
        type: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        created: Math.floor(now() / 1000),
        data: {
          payment_id: session.payment_id,
          dealer: session.dealer,
          provider_ref: session.provider_ref,
          amount_minor: session.amount_minor,
          currency: session.currency,
          ...(reason ? { reason } : {}),
        },
      });
      return { body, headers: new Headers({ 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: sign(body) }) };
    },

    verifyEvent(rawBody: string, headers: Headers): VerifiedEvent {
      const header = headers.get(LOCAL_SIGNATURE_HEADER) ?? '';
      const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
      const at = Number(parts.get('t'));
      const given = parts.get('v1') ?? '';
      if (!Number.isInteger(at) || !given) return { ok: false, reason: 'the event carries no signature' };
      if (Math.abs(now() / 1000 - at) > EVENT_TOLERANCE_S) return { ok: false, reason: 'the event signature is too old' };
      if (!sameText(given, sign(rawBody, at).split('v1=')[1] ?? '')) return { ok: false, reason: 'the event signature does not match' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'the event is not JSON' };
      }
      if (!isRecord(parsed) || typeof parsed.id !== 'string' || typeof parsed.type !== 'string' || !isRecord(parsed.data)) {
        return { ok: false, reason: 'the event has no id, type or data' };
      }
      const data = parsed.data;
      const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
      const event: PaymentEvent = {
        event_id: parsed.id,
        type: parsed.type === 'payment.succeeded' || parsed.type === 'payment.failed' || parsed.type === 'payment.refunded' ? parsed.type : 'other',
        payment_id: str(data.payment_id),
        dealer: str(data.dealer),
        provider_ref: str(data.provider_ref),
        amount_minor: typeof data.amount_minor === 'number' ? data.amount_minor : undefined,
        currency: str(data.currency),
        ...(str(data.reason) ? { reason: str(data.reason) } : {}),
        payload: parsed,
      };
      return { ok: true, event };
    },

    refund(payment: PaymentToTake): Promise<RefundResult> {
      // The test processor has no money to move: the refund is the record the server keeps of it.
      return Promise.resolve({ refund_ref: `re_local_${createHash('sha256').update(payment.id).digest('hex').slice(0, 24)}` });
    },
  };
}

// ---------------------------------------------------------------------------
// The card page: server-rendered HTML, no script, one hashed style block (see LOCAL_PAY_POLICY).
// ---------------------------------------------------------------------------

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#111}main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.6rem;margin-top:.25rem;border:1px solid #767676;border-radius:4px}button{font:inherit;margin-top:1.25rem;padding:.7rem 1.2rem;border:0;border-radius:4px;background:#1a4fd6;color:#fff;cursor:pointer}button.secondary{background:#555;margin-left:.5rem}.error{color:#a4000f;font-weight:600}.note{color:#444;font-size:.9rem}a{color:#1a4fd6}`;

/** The card page's own policy: no script at all, its one style block by hash, posts to itself only. */
export const LOCAL_PAY_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/**
 * The card page's headers, on its redirects too: its policy, and a referrer of its origin alone,
 * because its address holds the pay token and the page it sends the shopper back to is measured
 * by analytics. Not `no-referrer`: under it a browser sends the card form's post with `Origin:
 * null`, which the cross-site check refuses as no one's own page.
 */
export const LOCAL_PAY_HEADERS = { 'Content-Security-Policy': LOCAL_PAY_POLICY, 'Referrer-Policy': 'strict-origin' } as const;

function page(title: string, body: string, lang: string): string {
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const amountText = (session: Pick<PaySession, 'amount_minor' | 'currency'>, locale: string): string =>
  formatMoney(session.amount_minor / 100, locale, session.currency, { cents: session.amount_minor % 100 !== 0 });

export function cardPage(session: PaySession, token: string, { locale, dealerName, error }: { locale: string; dealerName: string; error?: string }): string {
  const amount = amountText(session, locale);
  return page(
    `Pay ${amount} to ${dealerName}`,
    `<h1>Pay ${escape(amount)}</h1>
<p>${escape(dealerName)}: ${escape(session.description)}</p>
<p class="note">Test payments: no real card is charged. Use 4242 4242 4242 4242 (approved), 4000 0000 0000 0002 (declined) or 4000 0027 6000 3184 (3-D Secure).</p>
${error ? `<p class="error" role="alert" id="card-error">${escape(error)}</p>` : ''}
<form method="post" action="${LOCAL_PAY_PATH}${escape(token)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${error ? ' aria-describedby="card-error" aria-invalid="true"' : ''}>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" pattern="\\d{2}\\s*/\\s*\\d{2}">
<label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" pattern="\\d{3,4}">
<button type="submit">Pay ${escape(amount)}</button>
</form>
<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>`,
    locale,
  );
}

export function threeDSecurePage(session: PaySession, token: string, challenge: string, { locale }: { locale: string }): string {
  const amount = amountText(session, locale);
  return page(
    'Confirm your payment',
    `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm the payment of ${escape(amount)} (3-D Secure test step).</p>
<form method="post" action="${LOCAL_PAY_PATH}${escape(token)}/3ds">
<input type="hidden" name="challenge" value="${escape(challenge)}">
<button type="submit" name="decision" value="approve">Approve</button><button class="secondary" type="submit" name="decision" value="fail">Fail</button>
</form>`,
    locale,
  );
}

export function expiredPage(locale: string): string {
  return page(
    'Payment link not valid',
    '<h1>This payment link is not valid</h1><p>It may have expired. Go back to the dealer’s website and start again.</p>',
    locale,
  );
}

/** The error a card form shows, or undefined when the fields look like a card. */
export function cardFormError(fields: { card?: string; expiry?: string; cvc?: string }): string | undefined {
  const digits = (fields.card ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return 'Enter the card number.';
  if (!/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/.test(fields.expiry ?? '')) return 'Enter the expiry as MM/YY.';
  if (!/^\d{3,4}$/.test((fields.cvc ?? '').trim())) return 'Enter the 3 or 4 digit security code.';
  if (!cardOutcome(digits)) return 'This test processor takes only its test cards (see above).';
  return undefined;
}
