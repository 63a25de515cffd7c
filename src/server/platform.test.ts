import { request } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { accounts, accountSavedCars, leads, outbox, stockWatch } from '../platform/db/schema';
import { DEALER, enquiry } from '../../tests/support/lead-api';
import { DEALER_FILES_DIR, dealerFileCopy } from '../../tests/support/test-site';
import { ALERT_CONSENT_WORDING } from '../accounts/model/api';
import { generateDemoStock } from '../stock/model/demo';
import { writeStockFile } from '../stock/server/import';
import { startPlatform } from './platform';

const root = mkdtempSync(path.join(tmpdir(), 'platform-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('shows an outbox folder it cannot write at start-up and in /api/health, while leads are still stored and their delivery retried', async () => {
  const blocker = path.join(root, 'a-file');
  writeFileSync(blocker, '');
  const warnings: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const platform = await startPlatform({
    paths: { root, dealersDir: DEALER_FILES_DIR, distDir: path.join(root, 'dist') },
    dealers: [DEALER],
    defaultDealer: DEALER,
    port: 0,
    env: {
      LEADS_DB_DIR: path.join(root, 'db'),
      LEADS_OUTBOX_DIR: path.join(blocker, 'outbox'),
      LEADS_FILES_DIR: path.join(root, 'files'),
      LEADS_OUTBOX_POLL_MS: '20',
    },
    holder: 'the platform test',
  });
  try {
    expect(warnings.join('\n')).toMatch(/^leads: WARNING the outbox folder \(LEADS_OUTBOX_DIR\) cannot be written: .* \(ENOTDIR\); leads are still stored/m);
    const base = `http://127.0.0.1:${(platform.server?.address() as AddressInfo).port}`;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      ok: true,
      status: 'degraded',
      dealers: [DEALER],
      sites: [expect.objectContaining({ slug: DEALER, failing: false }) as unknown],
      problems: [{ channel: 'outbox folder', reason: expect.stringMatching(/ENOTDIR/) as unknown, since: expect.any(String) as unknown }],
    });
    // A stranger's host learns that delivery is degraded, not the folder, the dealers or the reason.
    const strangers = await new Promise<string>((resolve, reject) => {
      const req = request(`${base}/api/health`, { headers: { Host: 'www.stranger.example' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(strangers)).toEqual({ ok: true, status: 'degraded' });

    const sent = await fetch(`${base}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(enquiry()) });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    expect(await platform.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).toHaveLength(1);
    // The worker tried, failed, and keeps the row to try again.
    await expect
      .poll(async () => (await platform.database.db.select().from(outbox).where(eq(outbox.lead_id, id)))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'pending', attempts: 1, last_error: 'could not write to the outbox folder (ENOTDIR)' });
    expect(((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status).toBe('degraded');
  } finally {
    await platform.close();
    warn.mockRestore();
    quiet.mockRestore();
  }
}, 180_000);

it('emails shoppers’ alerts when a dealer’s stock changes while it runs', async () => {
  const slug = 'southern-lakes-motors';
  const dir = mkdtempSync(path.join(root, 'alerts-'));
  const env = {
    LEADS_DB_DIR: path.join(dir, 'db'),
    LEADS_OUTBOX_DIR: path.join(dir, 'outbox'),
    LEADS_FILES_DIR: path.join(dir, 'files'),
    STOCK_DIR: path.join(dir, 'stock'),
    ALERTS_POLL_MS: '100',
  };
  const cars = generateDemoStock(dealerFileCopy(slug), 30);
  const saved = cars.find((car) => car.status !== 'sold' && car.price > 1000);
  if (!saved) throw new Error('no car to save');
  writeStockFile(slug, cars, 'test', env);
  const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const platform = await startPlatform({
    paths: { root, dealersDir: DEALER_FILES_DIR, distDir: path.join(root, 'dist') },
    dealers: [slug],
    defaultDealer: slug,
    port: 0,
    env,
    holder: 'the platform test',
  });
  try {
    const { db } = platform.database;
    await db.insert(accounts).values({
      id: 'acct-1',
      dealer: slug,
      email: 'shopper@example.com',
      car_alerts: true,
      alert_consent: { wording: ALERT_CONSENT_WORDING, page: null, at: '2026-05-01T00:00:00Z' },
      unsubscribe_token: 'token-1',
    });
    await db.insert(accountSavedCars).values({ account_id: 'acct-1', car_id: String(saved.id), entry: { ...saved, id: String(saved.id) } });
    await expect.poll(async () => (await db.select().from(stockWatch)).length, { timeout: 10_000 }).toBe(30);

    const file = writeStockFile(
      slug,
      cars.map((car) => (car.id === saved.id ? { ...car, price: car.price - 1000 } : car)),
      'test',
      env,
    );
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    const folder = path.join(dir, 'outbox', slug, 'mail');
    await expect.poll(() => readdirSync(folder, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml')).length, { timeout: 10_000 }).toBe(1);
    const [eml] = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    expect(readFileSync(path.join(folder, eml ?? ''), 'utf8')).toMatch(/^Subject: Price drop on the /m);
    // The run's summary is printed once the run ends, a moment after its mail is written.
    await expect.poll(() => said.mock.calls.flat().join('\n'), { timeout: 10_000 }).toMatch(/alerts southern-lakes-motors: 1 account emailed; 1 price drop/);
  } finally {
    await platform.close();
    said.mockRestore();
  }
}, 180_000);
