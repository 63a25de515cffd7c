/**
 * The account API (the paths and bodies are src/accounts/model/api.ts), mounted under /api. Every
 * route acts for the dealer the Host names; a session, a sign-in code or a passkey made on one
 * dealer's site is nothing on another's.
 *
 * Every route that changes something refuses requests another site's page sent (the session
 * rides in a cookie), except the one-click unsubscribe, which mail providers post from their own
 * servers. Bodies are JSON, read within a size limit and checked by the shared schemas. Routes of
 * a signed-in shopper answer 401 'Please sign in.' without a session.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { answerFaults, problem, send, type Fields } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { proxyTrust } from '../../platform/http/client-ip';
import { refuseOtherSites } from '../../platform/http/cross-site';
import { knownDealer, type ConfigFor } from '../../platform/http/dealer-site';
import { jsonBody, limitBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { siteDomains } from '../../platform/config/dealer-domains';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { hasUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { accounts, type AlertConsent } from '../../platform/db/schema';
import { formOptionsFor } from '../../leads/model/form-options';
import { checkPhone } from '../../leads/model/phone';
import { savedCarOf, type SavedCar } from '../../saved-cars/model/saved-list';
import { sendShopperMail, type MailReceipt, type ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import {
  accountPaths,
  ALERT_CONSENT_WORDING,
  alertSettingsChangeSchema,
  interestRequestSchema,
  newSavedSearchSchema,
  savedCarsBodySchema,
  savedSearchChangeSchema,
  type DeletedAccount,
  type Enquiry,
  type Session,
} from '../model/api';
import { passkeyRegistrationSchema, passkeySignInOptionsSchema, passkeySignInSchema, PASSKEY_BODY_LIMIT } from '../model/passkeys';
import { safeReturnPath } from '../model/return-path';
import { MY_GARAGE_PATH, signInRequestSchema, verifySignInSchema } from '../model/sign-in';
import { alertSettings, changeAlerts, deleteAccount, enquiriesOf, recordAlertConsent, unsubscribe, unsubscribeState } from './account-store';
import { sendInterest } from './interest';
import { createStockLookup } from '../../stock/server/store';
import { listedCarLookup, type CarLookup } from '../../search/server/listed-stock';
import { PasskeyRefused, registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn, type RelyingParty } from './passkeys';
import { limitAddress, limitEmail, memoryAccountLimiter } from './rate-limit';
import { NO_ACCOUNT_STORAGE, requireSession, sessionChecker } from './require-session';
import { addSearch, changeSearch, deleteSearch, listSearches, mergeLists, replaceSavedCars, savedCarRow, savedCars } from './saved';
import { isToken, accountsSecret, sha256Hex } from './secrets';
import { cacheOfDb } from './session-cache';
import { createSession, endAllSessions, endSession } from './sessions';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';
import { signInLink, signInMail } from './sign-in-mail';
import { createSignIn, dropSignIn, verifyCode, verifyLink } from './sign-in-codes';
import { siteOrigin } from './site-origin';
import { wording } from '../../platform/formats/region';

export interface AccountsApiOptions {
  /** The database (the lead database); without one the routes answer 503. */
  database: Database | undefined;
  /** The dealer's config (name, domains, phone rule, lead destinations). */
  configFor: ConfigFor;
  /** TRUST_PROXY, ACCOUNTS_RATE_LIMIT_PER_MINUTE, SMTP_URL, LEADS_OUTBOX_DIR, STOCK_DIR. */
  env?: NodeJS.ProcessEnv;
  /** Project root that a relative LEADS_OUTBOX_DIR is resolved from (where mail goes without SMTP). */
  root?: string;
  /** Counts sign-ins and changes per address (Redis when the platform has it); by default in memory. */
  rateLimiter?: RateLimiter;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Sends shopper mail; by default sendShopperMail (SMTP, or a message file in the outbox folder). */
  sendMail?: (site: DealerConfig, mail: ShopperMail) => Promise<MailReceipt>;
  /** The server's secret for keyed hashes; by default ACCOUNTS_SECRET or the one kept under `root` (secrets.ts). */
  secret?: () => string;
  /** A car in the dealer's current stock; by default the stock store's cached lookup. Routes see only the cars the site lists. */
  stockCar?: CarLookup;
}

