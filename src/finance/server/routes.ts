/**
 * Personalised finance (mounted at /api; bodies are finance/model/quote.ts):
 *
 *   POST /finance/quote          {car_id, deposit, term_months, credit_profile? | credit_check_id?}
 *                                → 200 {car, deposit, term_months, profile, band?, frequency, currency, quotes}
 *   POST /finance/credit-check   {consent: true, first_name, last_name, date_of_birth, postcode, page?}
 *                                → 201 {id, band}, or 200 with the person's check of the last 30 days
 *
 * Only on sites whose dealer file lists `personalised_finance` (else 404). The quote needs a
 * session where the page is gated (`finance` or `equifax_finance`), or when it names a credit check. The server prices the car from
 * stock; a deposit or term outside what can be financed is a 400 naming the field. A provider that
 * cannot answer is a 503.
 *
 * A credit check always needs a signed-in shopper (whatever the gating: a band is personal), sent
 * from the dealer's own site, and is only ever about one person per account: the first check's
 * person (credit-checks.ts). Its consent is recorded with the account that gave it.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Region } from '../../platform/config/regions';
import { z } from 'zod';
import { every } from 'hono/combine';
import { financePageGate } from '../../accounts/model/gating';
import { requireSession, sessionChecker, SIGN_IN_FIRST, type AccountEnv } from '../../accounts/server/require-session';
import { accountsSecret } from '../../accounts/server/secrets';
import { siteDomains } from '../../platform/config/dealer-domains';
import { refuseOtherSites } from '../../platform/http/cross-site';
import type { SiteEnv } from '../../platform/http/dealer-site';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { answerFaults, CHECK_FIELDS, problem, send, type Fields } from '../../platform/http/answers';
import { knownDealer, type ConfigFor } from '../../platform/http/dealer-site';
import { ProviderUnavailableError, type HttpOptions, type Log } from '../../platform/http/outbound';
import { limitByAddress, memoryRateLimiter, type RateLimiter } from '../../platform/http/rate-limit';
import { jsonBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import { creditCheckFromEnv, profileForBand, type CreditBand, type CreditCheck } from '../../providers/credit-check';
import { financeQuoterFor, type CreditProfile, type FinanceQuoter } from '../../providers/finance';
import { formatDate, formatMoney } from '../../platform/formats/region';
import { downPaymentInWords } from '../../platform/formats/region-terms';
import { todayIn } from '../../platform/formats/zoned-time';
import { currencyOf } from '../../stock/model/car';
import { REGION_FREQUENCY } from '../../stock/model/repayments';
import { createStockLookup } from '../../stock/server/store';
import { listedCarLookup } from '../../search/server/listed-stock';
import type { Vehicle } from '../../stock/model/vehicle';
import { ageOn, creditCheckConsentWording, creditCheckRequestSchemaFor, quoteRequestSchemaFor } from '../model/quote';
import { bindIdentity, CHECK_REUSE_MS, creditBandOf, identityKey, recentCheck, recordCreditCheck } from './credit-checks';
import { termRange } from '../model/terms';

export interface FinanceApiOptions {
  configFor: ConfigFor;
  /** The accounts and lead database: sessions, and where credit checks are kept. */
  database?: Pick<Database, 'db' | 'kind'> | undefined;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  log?: Log;
  /** Tests pass their own. */
  quoterFor?: (site: DealerConfig) => FinanceQuoter;
  creditCheck?: CreditCheck;
  stockCar?: (site: DealerConfig, carId: string) => Vehicle | undefined;
  /** Per-address limits; in memory by default. */
  rateLimiter?: RateLimiter;
  http?: HttpOptions;
  /** The server's secret for the keyed hash of the person checked; by default ACCOUNTS_SECRET or the one kept under the working folder. */
  secret?: () => string;
}

/** The most of a car's price a deposit may be: the rest is the loan. */
export const MAX_DEPOSIT_SHARE = 0.9;
/** Quotes a minute per address: a shopper trying deposits and terms. Credit checks: a few. */
export const QUOTES_PER_MINUTE = 60;
export const CREDIT_CHECKS_PER_MINUTE = 5;

