/**
 * The /api routes. app.ts mounts this under /api, so routes here are written without the prefix;
 * each feature's router (search, leads, rego, valuations, ...) is a sub-app mounted here.
 */
import { Hono } from 'hono';
import type { SiteState } from '../publish/site-state';
import type { FailingDealer } from './served-dealers';
import type { AppEnv } from '../platform/http/app-env';
import { createAccountsApi, type AccountsApiOptions } from '../accounts/server/routes';
import { accountsSecret } from '../accounts/server/secrets';
import { createFinanceApi } from '../finance/server/routes';
import { createLeadsApi, type LeadsApiOptions } from '../leads/server/routes';
import { createLeadAckApi } from '../leads/server/ack-api';
import { createLeadFileApi } from '../leads/server/file-api';
import { createMiscellaneousApi } from '../leads/server/miscellaneous-api';
import { memoryLeadLimiter } from '../leads/server/rate-limit';
import { createRegoApi } from '../leads/server/rego-api';
import { createServiceSlotsApi } from '../leads/server/service-slots-api';
import { createValuationsApi } from '../leads/server/valuations-api';
import { hostNamesDealer, type ConfigFor } from '../platform/http/dealer-site';
import type { RateLimiter } from '../platform/http/rate-limit';
import { providersFromEnv } from '../providers';
import { createCarTypesApi } from '../search/server/car-types-api';
import { createSearchApi } from '../search/server/search-api';
import { createSpinToWinApi } from '../spin-to-win/server/routes';
import type { SearchIndexProvider } from '../search/server/search-indexes';
import { createReviewsApi } from './reviews-api';
import { createDealerDataApi } from './dealer-data-api';
import { createPostcodeApi } from './postcode-api';
import { createCheckoutApi, type CheckoutApiOptions } from '../checkout/server/routes';
import { createHeldCars } from '../checkout/server/held-cars';
import { paymentProvidersFromEnv } from '../providers/payments';
import { operatorOnly, operatorToken } from '../platform/http/operator-access';
import { knowDealers, platformMetrics } from '../platform/metrics/metrics';
import { createAssistantApi } from '../assistants/server/mcp-api';
import { leadSender } from '../assistants/server/lead-sender';
import { listedCarLookup } from '../search/server/listed-stock';
import { createStockLookup } from '../stock/server/store';

export interface ApiOptions {
  /** Dealers this server hosts. */
  dealers: readonly string[];
  /** Stock indexes for the embedded Meilisearch-protocol search at /api/search. */
  search: SearchIndexProvider;
  /** Counts search requests per address; by default in memory (SEARCH_RATE_LIMIT_PER_MINUTE). */
  searchLimiter?: RateLimiter;
  /** The lead routes (/leads*, /carClarityCustomer); with `storage` undefined they answer 503. */
  leads: LeadsApiOptions;
  /**
   * The account routes (/account*) keep their rows in the lead database; these are their own
   * limiter (ACCOUNTS_RATE_LIMIT_PER_MINUTE, in memory by default), clock and mail sender.
   */
  accounts?: Pick<AccountsApiOptions, 'rateLimiter' | 'now' | 'sendMail' | 'log'>;
  /**
   * The checkout routes (/checkout*, /payments*, /cars/{id}/availability): their payment
   * providers (by default from the environment), the held cars shared with the search overlay,
   * clock, mail sender and limiter.
   */
  checkout?: Partial<Pick<CheckoutApiOptions, 'providers' | 'held' | 'rateLimiter' | 'now' | 'sendMail' | 'log' | 'stockCar' | 'onHoldsChanged'>>;
  /** Each dealer's site (served build, publish running, last failure), for /api/health. */
  sites?: () => SiteState[];
  /** Dealers whose file is refused (does not read, or claims what another dealer has), for /api/health. */
  failingDealers?: () => Promise<FailingDealer[]>;
}

