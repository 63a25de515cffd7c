import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { testSite } from '../../../tests/support/test-site';
import type { Database } from '../../platform/db/open';
import { accounts, accountSavedCars, alertSends, savedSearches, stockWatch } from '../../platform/db/schema';
import type { VehicleInput } from '../../stock/model/vehicle';
import type { ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { ALERT_CONSENT_WORDING } from '../model/api';
import { formatAlertSummary, runAlerts, type AlertRunOptions } from './alerts';

const site = testSite();
const NOW = new Date('2026-06-01T03:00:00Z');

const car = (id: number, overrides: Partial<VehicleInput> = {}) =>
  testCar({ id, slug: `2021-toyota-rav4-gx-hybrid-${id}`, stocknum: `U${id}`, vin: undefined, ...overrides });
const rav4 = car(101, { price: 38990 });
const corolla = car(102, { name: '2020 Toyota Corolla Ascent', model: 'Corolla', make_model: 'Toyota Corolla', body: 'Hatchback', price: 22990 });
const hilux = car(103, { name: '2022 Toyota HiLux SR5', model: 'HiLux', make_model: 'Toyota HiLux', body: 'Ute', price: 55990 });
const stock = [rav4, corolla, hilux];

interface AccountSpec {
  email: string;
  carAlerts?: boolean;
  consent?: boolean;
  saved?: number[];
  searches?: { name: string; path: string; alerts?: boolean }[];
}

let accountCount = 0;

async function account(database: Database, spec: AccountSpec): Promise<{ id: string; token: string }> {
  const id = `acct-${++accountCount}`;
  const token = `unsub-${accountCount}-${'x'.repeat(20)}`;
  await database.db.insert(accounts).values({
    id,
    dealer: site.slug,
    email: spec.email,
    car_alerts: spec.carAlerts ?? true,
    alert_consent: spec.consent === false ? null : { wording: ALERT_CONSENT_WORDING, page: '/my-garage', at: '2026-05-01T00:00:00Z' },
    unsubscribe_token: token,
  });
  for (const carId of spec.saved ?? []) {
    const saved = stock.find((c) => c.id === carId);
    await database.db.insert(accountSavedCars).values({
      account_id: id,
      car_id: String(carId),
      entry: {
        id: String(carId),
        name: saved?.name ?? 'A saved car',
        slug: saved?.slug ?? `car-${carId}`,
        make: saved?.make ?? 'Toyota',
        model: saved?.model ?? 'RAV4',
      },
    });
  }
  for (const [i, search] of (spec.searches ?? []).entries()) {
    await database.db.insert(savedSearches).values({ id: `${id}-s${i}`, account_id: id, name: search.name, path: search.path, alerts: search.alerts ?? true });
  }
  return { id, token };
}

/** A mail sender that keeps what it was given, and fails for the addresses in `failing`. */
function mailbox() {
  const sent: ShopperMail[] = [];
  const failing = new Set<string>();
  const send: AlertRunOptions['send'] = (_site, mail) => {
    if (failing.has(mail.to)) return Promise.reject(new Error('the SMTP server refused or failed (421)'));
    sent.push(mail);
    return Promise.resolve();
  };
  return { sent, failing, send, to: (email: string) => sent.filter((m) => m.to === email) };
}

describe.each(testDatabaseKinds())('stock alerts on %s', (kind) => {
  const db = useTestDatabase(kind);
  let box: ReturnType<typeof mailbox>;
  const logged: string[] = [];
  beforeEach(async () => {
    await resetTestDatabase(db.current);
    await db.current.db.execute(sql`TRUNCATE accounts CASCADE`);
    box = mailbox();
    logged.length = 0;
  });
  const run = (vehicles = stock, send = box.send) =>
    runAlerts({ database: db.current, site, vehicles, now: NOW, send, log: (line) => logged.push(line), env: {} });

  it('records the stock on the first run and sends nothing', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101], searches: [{ name: 'Any', path: '/search' }] });
    const summary = await run(stock.map((c) => ({ ...c, price: c.price - 1000 })));
    expect(summary.firstRun).toBe(true);
    expect(box.sent).toEqual([]);
    const watched = await db.current.db.select().from(stockWatch).where(eq(stockWatch.dealer, site.slug));
    expect(watched.map((w) => [w.car_id, w.price, w.sold]).sort()).toEqual([
      ['101', 37990, false],
      ['102', 21990, false],
      ['103', 54990, false],
    ]);
    expect(formatAlertSummary(summary)).toMatch(/^alerts fixture-motors: first run, stock recorded and nothing sent; 3 cars in \d+\.\d s$/);
  });

  it('emails a price drop on a saved car, once', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101, 102] });
    await run();
    const summary = await run([{ ...rav4, price: 36990 }, corolla, hilux]);
    expect(box.sent).toHaveLength(1);
    const [mail] = box.sent;
    expect(mail?.to).toBe('a@example.com');
    expect(mail?.subject).toBe('Price drop on the Toyota RAV4 you saved');
    expect(mail?.text).toContain('Was $38,990, now $36,990 ($2,000 less).');
    expect(mail?.text).toContain(`https://www.fixturemotors.example/cars/${rav4.slug}`);
    expect(summary.sent).toEqual({ price_drop: 1, sold: 0, new_match: 0 });
    expect(formatAlertSummary(summary)).toMatch(/1 account emailed; 1 price drop, 0 sold, 0 new matches; 3 cars in/);
    // The watch now holds the new price: nothing more to say.
    await run([{ ...rav4, price: 36990 }, corolla, hilux]);
    expect(box.sent).toHaveLength(1);
    // A further drop is news again.
    await run([{ ...rav4, price: 35990 }, corolla, hilux]);
    expect(box.sent).toHaveLength(2);
    expect(box.sent[1]?.text).toContain('Was $36,990, now $35,990');
  });

  it('emails a saved car that sold or left the stock', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101, 102] });
    await account(db.current, { email: 'b@example.com', saved: [103] });
    await run();
    await run([{ ...rav4, status: 'sold', sold_date_timestamp: 1_780_000_000 }, hilux]);
    expect(box.to('b@example.com')).toEqual([]);
    const [mail] = box.to('a@example.com');
    expect(mail?.subject).toBe('2 updates on cars you saved');
    expect(mail?.text).toContain('2021 Toyota RAV4 GX Hybrid\n  It has sold or is no longer for sale.');
    expect(mail?.text).toContain('2020 Toyota Corolla Ascent\n  It has sold or is no longer for sale.');
  });

  it('emails new cars that match a saved search, and not those that do not', async () => {
    await account(db.current, { email: 'suv@example.com', searches: [{ name: 'SUVs', path: '/search/suv?range[price]=:40000' }] });
    await account(db.current, { email: 'ute@example.com', searches: [{ name: 'Utes', path: '/search/ute' }] });
    await run([corolla, hilux]);
    const summary = await run([corolla, hilux, rav4, car(104, { price: 45990 })]);
    expect(box.to('ute@example.com')).toEqual([]);
    const [mail] = box.to('suv@example.com');
    expect(mail?.subject).toBe('A new Toyota RAV4 matches your search “SUVs”');
    expect(mail?.text).toContain(`- 2021 Toyota RAV4 GX Hybrid, $38,990\n  https://www.fixturemotors.example/cars/${rav4.slug}`);
    expect(mail?.text).not.toContain('car-104');
    expect(summary.sent.new_match).toBe(1);
  });

  it('sends nothing without consent, with car alerts off or with a search’s alerts off', async () => {
    await account(db.current, { email: 'no-consent@example.com', consent: false, saved: [101], searches: [{ name: 'SUVs', path: '/search/suv' }] });
    await account(db.current, { email: 'off@example.com', carAlerts: false, saved: [101], searches: [{ name: 'SUVs', path: '/search/suv', alerts: false }] });
    await account(db.current, { email: 'search-only@example.com', carAlerts: false, saved: [101], searches: [{ name: 'SUVs', path: '/search/suv' }] });
    await run([rav4, corolla]);
    await run([{ ...rav4, price: 30000 }, corolla, car(104)]);
    expect(box.sent.map((m) => m.to)).toEqual(['search-only@example.com']);
    expect(box.sent[0]?.subject).toBe('A new Toyota RAV4 matches your search “SUVs”');
  });

  it('groups one account’s changes into one email', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101, 102], searches: [{ name: 'Utes', path: '/search/ute' }] });
    await run([rav4, corolla]);
    await run([{ ...rav4, price: 30000 }, hilux]);
    expect(box.sent).toHaveLength(1);
    expect(box.sent[0]?.subject).toBe('3 updates on your saved cars and searches');
  });

  it('never sends the same change twice, even when a run stopped before recording the stock', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101], searches: [{ name: 'Utes', path: '/search/ute' }] });
    await run([rav4]);
    const before = await db.current.db.select().from(stockWatch);
    const changed = [{ ...rav4, price: 30000 }, hilux];
    await run(changed);
    expect(box.sent).toHaveLength(1);
    // As if the run had crashed after sending and recording its keys, before replacing the watch.
    await db.current.db.delete(stockWatch);
    await db.current.db.insert(stockWatch).values(before);
    const again = await run(changed);
    expect(box.sent).toHaveLength(1);
    expect(again.alreadySent).toBe(2);
    expect(await db.current.db.select().from(alertSends)).toHaveLength(2);
  });

  it('does not let one failing email stop the others, and sends it on the next run', async () => {
    const failing = await account(db.current, { email: 'down@example.com', saved: [101], searches: [{ name: 'Utes', path: '/search/ute' }] });
    await account(db.current, { email: 'up@example.com', saved: [101], searches: [{ name: 'Utes', path: '/search/ute' }] });
    await run([rav4]);
    box.failing.add('down@example.com');
    const first = await run([{ ...rav4, price: 30000 }, hilux]);
    expect(box.sent.map((m) => m.to)).toEqual(['up@example.com']);
    expect(first.failed).toBe(1);
    expect(logged.join('\n')).toContain(`could not email account ${failing.id}, tried again next run`);
    expect(formatAlertSummary(first)).toContain('1 account emailed (1 failed, tried again next run)');

    box.failing.clear();
    const second = await run([{ ...rav4, price: 30000 }, hilux]);
    expect(box.sent.map((m) => m.to)).toEqual(['up@example.com', 'down@example.com']);
    expect(box.sent[1]?.subject).toBe('2 updates on your saved cars and searches');
    expect(second.alreadySent).toBe(2);
    // Everyone told: the next run has nothing to send.
    await run([{ ...rav4, price: 30000 }, hilux]);
    expect(box.sent).toHaveLength(2);
  });

  it('runs once at a time for a dealer: a second run started meanwhile does nothing', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101] });
    await run([rav4]);
    const [one, two] = await Promise.all([run([{ ...rav4, price: 30000 }]), run([{ ...rav4, price: 30000 }])]);
    expect([one.busy, two.busy].sort()).toEqual([false, true]);
    expect(formatAlertSummary(one.busy ? one : two)).toBe('alerts fixture-motors: another run for this dealer is under way; nothing done');
    expect(box.sent).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('does nothing while another process runs the job for the dealer', async () => {
    await account(db.current, { email: 'a@example.com', saved: [101] });
    await run([rav4]);
    await db.current.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stock alerts'), hashtext(${site.slug}))`);
      expect((await run([{ ...rav4, price: 30000 }])).busy).toBe(true);
    });
    expect(box.sent).toHaveLength(0);
    expect((await run([{ ...rav4, price: 30000 }])).busy).toBe(false);
    expect(box.sent).toHaveLength(1);
  });

  it('finishes a run during which an account was deleted, and records the others', async () => {
    const gone = await account(db.current, { email: 'gone@example.com', saved: [101] });
    await account(db.current, { email: 'stays@example.com', saved: [101] });
    await run([rav4]);
    const deleting: AlertRunOptions['send'] = async (site, mail, options) => {
      if (mail.to === 'gone@example.com') await db.current.db.delete(accounts).where(eq(accounts.id, gone.id));
      await box.send(site, mail, options);
    };
    const summary = await run([{ ...rav4, price: 30000 }], deleting);
    expect(summary.emailed).toBe(2);
    expect((await db.current.db.select().from(alertSends)).map((row) => row.key)).toEqual([expect.stringMatching(/^acct-\d+:price_drop:101:30000$/)]);
    expect((await db.current.db.select().from(stockWatch))[0]?.price).toBe(30000);
  });

  it('leaves a saved search it cannot read out, and tells the others', async () => {
    await account(db.current, { email: 'odd@example.com', searches: [{ name: 'Odd', path: 'https://elsewhere.example/search' }] });
    await account(db.current, { email: 'ok@example.com', searches: [{ name: 'Utes', path: '/search/ute' }] });
    await run([rav4]);
    const summary = await run([rav4, hilux]);
    expect(box.sent.map((m) => m.to)).toEqual(['ok@example.com']);
    expect(summary.unreadableSearches).toBe(1);
  });

  describe('as message files', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'alerts-mail-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('carries the unsubscribe token in the headers and the body, and escapes a hostile search name', async () => {
      const { token } = await account(db.current, {
        email: 'a@example.com',
        searches: [{ name: '<script>alert("x")</script>\nBcc: b@example.com', path: '/search/ute' }],
      });
      const env = { LEADS_OUTBOX_DIR: dir };
      await runAlerts({ database: db.current, site, vehicles: [rav4], now: NOW, env });
      await runAlerts({ database: db.current, site, vehicles: [rav4, hilux], now: NOW, env });
      const folder = path.join(dir, site.slug, 'mail');
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(folder, files[0] ?? ''), 'utf8');
      const split = eml.search(/\r?\n\r?\n/);
      const head = eml.slice(0, split);
      const body = eml.slice(split);
      // Headers unfolded (long ones are folded onto indented lines), the subject's encoded words decoded.
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <https://www.fixturemotors.example/api/account/unsubscribe\\?token=${token}>$`, 'm'));
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(headers).not.toMatch(/^Bcc:/im);
      const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
      const decodedSubject = subject.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/g, (_, q: string) =>
        Buffer.from(
          q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
      );
      expect(decodedSubject).toBe('A new Toyota HiLux matches your search “<script>alert("x")</script> Bcc: b@example.com”');
      // Both parts, decoded: the page link with the token, the name escaped in the HTML.
      const decoded = Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      const html = decoded.slice(decoded.indexOf('<!doctype html>'));
      expect(decoded).toContain(`https://www.fixturemotors.example/unsubscribe?token=${token}`);
      expect(html).toContain('New for your search “&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Bcc: b@example.com”');
      expect(html).not.toContain('<script>');
    });
  });
});
