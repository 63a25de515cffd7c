/**
 * The checkout API, mounted under /api: reservation deposits, online payments, the payment a
 * return page reads, a car's availability, the providers' webhooks and the local test
 * processor's card page. Every route acts for the dealer the Host names.
 *
 * The server prices everything: a deposit from the dealer file, an online payment within the
 * dealer's bounds. A payment row exists (pending) before the shopper is sent to pay, and only a
 * verified provider event moves it on; the return page reads the row.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { answerFaults, problem, send, type Fields } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { proxyTrust } from '../../platform/http/client-ip';
import { refuseOtherSites } from '../../platform/http/cross-site';
import { knownDealer, type ConfigFor } from '../../platform/http/dealer-site';
import { jsonBody, limitBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import { limitByAddress, memoryRateLimiter, type RateLimiter } from '../../platform/http/rate-limit';
import { platformHeaders } from '../../platform/http/security';
import { siteDomains } from '../../platform/config/dealer-domains';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database, LeadDb } from '../../platform/db/open';
import type { PaymentRow } from '../../platform/db/schema';
import { hasUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { needsSignIn } from '../../accounts/model/gating';
import { sendShopperMail, type MailReceipt, type ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { sessionChecker, NO_ACCOUNT_STORAGE, SIGN_IN_FIRST, type SessionCheck } from '../../accounts/server/require-session';
import { siteOrigin } from '../../accounts/server/site-origin';
import { TOO_MANY_TRIES } from '../../accounts/server/rate-limit';
import { createStockLookup } from '../../stock/server/store';
import { listedCarLookup } from '../../search/server/listed-stock';
import { currencyOf } from '../../stock/model/car';
import type { Vehicle } from '../../stock/model/vehicle';
import { paymentProviderFor, providerNamed, type PaymentProvider, type PaymentProviders } from '../../providers/payments';
import { cardFormError, cardOutcome, cardPage, expiredPage, LOCAL_PAY_HEADERS, threeDSecurePage } from '../../providers/payments-local';
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_RETURN_PAGE,
  amountToMinor,
  checkoutPagePath,
  onlinePaymentProblems,
  onlinePaymentFields,
  reservationFields,
  type Availability,
  type StartedCheckout,
} from '../model/api';
import { moneyText } from './notices';
import { createSettlement, paymentToTake, type Settlement } from './settlement';
import { applyEvent, createPayment, depositToPay, failStart, heldReservation, paymentById, paymentView, setProviderRef } from './payments-store';
import { guestBrowser, readGuestBrowser } from './guest-browser';
import type { HeldCars } from './held-cars';

export interface CheckoutApiOptions {
  database: Database | undefined;
  configFor: ConfigFor;
  providers: PaymentProviders;
  /** The dealer's held cars, read at most once a second (shared with the search overlay). */
  held: HeldCars;
  /** TRUST_PROXY, STOCK_DIR, outbox settings, CHECKOUT_RATE_LIMIT_PER_MINUTE. */
  env?: NodeJS.ProcessEnv;
  root?: string;
  rateLimiter?: RateLimiter;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  sendMail?: (site: DealerConfig, mail: ShopperMail) => Promise<MailReceipt>;
  /** A car in the dealer's current stock; by default the stock store's cached lookup. */
  stockCar?: (site: DealerConfig, carId: string) => Vehicle | undefined;
  /** Told when a deposit takes a hold, so a real Meilisearch flags the car at once (reserved-flags.ts). */
  onHoldsChanged?: (dealer: string) => void;
}

/** Webhook bodies: a Stripe event with a full session fits well within this. */
const WEBHOOK_BODY_BYTES = 256 * 1024;
const CARD_FORM_BYTES = 4 * 1024;
const PAYMENT_ID = /^[0-9a-f-]{36}$/;

/** The key a return page's URL carries, so a shopper without an account can read their own payment. */
export function returnKey(secret: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`return:${paymentId}`).digest('base64url').slice(0, 32);
}

