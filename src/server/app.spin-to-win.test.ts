/**
 * The spin-to-win routes through the whole API: a signed-in shopper spins once per campaign, the
 * server draws, a voucher prize becomes a lead in the outbox, and no way of asking again (a
 * second click, two at the same moment, another site's page) gets a second prize.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts, leads, outbox, spinDraws } from '../platform/db/schema';
import { memoryRateLimiter } from '../platform/http/rate-limit';
import { accountPaths } from '../accounts/model/api';
import { spinPaths } from '../spin-to-win/model/api';
import { drawPrize } from '../spin-to-win/model/draw';
import { VOUCHER_PATTERN } from '../spin-to-win/model/voucher';
import { SPIN_MESSAGES } from '../spin-to-win/model/words';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { accountApp, Browser, DEALER, lastSignIn, NOW, OTHER_DEALER, type AccountTestApp } from '../../tests/support/account-api';

const DAY = 24 * 60 * 60 * 1000;

/** NOW is 21 November 2025; the campaign runs through December. */
const CAMPAIGN = {
  id: 'summer-spin',
  name: 'Summer Spin',
  starts: '2025-11-01',
  ends: '2025-12-31',
  prizes: [
    { id: 'service', label: 'Free logbook service', weight: 1, stock: 5, voucher_prefix: 'SERVICE' },
    { id: 'fuel', label: '$50 fuel card', weight: 3, voucher_prefix: 'FUEL' },
    { id: 'next-time', label: 'Better luck next time', weight: 6 },
    { id: 'car', label: 'A new Corolla', weight: 0, voucher_prefix: 'CAR' },
  ],
  terms: ['One spin per account.', 'Prizes are not redeemable for cash.'],
};