export function createApi({ dealers, search, searchLimiter, leads, accounts = {}, checkout = {}, sites, failingDealers }: ApiOptions): Hono<AppEnv> {
  const { configs } = leads;
  const api = new Hono<AppEnv>();

  // Acts for no dealer, so it answers on any host (a probe may ask by address). 'degraded' while a
  // delivery path fails (docs/decisions/leads.md 'Delivery'), still 200: the server takes and
  // stores leads, and a load balancer must not take it out of service for that. The dealers and
  // the failing paths (folder names, mail and webhook hosts) are shown on a development host
  // only, never to a shopper on one dealer's domain or a stranger; the server log names them too.
  // A dealer whose last publish failed still has its last good build served: 'degraded' too, and
  // its site state (on a development host) says which build and why. A dealer whose file is
  // refused (it does not read, or claims a domain or id another dealer has) is 'degraded' too, and
  // listed with its file and the reason on a development host only, as the delivery paths are.
  api.get('/health', async (c) => {
    const problems = leads.storage?.deliveryHealth?.problems() ?? [];
    const siteStates = sites?.() ?? [];
    const refused = (await failingDealers?.()) ?? [];
    const status = problems.length > 0 || refused.length > 0 || siteStates.some((site) => site.failing) ? 'degraded' : 'ok';
    if (!c.get('devHost')) return c.json({ ok: true, status });
    return c.json({
      ok: true,
      status,
      dealers: [...dealers],
      ...(sites ? { sites: siteStates } : {}),
      ...(problems.length > 0 ? { problems } : {}),
      ...(refused.length > 0 ? { failingDealers: refused } : {}),
    });
  });

  // The whole platform's Prometheus metrics (docs/decisions/metrics.md), for the operator only:
  // from this machine on a local host name, or with METRICS_TOKEN as a bearer token. Like health
  // it acts for no dealer. The dealers served here are known to the metrics as dealer label values.
  knowDealers(dealers);
  const metricsToken = operatorToken(leads.env ?? process.env, 'METRICS_TOKEN');
  api.get('/metrics', operatorOnly(metricsToken), async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      const page = await platformMetrics();
      return c.body(page.body, 200, { 'Content-Type': page.contentType });
    } catch (error) {
      console.error(`GET /api/metrics: ${error instanceof Error ? error.message : String(error)}`);
      return c.text('Metrics are not available just now.\n', 503);
    }
  });

  // Every other route acts for the dealer the Host names: on a host that names none, nothing answers.
  api.use('*', hostNamesDealer);

  api.route('/search', createSearchApi(search, { env: leads.env ?? process.env, ...(searchLimiter ? { limiter: searchLimiter } : {}) }));

  // Full paths inside (/leads, /leads/:id, /leads/with-files, /leads/:id/files, /carClarityCustomer).
  const leadsApi = createLeadsApi(leads);
  api.route('/', leadsApi);
  // /leads/:id/ack (the "I've got this" link) and /leads/ack (the CRM's signed callback).
  api.route('/', createLeadAckApi({ storage: leads.storage, configs, ...(leads.env ? { env: leads.env } : {}), ...(leads.root ? { root: leads.root } : {}) }));
  // /leads/:id/files/:fileId (a file sent with the lead, by the signed link its delivery carries).
  api.route('/', createLeadFileApi({ storage: leads.storage, ...(leads.env ? { env: leads.env } : {}), ...(leads.root ? { root: leads.root } : {}) }));

  // The routes for the forms' outside systems and counts. Each router takes full paths and puts
  // its middleware on its own routes only. A dealer file that cannot be read is an unknown
  // dealer there, not a 500.
  const configFor: ConfigFor = (slug) => configs.get(slug).catch(() => undefined);
  const env = leads.env ?? process.env;
  const now = Date.now;
  const log = (line: string) => console.error(line);
  const providers = providersFromEnv(env, { log, now, ...(leads.root ? { root: leads.root } : {}) });
  // Keyed hashes of sign-in codes, mailboxes and credit-check identities: read on first use.
  const secret = accountsSecret(env, leads.root ?? process.cwd());
  const database = leads.storage?.database;
  const storage = database ? { database } : {};
  // The lead routes' limiter (Redis when REDIS_URL is set); each router counts in its own bucket.
  const rateLimiter = leads.storage?.rateLimiter ?? memoryLeadLimiter(env);
  // Cars held by a deposit: the search overlay, the availability route and the assistant read one set.
  const held = checkout.held ?? createHeldCars(database?.db);
  api.route('/', createRegoApi({ configFor, providers, log })); // /nevdis, /simple-autograb-lookup
  api.route('/', createValuationsApi({ configFor, providers, ...storage, now, log, rateLimiter, env })); // /valuations
  api.route('/', createMiscellaneousApi({ configFor, ...storage, log, rateLimiter, env })); // /miscellaneous
  api.route('/', createServiceSlotsApi({ configFor, providers, now, log })); // /service-slots, /appointment-slots
  api.route('/', createCarTypesApi({ configFor, search, now, log })); // /car-types
  api.route('/', createReviewsApi({ configFor, providers, log })); // /reviews/snap21
  api.route('/', createDealerDataApi({ configFor, providers, log })); // /session-data, /manufacturers/:slug
  api.route('/', createPostcodeApi({ configFor, geocoder: providers.geocoder, log, rateLimiter, env })); // /postcode
  // /account/*: sign-in, sessions, saved cars and searches, alerts, enquiries, passkeys.
  api.route('/', createAccountsApi({ database, configFor, env, ...(leads.root ? { root: leads.root } : {}), secret, ...accounts }));
  // /spin-to-win, /spin-to-win/draw: the campaign and the server's draw (signed in), on the accounts' clock.
  api.route(
    '/',
    createSpinToWinApi({
      database,
      configFor,
      env,
      secret,
      ...(accounts.now ? { now: accounts.now } : {}),
      ...(accounts.log ? { log: accounts.log } : {}),
    }),
  );

  // Reservation deposits, online payments, provider webhooks, the local card page, availability.
  api.route(
    '/',
    createCheckoutApi({
      database,
      configFor,
      env,
      ...(leads.root ? { root: leads.root } : {}),
      providers: checkout.providers ?? paymentProvidersFromEnv(env, leads.root ? { root: leads.root } : {}),
      held,
      ...(accounts.now ? { now: accounts.now } : {}),
      ...(accounts.sendMail ? { sendMail: accounts.sendMail } : {}),
      ...(accounts.log ? { log: accounts.log } : {}),
      ...checkout,
    }),
  );

  // /finance/quote, /finance/credit-check: personalised finance on sites that offer it.
  api.route('/', createFinanceApi({ configFor, database, env, now, log, secret }));

  // /mcp: the agent endpoint for shoppers' AI assistants (docs/decisions/assistants.md). Its lead
  // tools post to the lead router above; its booking times are on the lead store's clock, which
  // checks them.
  api.route(
    '/',
    createAssistantApi({
      configFor,
      indexes: search,
      listedCar: listedCarLookup(checkout.stockCar ?? createStockLookup(env), now),
      held,
      providers,
      sendLead: leadSender(leadsApi),
      now: leads.storage?.now ?? now,
      env,
      ...(leads.storage?.rateLimiter ? { rateLimiter: leads.storage.rateLimiter } : {}),
    }),
  );

  // Keep last: routes added below it are never reached. An unknown API path answers in JSON like
  // the rest of the API, never with a dealer's HTML 404.
  api.all('*', (c) => c.json({ ok: false, error: 'not found' }, 404));

  return api;
}