// The page's own fields (zod/mini, finance/model/quote.ts) in the object the API's validator takes.
// One per region, so a refused deposit is named as the shopper calls it (a down payment in the US).
const quoteBodyChecks = {
  AU: validJson(z.strictObject(quoteRequestSchemaFor('AU').shape)),
  NZ: validJson(z.strictObject(quoteRequestSchemaFor('NZ').shape)),
  US: validJson(z.strictObject(quoteRequestSchemaFor('US').shape)),
} as const satisfies Record<Region, unknown>;
const quoteBody: (typeof quoteBodyChecks)['AU'] = (c, next) => quoteBodyChecks[(c as unknown as Context<SiteEnv>).get('site').region](c, next);
const creditCheckBodyChecks = {
  AU: validJson(z.strictObject(creditCheckRequestSchemaFor('AU').shape)),
  NZ: validJson(z.strictObject(creditCheckRequestSchemaFor('NZ').shape)),
  US: validJson(z.strictObject(creditCheckRequestSchemaFor('US').shape)),
} as const satisfies Record<Region, unknown>;
const creditCheckBody: (typeof creditCheckBodyChecks)['AU'] = (c, next) =>
  creditCheckBodyChecks[(c as unknown as Context<SiteEnv>).get('site').region](c, next);

const invalid = (c: Context, fields: Fields) => send(c, problem(400, CHECK_FIELDS, fields));
const NOT_OFFERED = problem(404, 'Personalised finance is not offered on this site.');

export const CREDIT_CHECK_MESSAGES = {
  anotherPerson:
    'This account has already had a credit check for someone else. A credit check is only ever about the person signed in: if your details have changed, please contact us.',
  anotherAccount:
    'These details had a credit check from another account on this site. A credit check is only ever about the person signed in: sign in with that account, or contact us.',
  recent: (date: string) => `These details had a credit check in the last 30 days. You can check again from ${date}, or contact us.`,
} as const;
const UNAVAILABLE = problem(503, 'Finance quotes are not available right now. Please try again shortly.');

/** The dealer's config (knownDealer) and, on gated sites, the signed-in account (requireSession). */
export interface FinanceEnv extends AccountEnv {
  Variables: AccountEnv['Variables'] & SiteEnv['Variables'];
}

