/**
 * Shared by the tests of the /api routers for the forms' outside systems and counts (rego,
 * valuations, extra values, service slots, car types, reviews): two test dealers, a fixed clock,
 * the providers as the API builds them, and an app that mounts one router at /api with the
 * dealer named by an `x-dealer` header ('-' for a host that names no dealer; 'alpha' by default).
 */
import { Hono } from 'hono';
import type { DealerConfig, DealerConfigInput } from '../../src/platform/config/schema';
import type { AppEnv } from '../../src/platform/http/app-env';
import type { SiteEnv } from '../../src/platform/http/dealer-site';
import type { Fetch } from '../../src/platform/http/outbound';
import { providersFromEnv, type Providers } from '../../src/providers';
import type { Database } from '../../src/platform/db/open';
import { leads } from '../../src/platform/db/schema';
import { testSite } from './test-site';

/** Monday 2 June 2025, 05:00 in Brisbane. */
export const NOW = Date.parse('2025-06-02T05:00:00+10:00');
export const NOW_SECONDS = Math.floor(NOW / 1000);

const serviceLocation: DealerConfigInput['locations'][number] = {
  id: 7,
  name: 'Alpha Motors - Service',
  slug: 'alpha-service',
  location_type: 'service',
  address: { street: '2 Test St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:00', close: '17:00' })) },
};

/** A test dealer with a sales location (id 1), a service location (id 7), a Snap21 organisation and configured car-type counts. */
export function dealer(slug: string, overrides: Partial<DealerConfigInput> = {}): DealerConfig {
  const base = testSite();
  return testSite({
    slug,
    locations: [{ ...base.locations[0]!, id: 1 }, serviceLocation],
    reviews: { snap21_org_id: `snap-${slug}`, summary: { count: 80, average_rating: 4.66 } },
    search: { car_types: { new: 3, demo: 0, used: 9 } },
    ...overrides,
  });
}

/** The dealers the routers know; a test may add one for a while (and delete it after). */
export const sites: Record<string, DealerConfig> = { alpha: dealer('alpha'), beta: dealer('beta') };

export const configFor = (slug: string): DealerConfig | undefined => sites[slug];

export interface ProviderSetup {
  env?: NodeJS.ProcessEnv;
  fetch?: Fetch;
  /** Replaces providers chosen from `env`. */
  providers?: Partial<Providers>;
}

/** What a router under test is given, and the lines it logged. */
export function routerDeps({ env = {}, fetch, providers = {} }: ProviderSetup = {}) {
  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
  };
  const now = () => NOW;
  return { logs, log, now, configFor, providers: { ...providersFromEnv(env, { ...(fetch ? { fetch } : {}), log, now }), ...providers } };
}

/** An app with `router` at /api, behind the dealer-choosing middleware app.ts has. */
export function mountAtApi(router: Hono<SiteEnv>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const host = c.req.header('x-dealer');
    c.set('dealer', host === '-' ? null : (host ?? 'alpha'));
    await next();
  });
  app.route('/api', router);
  return app;
}

export const post = (app: Hono<AppEnv>, path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
  Promise.resolve(
    app.request(`/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

export const put = (app: Hono<AppEnv>, path: string, body: unknown, headers: Record<string, string> = {}) => post(app, path, body, headers, 'PUT');

export interface Answer {
  error?: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}

export const read = async (response: Response) => (await response.json()) as Answer;

/** Two Incomplete trade-in leads, `lead-alpha` for dealer alpha and `lead-beta` for beta: what valuations and miscellaneous rows attach to. */
export async function seedTradeInLeads(database: Database): Promise<void> {
  const lead = (id: string, slug: string) => ({
    id,
    dealer: slug,
    form: 'trade_in',
    category: 'trade-in',
    status: 'Incomplete',
    data: {},
    consent: { opt_in: true, wording: 'x', at: '2025-06-02T00:00:00Z' },
  });
  await database.db.insert(leads).values([lead('lead-alpha', 'alpha'), lead('lead-beta', 'beta')]);
}