/** The same fields the pages check, as the classic zod objects the request validator takes. */
const reservationBody = z.strictObject(reservationFields);
const onlinePaymentBody = z.strictObject(onlinePaymentFields);

const sameText = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createCheckoutApi({
  database,
  configFor,
  providers,
  held,
  env = process.env,
  root = process.cwd(),
  rateLimiter,
  now = Date.now,
  log = console.error,
  sendMail = (site, mail) => sendShopperMail(site, mail, { env, root }),
  stockCar = createStockLookup(env),
  onHoldsChanged,
}: CheckoutApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const trust = proxyTrust(env);
  const clock = (): Date => new Date(now());
  const checkSession = sessionChecker({ database, env, now });
  const limiter = rateLimiter ?? memoryRateLimiter({ limit: Number(env.CHECKOUT_RATE_LIMIT_PER_MINUTE) > 0 ? Number(env.CHECKOUT_RATE_LIMIT_PER_MINUTE) : 30 });
  const limited = (bucket: string, times = 1): MiddlewareHandler<AppEnv> =>
    limitByAddress(limiter, { bucket, limit: limiter.limit * times, env, refuse: (c) => send(c, problem(429, TOO_MANY_TRIES)) });

  api.onError(answerFaults({ log, answer: 'Something went wrong on our side; please try again.' }));

  const site = knownDealer(configFor);
  const fromOwnSite = refuseOtherSites(async (c) => {
    const config = await configFor(c.get('dealer') ?? '');
    return config ? siteDomains(config) : [];
  });
  const db = (): LeadDb => {
    if (!database) throw new Error('checkout route reached without a database');
    return database.db;
  };
  const hasStorage: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!database) return send(c, NO_ACCOUNT_STORAGE);
    await next();
  };
  let settled: Settlement | undefined;
  const settlement = (): Settlement => (settled ??= createSettlement({ db: db(), configFor, providers, env, stockCar, sendMail, now, log, onHoldsChanged }));
  // What a shopper may reserve or ask about: only cars the site lists (a hidden one is unknown).
  // The dealer's own deposit leads (settlement) still name any car of the stock.
  const listedCar = listedCarLookup(stockCar, now);
  const holdHours = async (slug: string): Promise<number> => (await configFor(slug))?.checkout.hold_hours ?? 48;

  /**
   * The shopper: a session, or on an ungated page the email they gave and the browser they are
   * in (given a cookie now when it has none), which is all a guest's payment is ever handed to.
   */
  const shopper = async (
    c: Context,
    gated: boolean,
    email: string | undefined,
  ): Promise<{ ok: true; account_id: string | null; email: string; guest_browser: string | null } | { ok: false; response: Response }> => {
    const found: SessionCheck = await checkSession(c);
    if (found.kind === 'signed-in') return { ok: true, account_id: found.account.id, email: found.account.email, guest_browser: null };
    if (gated) return { ok: false, response: send(c, SIGN_IN_FIRST) };
    if (!email) return { ok: false, response: send(c, problem(400, CHECKOUT_MESSAGES.emailNeeded, { email: CHECKOUT_MESSAGES.emailNeeded })) };
    return { ok: true, account_id: null, email, guest_browser: guestBrowser(c, siteOrigin(c, trust).https) };
  };

  /** Starts the provider's session for a stored payment: the answer the page redirects with. */
  const start = async (
    c: Context,
    provider: PaymentProvider,
    payment: PaymentRow,
    description: string,
    cancelPath: string,
    carSlug?: string,
  ): Promise<Response> => {
    const { origin } = siteOrigin(c, trust);
    const returnUrl = `${origin}${CHECKOUT_RETURN_PAGE}?payment=${payment.id}&key=${returnKey(providers.secret(), payment.id)}${carSlug ? `&car=${carSlug}` : ''}`;
    try {
      const started = await provider.startPayment(paymentToTake(payment, description), { return_url: returnUrl, cancel_url: `${origin}${cancelPath}`, origin });
      await setProviderRef(db(), payment.id, started.provider_ref);
      return send(c, { status: 201, body: { payment_id: payment.id, redirect_url: started.redirect_url } satisfies StartedCheckout });
    } catch (error) {
      log(`checkout: ${provider.name} could not start payment ${payment.id}: ${error instanceof Error ? error.message : String(error)}`, error);
      await failStart(db(), payment.id, CHECKOUT_MESSAGES.providerDown);
      return send(c, problem(503, CHECKOUT_MESSAGES.providerDown));
    }
  };

  // --- Reservation deposit -----------------------------------------------------------------

  api.post('/checkout/reservations', site, fromOwnSite, hasStorage, limited('checkout'), jsonBody(SMALL_BODY_BYTES), validJson(reservationBody), async (c) => {
    const config = c.get('site');
    if (!config.features.enabled_pages.includes('checkout')) return send(c, problem(404, CHECKOUT_MESSAGES.checkoutOff));
    const body = c.req.valid('json');
    const who = await shopper(c, needsSignIn('checkout', config.features), body.email);
    if (!who.ok) return who.response;
    const provider = paymentProviderFor(config, providers);
    if (!provider) return send(c, problem(503, CHECKOUT_MESSAGES.providerDown));
    const car = listedCar(config, body.car_id);
    if (!car) return send(c, problem(404, CHECKOUT_MESSAGES.unknownCar, { car_id: CHECKOUT_MESSAGES.unknownCar }));
    if (car.status !== 'in_stock' || !(car.price > 0)) return send(c, problem(409, CHECKOUT_MESSAGES.notForSale));
    if (await heldReservation(db(), config.slug, body.car_id)) return send(c, problem(409, CHECKOUT_MESSAGES.alreadyReserved));
    const payment = await depositToPay(db(), {
      dealer: config.slug,
      account_id: who.account_id,
      guest_browser: who.guest_browser,
      email: who.email,
      kind: 'reservation',
      car_id: body.car_id,
      amount_minor: config.checkout.deposit * 100,
      currency: currencyOf(config),
      provider: provider.name,
      now: clock(),
    });
    return start(c, provider, payment, `Reservation deposit: ${car.name} (stock id ${car.id})`, checkoutPagePath(car.slug), car.slug);
  });

  // --- Online payment ------------------------------------------------------------------------

  api.post(
    '/checkout/online-payments',
    site,
    fromOwnSite,
    hasStorage,
    limited('online-payment'),
    jsonBody(SMALL_BODY_BYTES),
    validJson(onlinePaymentBody),
    async (c) => {
      const config = c.get('site');
      if (!config.features.enabled_pages.includes('online_payment')) return send(c, problem(404, CHECKOUT_MESSAGES.onlinePaymentOff));
      const body = c.req.valid('json');
      if (hasUnsafeCharacters(body.reference))
        return send(c, problem(400, 'Please check the highlighted fields', { reference: 'Use letters, digits and punctuation only.' }));
      const currency = currencyOf(config);
      const fields: Fields = onlinePaymentProblems(body, config.online_payment, (minor) => moneyText(minor, currency, config.locale));
      if (Object.keys(fields).length > 0) return send(c, problem(400, 'Please check the highlighted fields', fields));
      const who = await shopper(c, needsSignIn('online_payment', config.features), body.email);
      if (!who.ok) return who.response;
      const provider = paymentProviderFor(config, providers);
      if (!provider) return send(c, problem(503, CHECKOUT_MESSAGES.providerDown));
      const payment = await createPayment(db(), {
        dealer: config.slug,
        account_id: who.account_id,
        guest_browser: who.guest_browser,
        email: who.email,
        kind: 'invoice',
        reference: body.reference,
        amount_minor: amountToMinor(body.amount) ?? 0,
        currency,
        provider: provider.name,
        now: clock(),
      });
      return start(c, provider, payment, `${config.online_payment.reference_label} ${body.reference}`, '/online-payment');
    },
  );

  // --- The payment a return page reads ---------------------------------------------------------

  /**
   * Whether the one asking owns `payment`: a guest's by the key its return URL carried or the
   * browser that started it, an account's by its session. `signed-out` when only signing in
   * could tell.
   */
  const ownership = async (c: Context, payment: PaymentRow, key: string): Promise<'owner' | 'not-owner' | 'signed-out'> => {
    if (payment.account_id === null) {
      const browser = readGuestBrowser(c, siteOrigin(c, trust).https);
      const byKey = key !== '' && sameText(key, returnKey(providers.secret(), payment.id));
      const byBrowser = browser !== undefined && payment.guest_browser !== null && sameText(browser, payment.guest_browser);
      return byKey || byBrowser ? 'owner' : 'not-owner';
    }
    const found = await checkSession(c);
    if (found.kind !== 'signed-in') return 'signed-out';
    return found.account.id === payment.account_id ? 'owner' : 'not-owner';
  };

  api.get('/checkout/payments/:id', site, hasStorage, async (c) => {
    const config = c.get('site');
    const id = c.req.param('id');
    const notFound = problem(404, CHECKOUT_MESSAGES.paymentNotFound);
    if (!PAYMENT_ID.test(id)) return send(c, notFound);
    const payment = await paymentById(db(), config.slug, id);
    if (!payment) return send(c, notFound);
    const owner = await ownership(c, payment, c.req.query('key') ?? '');
    if (owner === 'signed-out') return send(c, SIGN_IN_FIRST);
    // Someone else's payment is answered as no payment at all.
    if (owner === 'not-owner') return send(c, notFound);
    return send(c, { status: 200, body: await paymentView(db(), payment) });
  });

  // --- The hold on a car, when it is the asker's own ---------------------------------------------

  /**
   * A shopper who paid a deposit and opens the car's checkout again is shown their own hold and
   * its receipt, not "reserved by another shopper". Anyone else (another account, another
   * browser, nobody signed in) gets the same 404 as for a car nobody holds: whose hold it is
   * stays private. `send` marks it no-store: the answer is personal.
   */
  api.get('/checkout/cars/:id/my-reservation', site, hasStorage, async (c) => {
    const config = c.get('site');
    const id = c.req.param('id');
    const none = problem(404, CHECKOUT_MESSAGES.noHoldOfYours);
    if (!/^[1-9][0-9]{0,15}$/.test(id)) return send(c, none);
    const hold = await heldReservation(db(), config.slug, id);
    const payment = hold ? await paymentById(db(), config.slug, hold.payment_id) : undefined;
    if (!payment || (await ownership(c, payment, '')) !== 'owner') return send(c, none);
    return send(c, { status: 200, body: await paymentView(db(), payment) });
  });

  // --- A car's availability, for its static page ------------------------------------------------

  api.get('/cars/:id/availability', site, async (c) => {
    const config = c.get('site');
    const id = c.req.param('id');
    if (!/^[1-9][0-9]{0,15}$/.test(id)) return send(c, problem(404, CHECKOUT_MESSAGES.unknownCar));
    const reserved = database ? (await held(config.slug)).ids.has(id) && listedCar(config, id) !== undefined : false;
    // Cheap and the same for everyone: a CDN may keep it a few seconds.
    c.header('Cache-Control', 'public, max-age=2');
    return c.json({ car_id: id, reserved } satisfies Availability, 200);
  });

  // --- Provider events -------------------------------------------------------------------------

  /** Verifies, stores and applies one provider event: what the webhook route and the local card page both do. */
  const receive = async (
    providerName: string,
    rawBody: string,
    headers: Headers,
    dealer: string,
  ): Promise<{ status: 200 | 400 | 404; body: Record<string, unknown> }> => {
    const provider = providerNamed(providers, providerName);
    if (!provider) return { status: 404, body: { error: 'Unknown payment provider.' } };
    const verified = provider.verifyEvent(rawBody, headers);
    if (!verified.ok) {
      log(`checkout: a ${providerName} event was refused: ${verified.reason}`);
      return { status: 400, body: { error: 'The event could not be verified.' } };
    }
    const applied = await applyEvent(db(), { provider: provider.name, event: verified.event, dealer, holdHours, now: clock() });
    if (applied.kind === 'ignored') log(`checkout: ${providerName} event ${verified.event.event_id} stored, nothing changed: ${applied.why}`);
    await settlement().followUp(applied);
    return { status: 200, body: { received: true, ...(applied.kind === 'replay' ? { replay: true } : {}) } };
  };

  api.post('/payments/webhook/:provider', hasStorage, limitBody(WEBHOOK_BODY_BYTES), async (c) => {
    const raw = await c.req.text();
    const answer = await receive(c.req.param('provider'), raw, c.req.raw.headers, c.get('dealer') ?? '');
    return send(c, answer);
  });

  // --- The local test processor's card page ----------------------------------------------------

  /** The card page's headers, on its pages and on its way back to the site alike. */
  const cardHeaders = (c: Context): void => c.set('siteHeaders', { ...platformHeaders, ...LOCAL_PAY_HEADERS });
  const backToSite = (c: Context, returnUrl: string): Response => {
    cardHeaders(c);
    return c.redirect(returnUrl, 303);
  };
  const html = (c: Context, body: string, status: 200 | 400 | 404 = 200): Response => {
    cardHeaders(c);
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    return c.html(body, status);
  };

  /** The token's session on its own dealer's host, or the page saying the link is not valid. */
  const paySession = (c: Context, config: DealerConfig) => {
    const token = c.req.param('token') ?? '';
    const session = providers.local.readSession(token);
    return session && session.dealer === config.slug ? { token, session } : undefined;
  };

  api.get('/payments/local/pay/:token', site, hasStorage, async (c) => {
    const config = c.get('site');
    const found = paySession(c, config);
    if (!found) return html(c, expiredPage(config.locale), 404);
    const payment = await paymentById(db(), config.slug, found.session.payment_id);
    if (payment?.status !== 'pending') return backToSite(c, found.session.return_url);
    return html(c, cardPage(found.session, found.token, { locale: config.locale, dealerName: config.name }));
  });

  const formText = (form: Record<string, unknown>, name: string): string => (typeof form[name] === 'string' ? form[name] : '');

  api.post('/payments/local/pay/:token', site, fromOwnSite, hasStorage, limited('card', 3), limitBody(CARD_FORM_BYTES), async (c) => {
    const config = c.get('site');
    const found = paySession(c, config);
    if (!found) return html(c, expiredPage(config.locale), 404);
    const form = await c.req.parseBody();
    const fields = { card: formText(form, 'card'), expiry: formText(form, 'expiry'), cvc: formText(form, 'cvc') };
    const error = cardFormError(fields);
    if (error) return html(c, cardPage(found.session, found.token, { locale: config.locale, dealerName: config.name, error }), 400);
    const outcome = cardOutcome(fields.card);
    if (outcome === '3ds') return html(c, threeDSecurePage(found.session, found.token, providers.local.challengeFor(found.token), { locale: config.locale }));
    const event = providers.local.signedEvent(
      found.session,
      outcome === 'succeeded' ? 'succeeded' : 'declined',
      outcome === 'declined' ? 'Card declined by the issuer.' : undefined,
    );
    await receive('local', event.body, event.headers, config.slug);
    return backToSite(c, found.session.return_url);
  });

  api.post('/payments/local/pay/:token/3ds', site, fromOwnSite, hasStorage, limited('card', 3), limitBody(CARD_FORM_BYTES), async (c) => {
    const config = c.get('site');
    const found = paySession(c, config);
    if (!found) return html(c, expiredPage(config.locale), 404);
    const form = await c.req.parseBody();
    if (!providers.local.checkChallenge(found.token, formText(form, 'challenge'))) return html(c, expiredPage(config.locale), 400);
    const approved = formText(form, 'decision') === 'approve';
    const event = providers.local.signedEvent(found.session, approved ? 'succeeded' : 'declined', approved ? undefined : '3-D Secure check failed.');
    await receive('local', event.body, event.headers, config.slug);
    return backToSite(c, found.session.return_url);
  });

  return api;
}
