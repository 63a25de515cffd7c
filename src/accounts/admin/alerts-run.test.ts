import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER_FILES_DIR, dealerFileCopy } from '../../../tests/support/test-site';
import type { OpenForCli } from '../../leads/admin/cli';
import { accounts, accountSavedCars } from '../../platform/db/schema';
import { generateDemoStock } from '../../stock/model/demo';
import { writeStockFile } from '../../stock/server/import';
import type { ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { ALERT_CONSENT_WORDING } from '../model/api';
import { parseAlertsArgs, runAlertsCommand } from './alerts-run';

const dealersDir = DEALER_FILES_DIR;

describe('alerts:run arguments', () => {
  it('reads one dealer, a list, or none for every dealer', () => {
    expect(parseAlertsArgs([])).toEqual({});
    expect(parseAlertsArgs(['--dealer', 'a'])).toEqual({ dealers: ['a'] });
    expect(parseAlertsArgs(['--dealer=a,b', '--dealer', 'c,a'])).toEqual({ dealers: ['a', 'b', 'c'] });
  });

  it('refuses what it does not take', () => {
    expect(() => parseAlertsArgs(['--dealer'])).toThrow('--dealer needs a dealer slug');
    expect(() => parseAlertsArgs(['--all'])).toThrow('unknown option "--all"');
    expect(() => parseAlertsArgs(['kingfisher-toyota'])).toThrow('unknown option "kingfisher-toyota"');
  });
});

describe.each(testDatabaseKinds())('alerts:run on %s', (kind) => {
  const db = useTestDatabase(kind);
  const open: OpenForCli = () => Promise.resolve({ database: db.current, close: () => Promise.resolve() });
  let stockDir: string;
  const lines: string[] = [];
  const sent: ShopperMail[] = [];
  const context = () => ({
    dealersDir,
    open,
    env: { STOCK_DIR: stockDir },
    log: (line: string) => lines.push(line),
    send: (_site: unknown, mail: ShopperMail) => {
      sent.push(mail);
      return Promise.resolve();
    },
  });

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    await db.current.db.execute(sql`TRUNCATE accounts CASCADE`);
    stockDir = await mkdtemp(path.join(tmpdir(), 'alerts-run-'));
    lines.length = 0;
    sent.length = 0;
  });
  afterEach(async () => {
    await rm(stockDir, { recursive: true, force: true });
  });

  it('runs every dealer, then emails what an import changed', async () => {
    const slug = 'southern-lakes-motors';
    const site = dealerFileCopy(slug);
    const cars = generateDemoStock(site, 60);
    const saved = cars.find((car) => car.status !== 'sold' && car.price > 1000);
    if (!saved) throw new Error('no car to save');
    writeStockFile(slug, cars, 'test', { STOCK_DIR: stockDir });
    await db.current.db.insert(accounts).values({
      id: 'acct-1',
      dealer: slug,
      email: 'shopper@example.com',
      car_alerts: true,
      alert_consent: { wording: ALERT_CONSENT_WORDING, page: null, at: '2026-05-01T00:00:00Z' },
      unsubscribe_token: 'token-1',
    });
    await db.current.db.insert(accountSavedCars).values({
      account_id: 'acct-1',
      car_id: String(saved.id),
      entry: { id: String(saved.id), name: saved.name, slug: saved.slug, make: saved.make, model: saved.model },
    });

    expect(await runAlertsCommand({}, context())).toBe(true);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^alerts [a-z-]+: first run, stock recorded and nothing sent; [\d,]+ cars in \d+\.\d s$/);

    lines.length = 0;
    writeStockFile(
      slug,
      cars.map((car) => (car.id === saved.id ? { ...car, price: car.price - 500 } : car)),
      'test',
      { STOCK_DIR: stockDir },
    );
    expect(await runAlertsCommand(parseAlertsArgs(['--dealer', slug]), context())).toBe(true);
    expect(lines).toEqual([expect.stringMatching(/^alerts southern-lakes-motors: 1 account emailed; 1 price drop, 0 sold, 0 new matches; 60 cars in/)]);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([['shopper@example.com', `Price drop on the ${saved.make} ${saved.model} you saved`]]);
  });

  it('names the dealers it knows when given one it does not', async () => {
    await expect(runAlertsCommand({ dealers: ['nobody'] }, context())).rejects.toThrow(/unknown dealer "nobody"; known dealers: drivesmart-pre-owned, /);
  });
});
