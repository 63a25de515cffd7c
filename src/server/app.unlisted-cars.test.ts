/**
 * Cars the site does not list (sold and never flagged for the website, or flagged but sold before
 * the sold window) over every route a signed-in shopper reaches: saved cars, "contact me",
 * enquiries, the reservation deposit, a car's availability and the finance quote. Each answers
 * for such a car exactly as for an id no car ever had, and nothing a browser says about a car
 * (its name, its photo) is kept over what the stock says.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountPaths } from '../accounts/model/api';
import { checkoutPaths } from '../checkout/model/api';
import { accounts, accountSavedCars, leads } from '../platform/db/schema';
import { savedCarOf } from '../saved-cars/model/saved-list';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { enquiry } from '../../tests/support/lead-api';
import { testCar } from '../../tests/support/test-car';
import { accountApp, Browser, DEALER, lastSignIn, NOW, type AccountTestApp, type Reply } from '../../tests/support/account-api';

const YEAR_2020 = Date.UTC(2020, 0, 10) / 1000;

/** A car the site lists, with what a search engine and a shopper may see. */
const LISTED = testCar({ id: 70001, slug: '2021-toyota-rav4-gx-hybrid-70001', stocknum: 'U70001', vin: 'JTMW1RFV10D070001' });
/** Sold and never flagged for the website: the dealer has not published it. */
const HIDDEN = testCar({
  id: 70002,
  slug: '2022-toyota-gr-supra-gt-70002',
  name: '2022 Toyota GR Supra GT',
  model: 'GR Supra',
  make_model: 'Toyota GR Supra',
  variant: 'GT',
  stocknum: 'PRIV-70002',
  vin: 'JTNHDDEN000070002',
  status: 'sold',
  sold_date_timestamp: Math.floor(NOW / 1000) - 3600,
  show_on_dealer_website: false,
  primary_image_url: 'https://photos.example/private-70002.jpg',
});
/** Flagged for the website, but sold long before the sold window. */
const SOLD_AND_HIDDEN = testCar({
  id: 70003,
  slug: '2019-toyota-hilux-sr5-70003',
  name: '2019 Toyota HiLux SR5',
  model: 'HiLux',
  make_model: 'Toyota HiLux',
  variant: 'SR5',
  stocknum: 'PRIV-70003',
  vin: 'MR0HDDEN000070003',
  status: 'sold',
  sold_date_timestamp: YEAR_2020,
  show_on_dealer_website: true,
});
/** No car of this dealer ever had this id. */
const NEVER = '70009';

const STOCK_DIR = mkdtempSync(path.join(tmpdir(), 'unlisted-stock-'));
writeFileSync(
  path.join(STOCK_DIR, `${DEALER}.json`),
  JSON.stringify({ dealer: DEALER, imported_at: new Date(NOW).toISOString(), source: 'test', vehicles: [LISTED, HIDDEN, SOLD_AND_HIDDEN] }),
);