export const ACCOUNT_MESSAGES = {
  mailFailed: 'We could not send the sign-in email just now. Please try again in a few minutes.',
  consentNeeded: 'Agree to alert emails to turn alerts on.',
  searchLimit: 'You can keep up to 20 saved searches. Delete one to save another.',
  searchNotFound: 'Saved search not found.',
  notSaved: 'Save this car first: you can ask about the cars you saved.',
  badCar: 'This is not a car of this site.',
  badText: 'Use letters, digits and punctuation only.',
  unsubscribeUnknown: 'This unsubscribe link is not valid: it may be from an account that has been deleted.',
  // Only the site's own words go through the region's wording: the dealer's name is spelt as theirs.
  kept: (dealer: string, locale: string) =>
    `${wording(locale)('Enquiries you already sent, and any deposits, payments, prize draws and credit checks, stay with')} ${dealer}: they are the dealer's records of what you asked and paid. Ask ${dealer} if you want them removed.`,
} as const;

/** A saved car list (PUT, merge): 50 entries with images fit well within this. */
const SAVED_CARS_BODY_BYTES = 64 * 1024;
const SEARCH_ID = /^[0-9a-f-]{36}$/;

/** The path under /api (app.ts mounts this router there). */
const at = (path: string): string => path.slice('/api'.length);