/** The dealer fixtures with the main dealer running `campaign`. */
function dealersWithCampaign(campaign: object = CAMPAIGN): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spin-dealers-'));
  cpSync(DEALER_FILES_DIR, dir, { recursive: true });
  const file = path.join(dir, `${DEALER}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as { features: { enabled_pages?: string[] }; spin_to_win?: object };
  dealer.features.enabled_pages = [...(dealer.features.enabled_pages ?? []), 'spin_to_win'];
  dealer.spin_to_win = campaign;
  writeFileSync(file, JSON.stringify(dealer));
  return dir;
}

describe.each(testDatabaseKinds())('spin-to-win API on %s', (kind) => {
  const db = useTestDatabase(kind);
  let t: AccountTestApp;

  const start = (campaign: object = CAMPAIGN) => {
    t = accountApp({ database: db.current, dealersDir: dealersWithCampaign(campaign), accountLimiter: memoryRateLimiter({ limit: 1000 }) });
  };

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    await db.current.db.delete(spinDraws);
    start();
  });

  async function signedIn(email = 'jane@example.com'): Promise<Browser> {
    const browser = new Browser(t.app);
    expect((await browser.post(accountPaths.signIn, { email })).status).toBe(202);
    expect((await browser.post(accountPaths.verify, { email, code: lastSignIn(t.mail, email).code })).status).toBe(200);
    return browser;
  }

  const spin = (browser: Browser, body: unknown = { campaign: CAMPAIGN.id }) => browser.post(spinPaths.draw, body);

  it('shows the campaign without odds or stock to a signed-out shopper, and will not let them spin', async () => {
    const stranger = new Browser(t.app);
    const shown = await stranger.get(spinPaths.campaign);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toEqual({
      campaign: {
        id: CAMPAIGN.id,
        name: CAMPAIGN.name,
        starts: CAMPAIGN.starts,
        ends: CAMPAIGN.ends,
        state: 'running',
        prizes: CAMPAIGN.prizes.map(({ id, label }) => ({ id, label })),
        terms: CAMPAIGN.terms,
      },
      signedIn: false,
      draw: null,
    });
    expect(await spin(stranger)).toMatchObject({ status: 401, body: { error: 'Please sign in.' } });
    expect(await db.current.db.select().from(spinDraws)).toEqual([]);
  });

  it('draws once on the server: the prize, the audit record, the voucher and the lead in the outbox', async () => {
    const jane = await signedIn();
    const drawn = await spin(jane);
    expect(drawn.status).toBe(201);
    expect(drawn.body.new).toBe(true);
    const [row] = await db.current.db.select().from(spinDraws);
    const [account] = await db.current.db.select().from(accounts);
    expect(row).toMatchObject({ dealer: DEALER, campaign: CAMPAIGN.id, account_id: account?.id, odds: { service: 1, fuel: 3, 'next-time': 6, car: 0 } });
    expect(row?.drawn_at.getTime()).toBe(NOW);
    // The stored roll replays to the stored prize.
    expect(drawPrize(row?.odds ?? {}, Number(row?.roll))).toBe(row?.prize_id);
    const prize = CAMPAIGN.prizes.find((p) => p.id === row?.prize_id);
    expect(prize).toBeDefined();
    expect(drawn.body.draw).toEqual({ prize: { id: prize?.id, label: prize?.label }, voucher_code: row?.voucher_code, drawn_at: new Date(NOW).toISOString() });

    const stored = await db.current.db.select().from(leads);
    if (prize?.voucher_prefix) {
      expect(row?.voucher_code).toMatch(VOUCHER_PATTERN);
      expect(row?.voucher_code?.startsWith(`${prize.voucher_prefix}-`)).toBe(true);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id).toBe(row?.lead_id);
      expect(stored[0]?.data).toMatchObject({
        email: 'jane@example.com',
        subcategory: 'Spin to Win',
        spin_to_win: { prize_id: prize.id, voucher_code: row?.voucher_code },
      });
      expect(await db.current.db.select().from(outbox)).not.toHaveLength(0);
    } else {
      expect(row?.voucher_code).toBeNull();
      expect(stored).toEqual([]);
    }

    // On return the page is told the earlier result.
    expect((await jane.get(spinPaths.campaign)).body).toMatchObject({ signedIn: true, draw: drawn.body.draw });
  });

  it('answers a second spin with the first draw, never a second prize', async () => {
    const jane = await signedIn();
    const first = await spin(jane);
    for (let i = 0; i < 5; i++) {
      const again = await spin(jane);
      expect(again).toMatchObject({ status: 200, body: { new: false, draw: first.body.draw } });
    }
    // Signing in again elsewhere is the same account: still the one draw.
    const otherTab = await signedIn();
    expect(await spin(otherTab)).toMatchObject({ status: 200, body: { draw: first.body.draw } });
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(1);
    expect((await db.current.db.select().from(leads)).length).toBeLessThanOrEqual(1);
  });

  it('gives clicks at the same moment one draw between them', async () => {
    // Every draw wins a voucher here, so a second draw would also show as a second lead.
    start({ ...CAMPAIGN, prizes: CAMPAIGN.prizes.map((p) => ({ ...p, voucher_prefix: 'WIN' })) });
    const jane = await signedIn();
    const answers = await Promise.all(Array.from({ length: 8 }, () => spin(jane)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    const draws = new Set(answers.map((a) => JSON.stringify(a.body.draw)));
    expect(draws.size).toBe(1);
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(1);
    expect(await db.current.db.select().from(leads)).toHaveLength(1);
  });

  it('stops drawing a prize once its stock is won, and says so when everything is', async () => {
    start({
      ...CAMPAIGN,
      prizes: [
        { id: 'service', label: 'Free logbook service', weight: 1, stock: 1, voucher_prefix: 'SERVICE' },
        { id: 'fuel', label: '$50 fuel card', weight: 1000, stock: 1, voucher_prefix: 'FUEL' },
      ],
    });
    const first = await spin(await signedIn('a@example.com'));
    const second = await spin(await signedIn('b@example.com'));
    expect([first.status, second.status]).toEqual([201, 201]);
    const won = [first, second].map((a) => (a.body.draw as { prize: { id: string } }).prize.id).sort();
    expect(won).toEqual(['fuel', 'service']);
    const rows = await db.current.db.select().from(spinDraws);
    // The second draw's recorded odds left out the prize the first one won.
    const later = rows.find((r) => r.account_id !== rows[0]?.account_id) ?? rows[1];
    expect(Object.values(later?.odds ?? {}).filter((w) => w === 0)).toHaveLength(1);
    expect(await spin(await signedIn('c@example.com'))).toMatchObject({ status: 409, body: { error: SPIN_MESSAGES.allWon } });
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(2);
  });

  it('gives the last of a prize to one of many shoppers spinning at the same moment', async () => {
    start({
      ...CAMPAIGN,
      prizes: [
        { id: 'last-one', label: 'The last free service', weight: 1_000_000, stock: 1, voucher_prefix: 'LAST' },
        { id: 'fuel', label: '$50 fuel card', weight: 1, voucher_prefix: 'FUEL' },
      ],
    });
    const shoppers = [];
    for (let i = 0; i < 6; i++) shoppers.push(await signedIn(`shopper${i}@example.com`));
    const answers = await Promise.all(shoppers.map((b) => spin(b)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const won = answers.map((a) => (a.body.draw as { prize: { id: string } }).prize.id);
    expect(won.filter((id) => id === 'last-one')).toHaveLength(1);
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(6);
    expect(await db.current.db.select().from(leads)).toHaveLength(6);
  });

  it('refuses spins before the campaign starts and after it ends, on the dealer’s calendar', async () => {
    // 31 October 2025, 13:59 UTC is 23:59 in Brisbane: not started yet.
    t.clock.now = Date.UTC(2025, 9, 31, 13, 59);
    let jane = await signedIn();
    expect(await spin(jane)).toMatchObject({ status: 409, body: { error: SPIN_MESSAGES.notStarted } });
    expect((await jane.get(spinPaths.campaign)).body).toMatchObject({ campaign: { state: 'not-started' } });
    // 31 December 2025, 14:00 UTC is 1 January 2026 in Brisbane: ended.
    t.clock.now = Date.UTC(2025, 11, 31, 14, 0);
    jane = await signedIn();
    expect(await spin(jane)).toMatchObject({ status: 409, body: { error: SPIN_MESSAGES.ended } });
    expect((await jane.get(spinPaths.campaign)).body).toMatchObject({ campaign: { state: 'ended' } });
    expect(await db.current.db.select().from(spinDraws)).toEqual([]);
  });

  it('still shows a winner their prize after the campaign ends', async () => {
    const first = await spin(await signedIn());
    t.clock.advance(60 * DAY);
    const jane = await signedIn();
    expect(await spin(jane)).toMatchObject({ status: 200, body: { new: false, draw: first.body.draw } });
    expect((await jane.get(spinPaths.campaign)).body).toMatchObject({ campaign: { state: 'ended' }, draw: first.body.draw });
  });

  it('refuses spins sent from another site', async () => {
    const jane = await signedIn();
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
      // The browser's same-site covers sibling hosts: the Origin is checked as well.
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      expect(await jane.post(spinPaths.draw, { campaign: CAMPAIGN.id }, { headers })).toMatchObject({
        status: 403,
        body: { error: 'This form can only be sent from the dealer’s own website.' },
      });
    }
    expect(await db.current.db.select().from(spinDraws)).toEqual([]);
  });

  it('refuses hostile or stale requests with clear messages', async () => {
    const jane = await signedIn();
    expect(await spin(jane, { campaign: '<img src=x onerror=alert(1)>' })).toMatchObject({
      status: 400,
      body: { fields: { campaign: 'Reload the page and spin again.' } },
    });
    expect(await spin(jane, { campaign: CAMPAIGN.id, prize: 'car' })).toMatchObject({ status: 400 });
    expect(await spin(jane, { campaign: 'winter-spin' })).toMatchObject({ status: 409, body: { error: SPIN_MESSAGES.changed } });
    expect(await spin(jane, JSON.stringify({ campaign: 'x'.repeat(20_000) }))).toMatchObject({ status: 413 });
    expect(await jane.post(spinPaths.draw, 'campaign=summer-spin', { contentType: 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415 });
    expect(await db.current.db.select().from(spinDraws)).toEqual([]);
  });

  it('keeps the draw when the account is deleted, without the account link', async () => {
    const jane = await signedIn();
    const first = await spin(jane);
    const [account] = await db.current.db.select().from(accounts);
    expect((await jane.call(accountPaths.account, { method: 'DELETE' })).status).toBe(200);
    const [row] = await db.current.db.select().from(spinDraws);
    expect(row?.prize_id).toBe((first.body.draw as { prize: { id: string } }).prize.id);
    expect(row?.account_id).toMatch(/^deleted:[0-9a-f-]{36}$/);
    expect(row?.account_id).not.toBe(account?.id);
  });

  it('gives one prize per mailbox: deleting the account and signing up again, or with an address variant, spins no more', async () => {
    start({ ...CAMPAIGN, prizes: CAMPAIGN.prizes.map((p) => ({ ...p, voucher_prefix: 'WIN' })) });
    const jane = await signedIn('jane@example.com');
    const first = await spin(jane);
    expect(first.status).toBe(201);
    expect((await jane.call(accountPaths.account, { method: 'DELETE' })).status).toBe(200);
    // The row keeps the mailbox's keyed hash, not the address.
    const [kept] = await db.current.db.select().from(spinDraws);
    expect(kept?.email_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain('jane');

    for (const email of ['jane@example.com', 'jane+again@example.com', 'jane@example.com.']) {
      const back = await signedIn(email);
      expect(await spin(back), email).toMatchObject({ status: 200, body: { new: false, draw: first.body.draw } });
      expect((await back.get(spinPaths.campaign)).body, email).toMatchObject({ draw: first.body.draw });
    }
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(1);
    expect(await db.current.db.select().from(leads)).toHaveLength(1);
    // Someone else still spins.
    expect((await spin(await signedIn('sam@example.com'))).status).toBe(201);
  });

  it('gives variants of one address spinning at the same moment one draw between them', async () => {
    start({ ...CAMPAIGN, prizes: CAMPAIGN.prizes.map((p) => ({ ...p, voucher_prefix: 'WIN' })) });
    const variants = await Promise.all(['jane+1@example.com', 'jane+2@example.com', 'jane@example.com', 'jane@example.com.'].map((e) => signedIn(e)));
    const answers = await Promise.all(variants.map((b) => spin(b)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.draw))).size).toBe(1);
    expect(await db.current.db.select().from(spinDraws)).toHaveLength(1);
    expect(await db.current.db.select().from(leads)).toHaveLength(1);
  });

  it('has no campaign on a site that does not offer the page', async () => {
    const elsewhere = new Browser(t.app, `${OTHER_DEALER}.localhost`);
    expect(await elsewhere.get(spinPaths.campaign)).toMatchObject({ status: 404, body: { error: SPIN_MESSAGES.noCampaign } });
    expect(await elsewhere.post(spinPaths.draw, { campaign: CAMPAIGN.id })).toMatchObject({ status: 404 });
  });
});

describe('spin-to-win API without a database', () => {
  it('answers 503 like the account routes', async () => {
    const t = accountApp({ database: undefined, dealersDir: dealersWithCampaign() });
    const browser = new Browser(t.app);
    expect((await browser.get(spinPaths.campaign)).status).toBe(503);
    expect((await browser.post(spinPaths.draw, { campaign: CAMPAIGN.id })).status).toBe(503);
  });
});