/** The fixtures, with checkout and personalised finance on the main dealer (checkout gated). */
function dealersWithBuying(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'unlisted-dealers-'));
  cpSync(DEALER_FILES_DIR, dir, { recursive: true });
  const file = path.join(dir, `${DEALER}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as { features?: Record<string, unknown> };
  dealer.features = { ...dealer.features, enabled_pages: ['checkout', 'personalised_finance'], gated_pages: ['checkout'] };
  writeFileSync(file, JSON.stringify(dealer));
  return dir;
}
const DEALERS = dealersWithBuying();

/** What a browser would keep for a car, in whatever words it chose. */
const entry = (id: string) => ({ id, name: 'Some car', slug: `some-car-${id}`, make: 'Toyota', model: 'Any' });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** An answer with the car id asked about, the shopper's address and made-up ids written the same way. */
const sameness = (reply: Reply, carId: string, email: string) => ({
  status: reply.status,
  body: JSON.stringify(reply.body).replaceAll(carId, '<car>').replaceAll(email, '<email>').replace(UUID, '<uuid>'),
});

describe.each(routeTestDatabaseKinds())('cars the site does not list, on %s', (kind) => {
  const db = useTestDatabase(kind);
  let t: AccountTestApp;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    t = accountApp({
      database: db.current,
      dealersDir: DEALERS,
      env: { STOCK_DIR, LOCAL_PAYMENTS_SECRET: 'unlisted-test-secret', ACCOUNTS_RATE_LIMIT_PER_MINUTE: '1000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  });

  async function shopper(email: string): Promise<Browser> {
    const b = new Browser(t.app);
    expect((await b.post(accountPaths.signIn, { email })).status).toBe(202);
    expect((await b.post(accountPaths.verify, { email, code: lastSignIn(t.mail, email).code })).status).toBe(200);
    return b;
  }

  /** Everything a signed-in shopper can ask about one car id, in order, with each answer. */
  async function askAbout(carId: string, email: string): Promise<Record<string, ReturnType<typeof sameness>>> {
    const b = await shopper(email);
    const answers: Record<string, Reply> = {};
    answers.replace = await b.call(accountPaths.savedCars, { method: 'PUT', body: { cars: [entry(carId)] } });
    answers.merge = await b.post(accountPaths.mergeSavedCars, { cars: [entry(carId)] });
    answers.saved = await b.get(accountPaths.savedCars);
    answers.interest = await b.post(accountPaths.interest, { car_id: carId, opt_in: true });
    const lead = await b.call('/api/leads', {
      method: 'POST',
      body: enquiry({ email, car_id: carId, category: 'used-vehicle-enquiry' }),
      cookies: false,
      ip: '192.0.2.50',
    });
    expect(lead.status).toBe(201);
    answers.enquiries = await b.get(accountPaths.enquiries);
    answers.reservation = await b.post(checkoutPaths.reservations, { car_id: carId });
    answers.availability = await b.get(checkoutPaths.availability(carId));
    answers.quote = await b.post('/api/finance/quote', { car_id: carId, deposit: 1000, term_months: 48, credit_profile: 'good' });
    const text = JSON.stringify(answers);
    for (const secret of [HIDDEN, SOLD_AND_HIDDEN].flatMap((car) => [car.name, car.slug, car.vin, car.stocknum, car.model])) {
      expect(text).not.toContain(secret);
    }
    return Object.fromEntries(Object.entries(answers).map(([route, reply]) => [route, sameness(reply, carId, email)]));
  }

  it('answers a hidden car, and a sold car past the sold window, exactly as a car that never existed', async () => {
    const never = await askAbout(NEVER, 'never@example.com');
    expect(never.reservation?.status).toBe(404);
    expect(never.quote?.status).toBe(400);
    expect(never.interest?.status).toBe(400);
    expect(await askAbout(String(HIDDEN.id), 'hidden@example.com')).toEqual(never);
    expect(await askAbout(String(SOLD_AND_HIDDEN.id), 'sold@example.com')).toEqual(never);
    // Nothing was kept about them, and no lead went to the dealer from "contact me".
    expect(await db.current.db.select().from(accountSavedCars)).toEqual([]);
    expect((await db.current.db.select().from(leads)).filter((lead) => lead.data.subcategory === 'My Garage')).toEqual([]);
  });

  it("keeps a saved car's id only, taking its name, page and photo from the stock", async () => {
    const jane = await shopper('jane@example.com');
    const forged = {
      ...entry(String(LISTED.id)),
      name: 'Free car, click here',
      primary_image_url: 'https://tracker.example/pixel.gif?who=jane',
      has_nvic: true,
    };
    const fromStock = savedCarOf(LISTED);
    const replaced = await jane.call(accountPaths.savedCars, { method: 'PUT', body: { cars: [entry(NEVER), forged] } });
    expect(replaced).toMatchObject({ status: 200, body: { cars: [fromStock] } });
    expect((await jane.get(accountPaths.savedCars)).body).toEqual({ cars: [fromStock] });
    expect((await jane.post(accountPaths.mergeSavedCars, { cars: [entry(NEVER), forged] })).body).toEqual({ cars: [fromStock] });
    const rows = await db.current.db.select().from(accountSavedCars);
    expect(rows.map((row) => [row.car_id, row.entry])).toEqual([[String(LISTED.id), fromStock]]);

    // "Contact me" about it names the car as the stock does.
    const asked = await jane.post(accountPaths.interest, { car_id: String(LISTED.id), opt_in: true });
    expect(asked.status).toBe(201);
    const [lead] = await db.current.db.select().from(leads);
    expect(String(lead?.data.message)).toContain(LISTED.name);
    expect(String(lead?.data.message)).not.toContain('Free car');
  });

  it('leaves out saved entries kept before the stock was checked: invented ids and hidden cars are not answered or asked about', async () => {
    const jane = await shopper('jane@example.com');
    const [account] = await db.current.db.select().from(accounts).where(eq(accounts.email, 'jane@example.com'));
    const kept = (car: ReturnType<typeof entry> & { primary_image_url?: string }, i: number) => ({
      account_id: account!.id,
      car_id: car.id,
      entry: car,
      added_at: new Date(NOW - i),
    });
    await db.current.db
      .insert(accountSavedCars)
      .values([
        kept({ ...entry(String(LISTED.id)), primary_image_url: 'https://tracker.example/pixel.gif' }, 0),
        kept(entry(NEVER), 1),
        kept(entry(String(HIDDEN.id)), 2),
      ]);
    expect((await jane.get(accountPaths.savedCars)).body).toEqual({ cars: [savedCarOf(LISTED)] });
    const never = await jane.post(accountPaths.interest, { car_id: NEVER, opt_in: true });
    const hidden = await jane.post(accountPaths.interest, { car_id: String(HIDDEN.id), opt_in: true });
    expect(never.status).toBe(400);
    expect(sameness(hidden, String(HIDDEN.id), '')).toEqual(sameness(never, NEVER, ''));
    expect(await db.current.db.select().from(leads)).toEqual([]);
  });
});