export function createAccountsApi({
  database,
  configFor,
  env = process.env,
  root = process.cwd(),
  rateLimiter,
  now = Date.now,
  log = console.error,
  sendMail = (site, mail) => sendShopperMail(site, mail, { env, root }),
  secret = accountsSecret(env, root),
  stockCar = createStockLookup(env, now),
}: AccountsApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const limiter = rateLimiter ?? memoryAccountLimiter(env);
  const trust = proxyTrust(env);
  const clock = (): Date => new Date(now());
  const sessionOptions = { database, env, now };
  const checkSession = sessionChecker(sessionOptions);
  const signedIn = requireSession(sessionOptions);
  const listedCar = listedCarLookup(stockCar, now);
  /**
   * The saved entries of the cars among `ids` that the site lists, in order, written from the
   * stock: a list keeps only ids, and a browser's words or photo for a car are never kept.
   */
  const listedEntries = (config: DealerConfig, ids: readonly string[]): SavedCar[] =>
    ids.flatMap((id) => {
      const car = listedCar(config, id);
      const entry = car && savedCarOf(car);
      return entry ? [entry] : [];
    });
  const idsOf = (cars: readonly SavedCar[]): string[] => cars.map((car) => car.id);
  /** The account's saved cars that the site lists now. */
  const listedSaved = async (config: DealerConfig, accountId: string): Promise<SavedCar[]> => listedEntries(config, idsOf(await savedCars(db(), accountId)));

  api.onError(answerFaults({ log, answer: 'Something went wrong on our side; please try again.' }));

  const site = knownDealer(configFor);
  const fromOwnSite = refuseOtherSites(async (c) => {
    const config = await configFor(c.get('dealer') ?? '');
    return config ? siteDomains(config) : [];
  });
  const hasStorage: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!database) return send(c, NO_ACCOUNT_STORAGE);
    await next();
  };
  const db = (): Database['db'] => {
    if (!database) throw new Error('account route reached without a database');
    return database.db;
  };
  const https = (c: Context): boolean => siteOrigin(c, trust).https;
  const relyingParty = (c: Context, config: DealerConfig): RelyingParty => {
    const { origin, hostname } = siteOrigin(c, trust);
    return { dealer: config.slug, name: config.name, id: hostname, origin };
  };
  const changes = limitAddress(limiter, 'account', env);

  // --- Session -------------------------------------------------------------------------------

  // The fast path every gated page asks: one indexed lookup, no dealer file read.
  api.get(at(accountPaths.session), async (c) => {
    const found = await checkSession(c);
    if (found.kind === 'no-storage') return send(c, NO_ACCOUNT_STORAGE);
    if (found.kind === 'signed-out') {
      // A cookie that names no live session here is dropped, so the browser stops sending it.
      if (readSessionToken(c, https(c))) clearSessionCookie(c, https(c));
      return send(c, { status: 200, body: { signedIn: false } satisfies Session });
    }
    const { email, created_at, passkeys } = found.account;
    return send(c, { status: 200, body: { signedIn: true, account: { email, since: created_at.toISOString(), passkeys } } satisfies Session });
  });

  /** Ends the session this browser showed, if any: signing in again replaces it. */
  const endShownSession = async (c: Context): Promise<void> => {
    const token = readSessionToken(c, https(c));
    if (token) await endSession(db(), sha256Hex(token));
  };

  // --- Sign-in by emailed code or link ---------------------------------------------------------

  api.post(
    at(accountPaths.signIn),
    site,
    fromOwnSite,
    hasStorage,
    limitAddress(limiter, 'sign-in', env),
    jsonBody(SMALL_BODY_BYTES),
    validJson(signInRequestSchema),
    async (c) => {
      const { email, redirect } = c.req.valid('json');
      const config = c.get('site');
      const limited = await limitEmail(c, limiter, 'sign-in-email', { dealer: config.slug, email, secret: secret() });
      if (limited) return limited;
      const made = await createSignIn(db(), { dealer: config.slug, email, ...(redirect ? { redirect } : {}), now: clock(), secret: secret() });
      const link = signInLink(siteOrigin(c, trust).origin, made.token);
      try {
        await sendMail(config, signInMail(config, { to: email, code: made.code, link }));
      } catch (error) {
        // A code that never left must not replace the one in an earlier email.
        await dropSignIn(db(), made.id);
        log(`POST ${accountPaths.signIn}: the sign-in email could not be sent: ${error instanceof Error ? error.message : String(error)}`, error);
        return send(c, problem(503, ACCOUNT_MESSAGES.mailFailed));
      }
      // The same answer whether or not the address has an account.
      return send(c, { status: 202, body: { sent: true } });
    },
  );

  api.post(
    at(accountPaths.verify),
    site,
    fromOwnSite,
    hasStorage,
    limitAddress(limiter, 'verify', env),
    jsonBody(SMALL_BODY_BYTES),
    validJson(verifySignInSchema),
    async (c) => {
      const body = c.req.valid('json');
      const dealer = c.get('site').slug;
      let verified;
      if ('code' in body) {
        const limited = await limitEmail(c, limiter, 'verify-email', { dealer, email: body.email, secret: secret() });
        if (limited) return limited;
        verified = await verifyCode(db(), { dealer, email: body.email, code: body.code, now: clock(), secret: secret() });
      } else {
        verified = await verifyLink(db(), { dealer, token: body.token, now: clock() });
      }
      if (!verified.ok) return send(c, verified.problem);
      await endShownSession(c);
      setSessionCookie(c, https(c), verified.token);
      return send(c, { status: 200, body: { redirect: verified.redirect } });
    },
  );

  // --- Sign-out --------------------------------------------------------------------------------

  api.post(at(accountPaths.signOut), site, fromOwnSite, async (c) => {
    if (database) await endShownSession(c);
    clearSessionCookie(c, https(c));
    return send(c, { status: 200, body: { signedOut: true } });
  });

  api.post(at(accountPaths.signOutEverywhere), site, fromOwnSite, signedIn, async (c) => {
    const ended = await endAllSessions(db(), c.get('account').id);
    clearSessionCookie(c, https(c));
    return send(c, { status: 200, body: { signedOut: true, sessions: ended } });
  });

  // --- Saved cars ------------------------------------------------------------------------------

  api.get(at(accountPaths.savedCars), site, signedIn, async (c) =>
    send(c, { status: 200, body: { cars: await listedSaved(c.get('site'), c.get('account').id) } }),
  );

  const savedCarsBody = [changes, jsonBody(SAVED_CARS_BODY_BYTES), validJson(savedCarsBodySchema)] as const;

  api.put(at(accountPaths.savedCars), site, fromOwnSite, signedIn, ...savedCarsBody, async (c) => {
    const checked = checkCars(c.req.valid('json').cars);
    if (!checked.ok) return send(c, problem(400, 'Some saved cars are not cars of this site.', checked.fields));
    // A car the site does not list is left out, as one that never existed is.
    await replaceSavedCars(db(), c.get('account').id, listedEntries(c.get('site'), idsOf(checked.cars)), clock());
    return send(c, { status: 200, body: { cars: await listedSaved(c.get('site'), c.get('account').id) } });
  });

  api.post(at(accountPaths.mergeSavedCars), site, fromOwnSite, signedIn, ...savedCarsBody, async (c) => {
    const checked = checkCars(c.req.valid('json').cars);
    if (!checked.ok) return send(c, problem(400, 'Some saved cars are not cars of this site.', checked.fields));
    const accountId = c.get('account').id;
    const config = c.get('site');
    const merged = await db().transaction(async (tx) => {
      const list = mergeLists(listedEntries(config, idsOf(await savedCars(tx, accountId))), listedEntries(config, idsOf(checked.cars)));
      await replaceSavedCars(tx, accountId, list, clock());
      return list;
    });
    return send(c, { status: 200, body: { cars: merged } });
  });

  // --- Saved searches --------------------------------------------------------------------------

  /**
   * Turning alerts on needs consent: given now (the wording in the body, recorded) or before.
   * Answers the refusal, or undefined when alerts may go on.
   */
  const alertConsent = async (
    c: Context,
    accountId: string,
    body: { wording?: string | undefined; page?: string | undefined },
  ): Promise<Response | undefined> => {
    if (body.wording === ALERT_CONSENT_WORDING) {
      await recordAlertConsent(db(), accountId, consentRecord(body, clock()));
      return undefined;
    }
    const settings = await alertSettings(db(), accountId);
    if (settings?.consent?.wording === ALERT_CONSENT_WORDING) return undefined;
    return send(c, problem(400, ACCOUNT_MESSAGES.consentNeeded, { wording: ACCOUNT_MESSAGES.consentNeeded }));
  };

  api.get(at(accountPaths.savedSearches), site, signedIn, async (c) =>
    send(c, { status: 200, body: { searches: await listSearches(db(), c.get('account').id) } }),
  );

  api.post(at(accountPaths.savedSearches), site, fromOwnSite, signedIn, changes, jsonBody(SMALL_BODY_BYTES), validJson(newSavedSearchSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.alerts) {
      const refused = await alertConsent(c, c.get('account').id, body);
      if (refused) return refused;
    }
    const saved = await addSearch(db(), c.get('account').id, { name: body.name, path: body.path, alerts: body.alerts }, clock());
    if (!saved) return send(c, problem(409, ACCOUNT_MESSAGES.searchLimit));
    return send(c, { status: 201, body: saved });
  });

  const searchPath = `${at(accountPaths.savedSearches)}/:id`;

  api.patch(searchPath, site, fromOwnSite, signedIn, changes, jsonBody(SMALL_BODY_BYTES), validJson(savedSearchChangeSchema), async (c) => {
    const id = c.req.param('id') ?? '';
    if (!SEARCH_ID.test(id)) return send(c, problem(404, ACCOUNT_MESSAGES.searchNotFound));
    const body = c.req.valid('json');
    if (body.alerts === true) {
      const refused = await alertConsent(c, c.get('account').id, body);
      if (refused) return refused;
    }
    const changed = await changeSearch(db(), c.get('account').id, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.alerts !== undefined ? { alerts: body.alerts } : {}),
    });
    if (!changed) return send(c, problem(404, ACCOUNT_MESSAGES.searchNotFound));
    return send(c, { status: 200, body: changed });
  });

  api.delete(searchPath, site, fromOwnSite, signedIn, changes, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!SEARCH_ID.test(id) || !(await deleteSearch(db(), c.get('account').id, id))) return send(c, problem(404, ACCOUNT_MESSAGES.searchNotFound));
    return send(c, { status: 200, body: { deleted: true } });
  });

  // --- Alerts and unsubscribing ----------------------------------------------------------------

  api.get(at(accountPaths.alerts), site, signedIn, async (c) => {
    const settings = await alertSettings(db(), c.get('account').id);
    return send(c, { status: 200, body: settings ?? { car_alerts: false, consent: null } });
  });

  api.put(at(accountPaths.alerts), site, fromOwnSite, signedIn, changes, jsonBody(SMALL_BODY_BYTES), validJson(alertSettingsChangeSchema), async (c) => {
    const body = c.req.valid('json');
    const accountId = c.get('account').id;
    const consent = body.wording === ALERT_CONSENT_WORDING ? consentRecord(body, clock()) : undefined;
    if (body.car_alerts && !consent) {
      const settings = await alertSettings(db(), accountId);
      if (settings?.consent?.wording !== ALERT_CONSENT_WORDING)
        return send(c, problem(400, ACCOUNT_MESSAGES.consentNeeded, { wording: ACCOUNT_MESSAGES.consentNeeded }));
    }
    const settings = await changeAlerts(db(), accountId, { car_alerts: body.car_alerts, ...(consent ? { consent } : {}) });
    return send(c, { status: 200, body: settings ?? { car_alerts: false, consent: null } });
  });

  const unsubscribeToken = (c: Context): string | undefined => {
    const token = c.req.query('token');
    return isToken(token) ? token : undefined;
  };
  const unsubscribeLimit = limitAddress(limiter, 'unsubscribe', env);

  // What the link would turn off; the page shows it and asks for the click. A GET changes
  // nothing: mail scanners open links to check them.
  api.get(at(accountPaths.unsubscribe), site, hasStorage, unsubscribeLimit, async (c) => {
    const token = unsubscribeToken(c);
    const state = token ? await unsubscribeState(db(), c.get('site').slug, token) : undefined;
    if (!state) return send(c, problem(404, ACCOUNT_MESSAGES.unsubscribeUnknown));
    return send(c, { status: 200, body: state });
  });

  // RFC 8058 one-click: the mail provider posts `List-Unsubscribe=One-Click` from its own
  // servers, with no cookie and no page, so neither a session nor a same-site check applies.
  // The token in the address is the proof. The body is not needed, only kept small.
  api.post(at(accountPaths.unsubscribe), site, hasStorage, unsubscribeLimit, limitBody(4 * 1024), async (c) => {
    const token = unsubscribeToken(c);
    if (!token || !(await unsubscribe(db(), c.get('site').slug, token))) return send(c, problem(404, ACCOUNT_MESSAGES.unsubscribeUnknown));
    return send(c, { status: 200, body: { unsubscribed: true } });
  });

  // --- Enquiries and interest ------------------------------------------------------------------

  api.get(at(accountPaths.enquiries), site, signedIn, async (c) => {
    const account = c.get('account');
    const config = c.get('site');
    const found = await enquiriesOf(db(), config.slug, account.email);
    const enquiries: Enquiry[] = found.map(({ car_id, ...enquiry }) => {
      if (!car_id) return enquiry;
      // Named only while the site lists it: a car sold and hidden since is an id, as any unknown one.
      const car = listedCar(config, car_id);
      return { ...enquiry, car: car ? { id: car_id, name: car.name, slug: car.slug } : { id: car_id } };
    });
    return send(c, { status: 200, body: { enquiries } });
  });

  api.post(
    at(accountPaths.interest),
    site,
    fromOwnSite,
    signedIn,
    limitAddress(limiter, 'interest', env),
    jsonBody(SMALL_BODY_BYTES),
    validJson(interestRequestSchema),
    async (c) => {
      const request = c.req.valid('json');
      const config = c.get('site');
      const account = c.get('account');
      let phone: string | undefined;
      if (request.phone) {
        const checked = checkPhone(request.phone, formOptionsFor(config).phone_rule);
        if (!checked.ok) return send(c, problem(400, checked.message, { phone: checked.message }));
        phone = checked.normalised;
      }
      const row = await savedCarRow(db(), account.id, request.car_id);
      // Only about a car the site lists: one hidden since it was saved answers as one never saved.
      const car = row && listedCar(config, request.car_id);
      if (!row || !car) return send(c, problem(400, ACCOUNT_MESSAGES.notSaved, { car_id: ACCOUNT_MESSAGES.notSaved }));
      if (row.interest_lead_id) return send(c, { status: 200, body: { lead_id: row.interest_lead_id } });
      const sent = await sendInterest({
        database: db(),
        site: config,
        env,
        account,
        car,
        request: { ...request, ...(phone ? { phone } : {}) },
        origin: siteOrigin(c, trust).origin,
        now: clock(),
      });
      return send(c, { status: sent.created ? 201 : 200, body: { lead_id: sent.lead_id } });
    },
  );

  // --- Deleting the account --------------------------------------------------------------------

  api.delete(at(accountPaths.account), site, fromOwnSite, signedIn, async (c) => {
    const account = c.get('account');
    const deleted = await db().transaction((tx) => deleteAccount(tx, account));
    cacheOfDb(db())?.forgetAccount(account.id);
    clearSessionCookie(c, https(c));
    const answer: DeletedAccount = { deleted, kept: ACCOUNT_MESSAGES.kept(c.get('site').name, c.get('site').locale) };
    return send(c, { status: 200, body: answer });
  });

  // --- Passkeys --------------------------------------------------------------------------------

  const passkeyLimit = limitAddress(limiter, 'passkey', env);
  const refusedPasskey = (c: Context, error: unknown): Response => {
    if (error instanceof PasskeyRefused) return send(c, problem(400, error.message));
    throw error;
  };

  api.post(at(accountPaths.passkeyRegisterOptions), site, fromOwnSite, signedIn, passkeyLimit, async (c) => {
    try {
      return send(c, { status: 200, body: await registrationOptions(db(), relyingParty(c, c.get('site')), c.get('account'), clock()) });
    } catch (error) {
      return refusedPasskey(c, error);
    }
  });

  api.post(
    at(accountPaths.passkeyRegister),
    site,
    fromOwnSite,
    signedIn,
    passkeyLimit,
    jsonBody(PASSKEY_BODY_LIMIT),
    validJson(passkeyRegistrationSchema, 'Not a passkey answer.'),
    async (c) => {
      try {
        const response = c.req.valid('json') as Parameters<typeof registerPasskey>[3];
        const passkeys = await registerPasskey(db(), relyingParty(c, c.get('site')), c.get('account'), response, clock());
        // The session answer counts the account's passkeys.
        cacheOfDb(db())?.forgetAccount(c.get('account').id);
        return send(c, { status: 201, body: { registered: true, passkeys } });
      } catch (error) {
        return refusedPasskey(c, error);
      }
    },
  );

  api.post(
    at(accountPaths.passkeySignInOptions),
    site,
    fromOwnSite,
    hasStorage,
    passkeyLimit,
    jsonBody(SMALL_BODY_BYTES),
    validJson(passkeySignInOptionsSchema),
    async (c) => {
      try {
        return send(c, { status: 200, body: await signInOptions(db(), relyingParty(c, c.get('site')), c.req.valid('json').redirect, clock()) });
      } catch (error) {
        return refusedPasskey(c, error);
      }
    },
  );

  api.post(
    at(accountPaths.passkeySignIn),
    site,
    fromOwnSite,
    hasStorage,
    passkeyLimit,
    jsonBody(PASSKEY_BODY_LIMIT),
    validJson(passkeySignInSchema, 'Not a passkey answer.'),
    async (c) => {
      let signedInAs: { accountId: string; redirect?: string };
      const at = clock();
      try {
        signedInAs = await verifyPasskeySignIn(db(), relyingParty(c, c.get('site')), c.req.valid('json'), at);
      } catch (error) {
        return refusedPasskey(c, error);
      }
      const token = await db().transaction(async (tx) => {
        await tx.update(accounts).set({ last_sign_in_at: at }).where(eq(accounts.id, signedInAs.accountId));
        return createSession(tx, signedInAs.accountId, c.get('site').slug, at);
      });
      await endShownSession(c);
      setSessionCookie(c, https(c), token);
      return send(c, { status: 200, body: { redirect: safeReturnPath(signedInAs.redirect) ?? MY_GARAGE_PATH } });
    },
  );

  return api;
}

/** The consent record for alert emails: the words shown, on which page of the site, and when. */
function consentRecord(body: { wording?: string | undefined; page?: string | undefined }, at: Date): AlertConsent {
  return { wording: ALERT_CONSENT_WORDING, page: safeReturnPath(body.page) ?? null, at: at.toISOString() };
}

/**
 * A list of saved cars as sent: each entry must make a saved car (savedCarOf) whose text is
 * free of control characters; repeats keep the first. Undefined entries are refused by index.
 */
export function checkCars(list: readonly unknown[]): { ok: true; cars: SavedCar[] } | { ok: false; fields: Fields } {
  const fields: Fields = {};
  const cars: SavedCar[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const car = savedCarOf(item);
    if (!car) {
      fields[`cars.${i}`] = ACCOUNT_MESSAGES.badCar;
      return;
    }
    if ([car.name, car.make, car.model].some((text) => hasUnsafeCharacters(text, false))) {
      fields[`cars.${i}`] = ACCOUNT_MESSAGES.badText;
      return;
    }
    if (seen.has(car.id)) return;
    seen.add(car.id);
    cars.push(car);
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, cars };
}