export function createFinanceApi(options: FinanceApiOptions): Hono<FinanceEnv> {
  const { configFor, database, env = process.env, now = Date.now, log = console.error } = options;
  const quoterFor = options.quoterFor ?? ((site: DealerConfig) => financeQuoterFor(site, env, { log, ...options.http }));
  const creditCheck = options.creditCheck ?? creditCheckFromEnv(env, { log, ...options.http });
  // Only cars the site lists: a hidden one is answered as a car not in stock.
  const stockCar = listedCarLookup(options.stockCar ?? createStockLookup(env, now), now);
  const limiter = options.rateLimiter ?? memoryRateLimiter({ limit: QUOTES_PER_MINUTE });
  const tooMany = (c: Context) => send(c, problem(429, 'Too many requests. Please wait a minute and try again.'));
  const signedIn = requireSession({ database, env, now }) as unknown as MiddlewareHandler<FinanceEnv>;
  const checkSession = sessionChecker({ database, env, now });
  const secret = options.secret ?? accountsSecret(env, process.cwd());

  const api = new Hono<FinanceEnv>();
  api.onError(answerFaults({ log }));

  const offered: MiddlewareHandler<FinanceEnv> = async (c, next) => {
    if (!c.get('site').features.enabled_pages.includes('personalised_finance')) return send(c, NOT_OFFERED);
    await next();
  };
  /** The session check, only where the dealer gates the page. */
  const gate =
    (gated: (site: DealerConfig) => boolean): MiddlewareHandler<FinanceEnv> =>
    async (c, next) =>
      gated(c.get('site')) ? signedIn(c, next) : next();
  const body = jsonBody(SMALL_BODY_BYTES);
  const site = knownDealer(configFor) as unknown as MiddlewareHandler<FinanceEnv>;
  const fromOwnSite = refuseOtherSites(async (c) => {
    const config = await configFor(c.get('dealer') ?? '');
    return config ? siteDomains(config) : [];
  }) as unknown as MiddlewareHandler<FinanceEnv>;

  api.post(
    '/finance/quote',
    every(site, offered, limitByAddress(limiter, { bucket: 'finance-quote', limit: QUOTES_PER_MINUTE, env, refuse: tooMany })),
    gate((s) => financePageGate(s.features) !== undefined),
    body,
    quoteBody,
    async (c) => {
      const config = c.get('site');
      const request = c.req.valid('json');
      const money = (n: number) => formatMoney(n, config.locale, currencyOf(config));

      const car = stockCar(config, request.car_id);
      if (!car) return invalid(c, { car_id: 'We could not find that car in our stock' });
      if (car.status === 'sold') return invalid(c, { car_id: 'This car has been sold' });
      if (!(car.price > 0)) return invalid(c, { car_id: 'This car has no advertised price to finance' });

      const maxDeposit = Math.floor(car.price * MAX_DEPOSIT_SHARE);
      if (request.deposit > maxDeposit) return invalid(c, { deposit: `Enter a ${downPaymentInWords(config.region)} of ${money(maxDeposit)} or less` });
      const terms = termRange(config);
      if (request.term_months < terms.min || request.term_months > terms.max) {
        return invalid(c, { term_months: `Choose a term from ${terms.min} to ${terms.max} months` });
      }

      let profile: CreditProfile;
      let band: CreditBand | undefined;
      if (request.credit_check_id) {
        if (!database) return send(c, problem(503, 'Credit checks are not available on this server.'));
        // A check is the account's own: on a site that does not gate finance the quote has not
        // asked for the session yet.
        const found = await checkSession(c);
        if (found.kind !== 'signed-in') return send(c, SIGN_IN_FIRST);
        band = await creditBandOf(database.db, config.slug, request.credit_check_id, found.account.id);
        if (!band) return invalid(c, { credit_check_id: 'Unknown credit check: please check your credit again' });
        profile = profileForBand(band);
      } else if (request.credit_profile) {
        profile = request.credit_profile;
      } else {
        return invalid(c, { credit_profile: 'Choose how you would describe your credit history' });
      }

      let quotes;
      try {
        quotes = await quoterFor(config).quote({
          car: { id: String(car.id), price: car.price, car_type: car.car_type },
          deposit: request.deposit,
          term_months: request.term_months,
          profile,
          region: config.region,
        });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) return send(c, UNAVAILABLE);
        throw error;
      }
      return c.json({
        car: { id: String(car.id), name: car.name, price: car.price },
        deposit: request.deposit,
        term_months: request.term_months,
        profile,
        ...(band ? { band } : {}),
        frequency: REGION_FREQUENCY[config.region],
        currency: currencyOf(config),
        quotes,
      });
    },
  );

  const checkLimiter = memoryRateLimiter({ limit: CREDIT_CHECKS_PER_MINUTE });
  api.post(
    '/finance/credit-check',
    every(
      site,
      offered,
      fromOwnSite,
      limitByAddress(options.rateLimiter ?? checkLimiter, { bucket: 'credit-check', limit: CREDIT_CHECKS_PER_MINUTE, env, refuse: tooMany }),
    ),
    signedIn,
    body,
    creditCheckBody,
    async (c) => {
      const config = c.get('site');
      const { consent: _agreed, page, ...identity } = c.req.valid('json');
      const at = new Date(now());
      if (ageOn(identity.date_of_birth, at) < 18) return invalid(c, { date_of_birth: 'You need to be 18 or over to apply for finance' });
      if (ageOn(identity.date_of_birth, at) > 120) return invalid(c, { date_of_birth: 'Enter your date of birth' });
      if (!database) return send(c, problem(503, 'Credit checks are not available on this server.'));
      const account = c.get('account');
      const key = identityKey(secret(), identity);
      const binding = await bindIdentity(database.db, { dealer: config.slug, accountId: account.id, key, at });
      if (binding === 'another-person') return send(c, problem(409, CREDIT_CHECK_MESSAGES.anotherPerson));
      if (binding === 'another-account') return send(c, problem(409, CREDIT_CHECK_MESSAGES.anotherAccount));
      // One enquiry a month per person: the shopper asking again gets the check already made.
      const recent = await recentCheck(database.db, { dealer: config.slug, key, now: at });
      if (recent?.account_id === account.id) return c.json({ id: recent.id, band: recent.band }, 200);
      if (recent) {
        const again = new Date(recent.checked_at.getTime() + CHECK_REUSE_MS);
        return send(c, problem(409, CREDIT_CHECK_MESSAGES.recent(formatDate(todayIn(config.time_zone, again), config.locale))));
      }
      let band: CreditBand;
      try {
        band = await creditCheck(identity);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) return send(c, problem(503, 'The credit check is not available right now. Please try again shortly.'));
        throw error;
      }
      const id = await recordCreditCheck(database.db, {
        dealer: config.slug,
        account_id: account.id,
        identity_key: key,
        consent: { wording: creditCheckConsentWording(config.region), page: page ?? null, at: at.toISOString() },
        band,
        at,
      });
      return c.json({ id, band }, 201);
    },
  );

  return api;
}
