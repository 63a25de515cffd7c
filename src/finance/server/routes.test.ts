import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/http/app-env';
import type { DealerConfig } from '../../platform/config/schema';
import { accounts, creditCheckIdentities, creditChecks } from '../../platform/db/schema';
import { ProviderUnavailableError } from '../../platform/http/outbound';
import { SESSION_COOKIE } from '../../accounts/model/api';
import { createSession } from '../../accounts/server/sessions';
import { offlineCreditCheck, type CreditCheck } from '../../providers/credit-check';
import { rateTableQuotes, type FinanceQuoter } from '../../providers/finance';
import { resetTestDatabase, routeTestDatabaseKinds, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import type { Database } from '../../platform/db/open';
import { createFinanceApi, CREDIT_CHECK_MESSAGES } from './routes';

const NOW = Date.UTC(2026, 10, 24, 3, 0, 0);

const lenders = [
  { id: 'bank', name: 'Big Bank', rates: { excellent: 6.49, good: 7.49, fair: 9.99 }, establishment_fee: 395, monthly_fee: 8, max_term_months: 84 },
  { id: 'second-chance', name: 'Second Chance', rates: { fair: 13.95, limited: 17.95 }, max_term_months: 60 },
];

const sites: Record<string, DealerConfig> = {
  alpha: testSite({
    slug: 'alpha',
    features: { enabled_pages: ['personalised_finance'] },
    finance: { lenders, advertised: { rate: 7.49 } },
  }),
  gated: testSite({
    slug: 'gated',
    features: { enabled_pages: ['personalised_finance'], gated_pages: ['finance', 'equifax_finance'] },
    finance: { lenders },
  }),
  /** Only the Equifax step gated: the whole page, its quotes included, is car finance behind sign-in. */
  equifax: testSite({
    slug: 'equifax',
    features: { enabled_pages: ['personalised_finance'], gated_pages: ['equifax_finance'] },
    finance: { lenders },
  }),
  us: testSite({
    slug: 'us',
    region: 'US',
    locale: 'en-US',
    time_zone: 'America/Chicago',
    units: 'miles',
    features: { enabled_pages: ['personalised_finance'], phone_rule: 'us' },
    finance: { lenders },
  }),
  off: testSite({ slug: 'off', finance: { lenders } }),
};

const cars = new Map([
  ['48213', testCar()],
  // Sold yesterday and kept on the website for the sold window: the site still shows it, as sold.
  ['7', testCar({ id: 7, status: 'sold', sold_date_timestamp: Math.floor(NOW / 1000) - 86_400, show_on_dealer_website: true })],
  // Sold and never shown on the website: to a shopper, no car at all.
  ['6', testCar({ id: 6, status: 'sold', sold_date_timestamp: Math.floor(NOW / 1000) - 86_400 })],
  ['8', testCar({ id: 8, price: 0 })],
]);

function financeApp(
  database: Database | undefined,
  quoter?: FinanceQuoter,
  { now = () => NOW, creditCheck = offlineCreditCheck }: { now?: () => number; creditCheck?: CreditCheck } = {},
) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const host = c.req.header('host') ?? '';
    c.set('dealer', host.endsWith('.localhost') ? host.slice(0, -'.localhost'.length) : null);
    c.set('devHost', true);
    await next();
  });
  app.route(
    '/api',
    createFinanceApi({
      configFor: (slug) => sites[slug],
      database,
      env: {},
      now,
      log: () => undefined,
      stockCar: (_site, id) => cars.get(id),
      creditCheck,
      secret: () => 'a-test-secret-of-thirty-two-chars',
      ...(quoter ? { quoterFor: () => quoter } : {}),
    }),
  );
  return app;
}

async function post(
  app: Hono<AppEnv>,
  path: string,
  body: unknown,
  { host = 'alpha.localhost', token, headers = {} }: { host?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.request(`http://${host}/api/finance/${path}`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const quote = { car_id: '48213', deposit: 5000, term_months: 60, credit_profile: 'good' };
const identity = {
  consent: true,
  first_name: 'Sam',
  last_name: 'Fair',
  date_of_birth: '1990-04-01',
  postcode: '2000',
  page: '/personalised/finance?car_id=48213',
};

describe('POST /api/finance/quote', () => {
  const app = financeApp(undefined);

  it('prices the car from stock and quotes each lender with rate and comparison rate', async () => {
    const { status, body } = await post(app, 'quote', quote);
    expect(status).toBe(200);
    const expected = rateTableQuotes(sites.alpha!.finance.lenders, {
      car: { id: '48213', price: 38990, car_type: 'used' },
      deposit: 5000,
      term_months: 60,
      profile: 'good',
      region: 'AU',
    });
    expect(body).toEqual({
      car: { id: '48213', name: '2021 Toyota RAV4 GX Hybrid', price: 38990 },
      deposit: 5000,
      term_months: 60,
      profile: 'good',
      frequency: 'weekly',
      currency: 'AUD',
      quotes: expected,
    });
    expect(expected[0]?.comparison_rate).toBeGreaterThan(7.49);
  });

  it('quotes monthly with no comparison rate on a US site', async () => {
    const { body } = await post(app, 'quote', quote, { host: 'us.localhost' });
    expect(body.frequency).toBe('monthly');
    expect(body.currency).toBe('USD');
    expect((body.quotes as { comparison_rate?: number }[])[0]?.comparison_rate).toBeUndefined();
  });

  it('names the refused deposit a down payment on a US site', async () => {
    const us = { host: 'us.localhost' };
    expect((await post(app, 'quote', { ...quote, deposit: -5 }, us)).body.fields).toEqual({ deposit: 'Enter a down payment of 0 or more' });
    expect((await post(app, 'quote', { ...quote, deposit: -5 })).body.fields).toEqual({ deposit: 'Enter a deposit of 0 or more' });
  });

  it('answers 400 naming the field for an out-of-range deposit or term', async () => {
    expect(await post(app, 'quote', { ...quote, deposit: 38_000 })).toEqual({
      status: 400,
      body: { error: 'Please check the highlighted fields', fields: { deposit: 'Enter a deposit of $35,091 or less' } },
    });
    expect((await post(app, 'quote', { ...quote, term_months: 96 })).body.fields).toEqual({ term_months: 'Choose a term from 12 to 84 months' });
    expect((await post(app, 'quote', { ...quote, term_months: 6 })).body.fields).toHaveProperty('term_months');
    expect((await post(app, 'quote', { ...quote, deposit: -5 })).body.fields).toHaveProperty('deposit');
  });

  it('refuses unknown, sold, hidden and unpriced cars, a price from the browser, hostile and huge bodies', async () => {
    expect((await post(app, 'quote', { ...quote, car_id: '999' })).body.fields).toEqual({ car_id: 'We could not find that car in our stock' });
    expect((await post(app, 'quote', { ...quote, car_id: '7' })).body.fields).toEqual({ car_id: 'This car has been sold' });
    expect(await post(app, 'quote', { ...quote, car_id: '6' })).toEqual(await post(app, 'quote', { ...quote, car_id: '999' }));
    expect((await post(app, 'quote', { ...quote, car_id: '8' })).body.fields).toEqual({ car_id: 'This car has no advertised price to finance' });
    expect((await post(app, 'quote', { ...quote, price: 1 })).status).toBe(400);
    const hostile = await post(app, 'quote', { ...quote, car_id: '<script>alert(1)</script>' });
    expect(hostile.status).toBe(400);
    expect(JSON.stringify(hostile.body)).not.toContain('<script>');
    expect((await post(app, 'quote', '{"car_id": ')).status).toBe(400);
    expect((await post(app, 'quote', { ...quote, padding: 'x'.repeat(40_000) })).status).toBe(413);
    const { credit_profile: _, ...withoutProfile } = quote;
    expect((await post(app, 'quote', withoutProfile)).body.fields).toEqual({ credit_profile: 'Choose how you would describe your credit history' });
  });

  it('is not offered where the dealer file does not list it, nor for unknown dealers', async () => {
    expect((await post(app, 'quote', quote, { host: 'off.localhost' })).status).toBe(404);
    expect((await post(app, 'quote', quote, { host: 'nobody.localhost' })).status).toBe(404);
  });

  it('answers 503 when the broker cannot answer', async () => {
    const down: FinanceQuoter = { name: 'broker', quote: () => Promise.reject(new ProviderUnavailableError('down')) };
    expect((await post(financeApp(undefined, down), 'quote', quote)).status).toBe(503);
  });
});

describe.each(routeTestDatabaseKinds())('gated finance and credit checks on %s', (kind) => {
  const db = useTestDatabase(kind);
  let token: string;
  let accountId: string;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    accountId = randomUUID();
    await db.current.db.insert(accounts).values({ id: accountId, dealer: 'gated', email: 'jane@example.com', unsubscribe_token: randomUUID() });
    token = await createSession(db.current.db, accountId, 'gated', new Date(NOW));
  });

  it('needs a session where finance is gated', async () => {
    const app = financeApp(db.current);
    expect(await post(app, 'quote', quote, { host: 'gated.localhost' })).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    expect((await post(app, 'quote', quote, { host: 'gated.localhost', token })).status).toBe(200);
    expect((await post(app, 'credit-check', identity, { host: 'gated.localhost' })).status).toBe(401);
  });

  it('needs a session where only equifax finance is gated: the page it is on is behind sign-in', async () => {
    const app = financeApp(db.current);
    expect(await post(app, 'quote', quote, { host: 'equifax.localhost' })).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    const id = randomUUID();
    await db.current.db.insert(accounts).values({ id, dealer: 'equifax', email: 'sam@example.com', unsubscribe_token: randomUUID() });
    const own = await createSession(db.current.db, id, 'equifax', new Date(NOW));
    expect((await post(app, 'quote', quote, { host: 'equifax.localhost', token: own })).status).toBe(200);
  });

  it('keeps only the consent and the band, and the quote then uses the band', async () => {
    const app = financeApp(db.current);
    const check = await post(app, 'credit-check', identity, { host: 'gated.localhost', token });
    expect(check.status).toBe(201);
    expect(check.body.band).toBe('fair');
    const [row] = await db.current.db
      .select()
      .from(creditChecks)
      .where(eq(creditChecks.id, String(check.body.id)));
    expect(row).toMatchObject({
      dealer: 'gated',
      account_id: accountId,
      band: 'fair',
      // The words the shopper agreed to, as the checkbox shows them.
      consent: {
        wording:
          'I agree to the dealer asking Equifax for my credit score band, using the name, date of birth and postcode I give here. I understand this is a credit enquiry; only my consent and the band returned are kept, not my details.',
        page: '/personalised/finance?car_id=48213',
        at: new Date(NOW).toISOString(),
      },
    });
    expect(JSON.stringify(row)).not.toContain('1990-04-01');
    expect(JSON.stringify(row)).not.toContain('Sam');

    const { credit_profile: _, ...withoutProfile } = quote;
    const quoted = await post(app, 'quote', { ...withoutProfile, credit_check_id: check.body.id }, { host: 'gated.localhost', token });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ profile: 'fair', band: 'fair' });
    expect((quoted.body.quotes as { lender_id: string }[]).map((q) => q.lender_id)).toEqual(['bank', 'second-chance']);

    // Another dealer's site: the session is not one there.
    const unknown = await post(app, 'quote', { ...withoutProfile, credit_check_id: check.body.id }, { host: 'alpha.localhost', token });
    expect(unknown).toEqual({ status: 401, body: { error: 'Please sign in.' } });
  });

  it('refuses a check without consent, for a minor, or with markup in the name', async () => {
    const app = financeApp(db.current);
    const opts = { host: 'gated.localhost', token };
    expect((await post(app, 'credit-check', { ...identity, consent: false }, opts)).body.fields).toHaveProperty('consent');
    expect((await post(app, 'credit-check', { ...identity, date_of_birth: '2010-01-01' }, opts)).body.fields).toEqual({
      date_of_birth: 'You need to be 18 or over to apply for finance',
    });
    expect((await post(app, 'credit-check', { ...identity, last_name: '<b>x</b>' }, opts)).body.fields).toHaveProperty('last_name');
    expect(await db.current.db.select().from(creditChecks)).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('credit checks of one person, signed in, on %s', (kind) => {
  const db = useTestDatabase(kind);
  const DAY = 24 * 60 * 60 * 1000;
  let clock = NOW;
  let asked: string[] = [];
  const counting: CreditCheck = (person) => {
    asked.push(`${person.first_name} ${person.last_name}`);
    return offlineCreditCheck(person);
  };
  const app = () => financeApp(db.current, undefined, { now: () => clock, creditCheck: counting });

  /** A signed-in shopper of `dealer`: their session token and account id. */
  async function shopper(dealer = 'alpha', email = `${randomUUID()}@example.com`) {
    const id = randomUUID();
    await db.current.db.insert(accounts).values({ id, dealer, email, unsubscribe_token: randomUUID() });
    return { id, token: await createSession(db.current.db, id, dealer, new Date(clock)) };
  }

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    clock = NOW;
    asked = [];
  });

  it('needs a signed-in shopper even where finance is not gated, and tells a stranger nothing', async () => {
    const stranger = await post(app(), 'credit-check', identity);
    expect(stranger).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    expect(asked).toEqual([]);
    const { token } = await shopper();
    const own = await post(app(), 'credit-check', identity, { token });
    expect(own).toMatchObject({ status: 201, body: { band: 'fair' } });
    // The check is the account's: a quote on it needs the same session, here too.
    const { credit_profile: _, ...withoutProfile } = quote;
    expect(await post(app(), 'quote', { ...withoutProfile, credit_check_id: own.body.id })).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    expect((await post(app(), 'quote', { ...withoutProfile, credit_check_id: own.body.id }, { token })).body).toMatchObject({ band: 'fair' });
    const other = await shopper();
    expect((await post(app(), 'quote', { ...withoutProfile, credit_check_id: own.body.id }, { token: other.token })).body.fields).toEqual({
      credit_check_id: 'Unknown credit check: please check your credit again',
    });
  });

  it("refuses a check sent from another site's page, whatever Sec-Fetch-Site says", async () => {
    const { token } = await shopper();
    const otherSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of otherSites) {
      expect(await post(app(), 'credit-check', identity, { token, headers }), JSON.stringify(headers)).toEqual({
        status: 403,
        body: { error: 'This form can only be sent from the dealer’s own website.' },
      });
    }
    expect(
      (await post(app(), 'credit-check', identity, { token, headers: { 'sec-fetch-site': 'same-origin', origin: 'http://alpha.localhost' } })).status,
    ).toBe(201);
    expect(asked).toEqual(['Sam Fair']);
  });

  it('checks one person per account, and a person from one account only', async () => {
    const jane = await shopper();
    expect((await post(app(), 'credit-check', identity, { token: jane.token })).status).toBe(201);
    // Someone else's details from the same account.
    const stranger = { ...identity, first_name: 'Alex', last_name: 'Good', date_of_birth: '1985-02-03' };
    expect(await post(app(), 'credit-check', stranger, { token: jane.token })).toEqual({ status: 409, body: { error: CREDIT_CHECK_MESSAGES.anotherPerson } });
    // The same person's details from another account, however the name is typed.
    const other = await shopper();
    expect(await post(app(), 'credit-check', { ...identity, first_name: ' sam ', last_name: 'FAIR' }, { token: other.token })).toEqual({
      status: 409,
      body: { error: CREDIT_CHECK_MESSAGES.anotherAccount },
    });
    // The other account is still free to check its own person; another dealer's site is its own.
    expect((await post(app(), 'credit-check', stranger, { token: other.token })).status).toBe(201);
    const elsewhere = await shopper('us');
    expect((await post(app(), 'credit-check', identity, { host: 'us.localhost', token: elsewhere.token })).status).toBe(201);
    expect(asked).toEqual(['Sam Fair', 'Alex Good', 'Sam Fair']);
    // Only keyed hashes stand for the people.
    const kept = JSON.stringify([await db.current.db.select().from(creditChecks), await db.current.db.select().from(creditCheckIdentities)]);
    for (const detail of ['Sam', 'Fair', 'Alex', '1990-04-01', '1985-02-03']) expect(kept).not.toContain(detail);
  });

  it('asks the bureau once a month per person, records the consent with the account, and keeps the check when the account goes', async () => {
    const jane = await shopper();
    const first = await post(app(), 'credit-check', identity, { token: jane.token });
    expect(first.status).toBe(201);
    const [row] = await db.current.db.select().from(creditChecks);
    expect(row).toMatchObject({ account_id: jane.id, consent: { page: identity.page, at: new Date(NOW).toISOString() } });
    expect(row?.identity_key).toMatch(/^[0-9a-f]{64}$/);
    clock += 10 * DAY;
    expect(await post(app(), 'credit-check', identity, { token: jane.token })).toEqual({ status: 200, body: first.body });
    expect(asked).toHaveLength(1);
    clock += 21 * DAY;
    // A month on, signed in afresh (sessions last 30 days).
    const token = await createSession(db.current.db, jane.id, 'alpha', new Date(clock));
    const later = await post(app(), 'credit-check', identity, { token });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(asked).toHaveLength(2);

    // Deleting the account frees the person, but the month since the last check still stands.
    await db.current.db.delete(accounts).where(eq(accounts.id, jane.id));
    expect((await db.current.db.select().from(creditChecks)).map((r) => r.account_id)).toEqual([null, null]);
    const again = await shopper();
    expect(await post(app(), 'credit-check', identity, { token: again.token })).toEqual({
      status: 409,
      body: { error: CREDIT_CHECK_MESSAGES.recent('24 January 2027') },
    });
    expect(asked).toHaveLength(2);
  });
});
