import { mkdtempSync, readdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDealer } from '../../platform/config/load';
import { accounts, accountSavedCars, leads, outbox, savedSearches, sessions, signInCodes } from '../../platform/db/schema';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { startOutboxWorker } from '../../leads/delivery/outbox/worker';
import { loadStock } from '../../stock/server/store';
import { MAX_SAVED_CARS, savedCarOf, type SavedCar } from '../../saved-cars/model/saved-list';
import { listedVehicles } from '../../search/server/listed-stock';
import { accountPaths, ALERT_CONSENT_WORDING, INTEREST_CONSENT_WORDING, MAX_SAVED_SEARCHES, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../model/api';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { enquiry, NOW } from '../../../tests/support/lead-api';
import { accountApp, Browser, DEALER, lastSignIn, OTHER_DEALER, sentMail, type AccountTestApp } from '../../../tests/support/account-api';
import { SIGN_IN_MESSAGES } from './sign-in-codes';
import { sha256Hex } from './secrets';

const JANE = 'jane@example.com';
const DAY = 24 * 60 * 60 * 1000;
/** No imported feed: the fixture dealer's demo stock. */
const STOCK_DIR = mkdtempSync(path.join(tmpdir(), 'account-stock-'));
const site = loadDealer(DEALER, DEALER_FILES_DIR);
// The cars the site lists at the test clock: the only ones a shopper can save or ask about.
const stock = listedVehicles(site, loadStock(site, { STOCK_DIR }), Math.floor(NOW / 1000));
const usedCar =
  stock.find((car) => car.car_type === 'used') ??
  (() => {
    throw new Error('the fixture dealer has no used demo car');
  })();
/** The entry the server keeps for a saved car: the stock's, whatever the browser sent. */
const entryOf = (car: (typeof stock)[number]): SavedCar => savedCarOf(car)!;
const cars = stock.slice(0, 60).map(entryOf);

/** A copy of the dealer fixtures where the main dealer also posts leads to a webhook. */
function dealersWithWebhook(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'account-dealers-'));
  cpSync(DEALER_FILES_DIR, dir, { recursive: true });
  const file = path.join(dir, `${DEALER}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as { leads?: Record<string, unknown> };
  dealer.leads = { ...dealer.leads, destinations: [{ type: 'webhook', url: 'https://crm.example/leads', secret_env: 'CRM_SECRET' }] };
  writeFileSync(file, JSON.stringify(dealer));
  return dir;
}

describe.each(routeTestDatabaseKinds())('account API on %s', (kind) => {
  const db = useTestDatabase(kind);
  let t: AccountTestApp;
  let browser: Browser;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    t = accountApp({ database: db.current, env: { STOCK_DIR } });
    browser = new Browser(t.app);
  });

  /** Asks for a code and signs in with it; answers the verify reply. */
  async function signIn(b: Browser = browser, email = JANE, extra: Record<string, unknown> = {}) {
    const asked = await b.post(accountPaths.signIn, { email, ...extra });
    expect(asked.status).toBe(202);
    return b.post(accountPaths.verify, { email, code: lastSignIn(t.mail, email).code });
  }

  const session = async (b: Browser = browser) => (await b.get(accountPaths.session)).body;

  describe('signing in by emailed code', () => {
    it('emails a code and a link to the sign-in page, then signs in with the code and goes where it was asked', async () => {
      const asked = await browser.post(accountPaths.signIn, { email: '  Jane@Example.com ', type: 'finance', redirect: '/finance?step=2' });
      expect(asked).toMatchObject({ status: 202, body: { sent: true } });

      // Without SMTP the message is a file in the dealer's outbox mail folder, as a newcomer finds it.
      const [written] = sentMail(t.outboxDir);
      expect(written?.to).toContain(JANE);
      expect(written?.subject).toBe(`${written?.code} is your sign-in code for ${site.name}`);
      expect(written?.code).toMatch(/^\d{6}$/);
      expect(written?.link).toBe(`http://${DEALER}.localhost/sign-in?token=${written?.token}`);
      expect(written?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Only hashes are kept.
      const [row] = await db.current.db.select().from(signInCodes);
      expect(row).toMatchObject({ dealer: DEALER, email: JANE, redirect: '/finance?step=2', attempts: 0, used_at: null });
      expect(row?.token_hash).toBe(sha256Hex(written?.token ?? ''));
      expect(JSON.stringify(row)).not.toContain(written?.code);
      expect(JSON.stringify(row)).not.toContain(written?.token);
      expect(row?.expires_at.getTime()).toBe(NOW + 15 * 60 * 1000);

      const verified = await browser.post(accountPaths.verify, { email: JANE, code: `${written?.code.slice(0, 3)} ${written?.code.slice(3)}` });
      expect(verified).toMatchObject({ status: 200, body: { redirect: '/finance?step=2' } });
      const [cookie] = verified.cookies;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`));

      const [account] = await db.current.db.select().from(accounts);
      expect(account).toMatchObject({ dealer: DEALER, email: JANE, car_alerts: false, alert_consent: null });
      expect(account?.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(account?.last_sign_in_at?.getTime()).toBe(NOW);
      const [stored] = await db.current.db.select().from(sessions);
      expect(stored).toMatchObject({ account_id: account?.id, dealer: DEALER, id: sha256Hex(browser.jar.get(SESSION_COOKIE) ?? '') });
      expect(stored?.expires_at.getTime()).toBe(NOW + 30 * DAY);

      const reply = await browser.get(accountPaths.session);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.body).toEqual({ signedIn: true, account: { email: JANE, since: new Date(NOW).toISOString(), passkeys: 0 } });
    });

    it('gives the same answer for any address, and keeps one account per dealer and address', async () => {
      await signIn();
      const known = await new Browser(t.app).post(accountPaths.signIn, { email: JANE });
      const unknown = await new Browser(t.app).post(accountPaths.signIn, { email: 'nobody@example.com' });
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);

      const second = new Browser(t.app);
      expect((await signIn(second)).status).toBe(200);
      expect(await db.current.db.select().from(accounts)).toHaveLength(1);
      expect(await db.current.db.select().from(sessions)).toHaveLength(2);
      // The same address on another dealer's site is another account.
      const elsewhere = new Browser(t.app, `${OTHER_DEALER}.localhost`);
      await elsewhere.post(accountPaths.signIn, { email: JANE });
      expect((await elsewhere.post(accountPaths.verify, { email: JANE, code: lastSignIn(t.mail, JANE).code })).status).toBe(200);
      expect((await db.current.db.select().from(accounts)).map((a) => a.dealer).sort()).toEqual([DEALER, OTHER_DEALER].sort());
    });

    it('refuses a code used once already', async () => {
      expect((await signIn()).status).toBe(200);
      const again = await new Browser(t.app).post(accountPaths.verify, { email: JANE, code: lastSignIn(t.mail, JANE).code });
      expect(again).toMatchObject({ status: 400, body: { error: SIGN_IN_MESSAGES.codeRefused, fields: { code: SIGN_IN_MESSAGES.codeRefused } } });
      expect(again.cookies).toEqual([]);
    });

    it('refuses a code past its 15 minutes', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      t.clock.advance(15 * 60 * 1000);
      const late = await browser.post(accountPaths.verify, { email: JANE, code: lastSignIn(t.mail, JANE).code });
      expect(late).toMatchObject({ status: 400, body: { error: SIGN_IN_MESSAGES.codeRefused } });
      expect(await session()).toEqual({ signedIn: false });
    });

    it('counts wrong codes and kills the code at the fifth: a sixth try fails even with the right code', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      const { code } = lastSignIn(t.mail, JANE);
      const wrong = code === '000000' ? '000001' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(String((await browser.post(accountPaths.verify, { email: JANE, code: wrong })).body.error));
      expect(answers).toEqual(Array.from({ length: 5 }, () => SIGN_IN_MESSAGES.codeRefused));
      expect((await db.current.db.select().from(signInCodes))[0]?.attempts).toBe(5);
      const right = await browser.post(accountPaths.verify, { email: JANE, code });
      expect(right).toMatchObject({ status: 400, body: { error: SIGN_IN_MESSAGES.codeRefused } });
      expect(await db.current.db.select().from(accounts)).toHaveLength(0);
      // A new code works again.
      expect((await signIn()).status).toBe(200);
    });

    it('takes only the newest email: asking again replaces the earlier code and link', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      const first = lastSignIn(t.mail, JANE);
      await browser.post(accountPaths.signIn, { email: JANE });
      const second = lastSignIn(t.mail, JANE);
      expect(second.code === first.code || second.token === first.token).toBe(false);
      expect((await browser.post(accountPaths.verify, { token: first.token })).body.error).toBe(SIGN_IN_MESSAGES.replaced);
      expect((await browser.post(accountPaths.verify, { email: JANE, code: second.code })).status).toBe(200);
    });

    it('answers every code that does not sign in alike: no code asked for, a wrong one, a used one, a dead one', async () => {
      const refusal = (reply: { status: number; body: unknown; headers: Headers }) => ({ status: reply.status, body: reply.body });
      const refused = { status: 400, body: { error: SIGN_IN_MESSAGES.codeRefused, fields: { code: SIGN_IN_MESSAGES.codeRefused } } };
      // An address that never asked, and one with an account but no code waiting.
      expect(refusal(await browser.post(accountPaths.verify, { email: 'nobody@example.com', code: '123456' }))).toEqual(refused);
      await signIn(new Browser(t.app), 'sam@example.com');
      expect(refusal(await browser.post(accountPaths.verify, { email: 'sam@example.com', code: '123456' }))).toEqual(refused);
      // A code waiting, and a wrong guess at it.
      await browser.post(accountPaths.signIn, { email: JANE });
      const { code } = lastSignIn(t.mail, JANE);
      const wrong = code === '000000' ? '000001' : '000000';
      expect(refusal(await browser.post(accountPaths.verify, { email: JANE, code: wrong }))).toEqual(refused);
      expect((await browser.post(accountPaths.verify, { email: JANE, code })).status).toBe(200);
      // The same code again, used.
      expect(refusal(await new Browser(t.app).post(accountPaths.verify, { email: JANE, code }))).toEqual(refused);
    });

    it('refuses malformed bodies with the shared schemas', async () => {
      expect(await browser.post(accountPaths.signIn, { email: 'not an address' })).toMatchObject({
        status: 400,
        body: { fields: { email: 'invalid email address' } },
      });
      expect((await browser.post(accountPaths.signIn, { email: JANE, admin: true })).status).toBe(400);
      expect((await browser.post(accountPaths.verify, { email: JANE, code: '12345' })).status).toBe(400);
      expect((await browser.post(accountPaths.verify, 'email=jane@example.com', { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
      expect((await browser.post(accountPaths.verify, '{"email":', {})).status).toBe(400);
      expect((await browser.post(accountPaths.signIn, { email: `${'a'.repeat(20_000)}@example.com` })).status).toBe(413);
    });

    it('reports a sign-in email that could not be sent, and the earlier email still works', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      const earlier = lastSignIn(t.mail, JANE);
      const logs: string[] = [];
      const broken = accountApp({ database: db.current, mailFails: true, log: (line) => logs.push(line) });
      const refused = await new Browser(broken.app).post(accountPaths.signIn, { email: JANE });
      expect(refused).toMatchObject({ status: 503, body: { error: 'We could not send the sign-in email just now. Please try again in a few minutes.' } });
      expect(logs.join('\n')).toMatch(/sign-in email could not be sent: connect ECONNREFUSED/);
      expect(await db.current.db.select().from(signInCodes)).toHaveLength(1);
      expect((await browser.post(accountPaths.verify, { email: JANE, code: earlier.code })).status).toBe(200);
    });
  });

  describe('the code as stored', () => {
    const SECRET = 'a-server-secret-of-forty-characters-long';
    it('is a keyed hash: a copy of the table does not give the code back, and only a server with the secret takes it', async () => {
      const keyed = accountApp({ database: db.current, env: { ACCOUNTS_SECRET: SECRET } });
      await new Browser(keyed.app).post(accountPaths.signIn, { email: JANE });
      const { code } = lastSignIn(keyed.mail, JANE);
      const [row] = await db.current.db.select().from(signInCodes);
      if (!row) throw new Error('no sign-in row');
      // Trying every code against the stored hash, as anyone with a copy of the table could.
      let found: string | undefined;
      for (let n = 0; n < 1_000_000 && !found; n++) {
        const guess = String(n).padStart(6, '0');
        if (sha256Hex(`${row.id}:${guess}`) === row.code_hash) found = guess;
      }
      expect(found).toBeUndefined();
      expect(row.code_hash).not.toContain(code);
      // Another secret is another server: the code means nothing there.
      const other = accountApp({ database: db.current, env: { ACCOUNTS_SECRET: SECRET.replace('a-', 'b-') } });
      expect((await new Browser(other.app).post(accountPaths.verify, { email: JANE, code })).status).toBe(400);
      expect((await new Browser(keyed.app).post(accountPaths.verify, { email: JANE, code })).status).toBe(200);
    });

    it('refuses to start with an ACCOUNTS_SECRET too short to be a secret', () => {
      expect(() => accountApp({ database: db.current, env: { ACCOUNTS_SECRET: 'short' } })).toThrow(/ACCOUNTS_SECRET must be at least 32 characters/);
    });
  });

  describe('signing in by emailed link', () => {
    it('signs in with the token the link carries, once, and goes to My Garage when nothing else was asked', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      const { token } = lastSignIn(t.mail, JANE);
      expect(await browser.post(accountPaths.verify, { token })).toMatchObject({ status: 200, body: { redirect: '/my-garage' } });
      expect((await session()).signedIn).toBe(true);
      const replay = await new Browser(t.app).post(accountPaths.verify, { token });
      expect(replay).toMatchObject({ status: 400, body: { error: SIGN_IN_MESSAGES.linkUsed, fields: { token: SIGN_IN_MESSAGES.linkUsed } } });
    });

    it('refuses an expired link, an unknown one, and one made on another dealer’s site', async () => {
      await browser.post(accountPaths.signIn, { email: JANE });
      const { token } = lastSignIn(t.mail, JANE);
      const elsewhere = await new Browser(t.app, `${OTHER_DEALER}.localhost`).post(accountPaths.verify, { token });
      expect(elsewhere.body.error).toBe(SIGN_IN_MESSAGES.linkUnknown);
      expect((await browser.post(accountPaths.verify, { token: 'A'.repeat(43) })).body.error).toBe(SIGN_IN_MESSAGES.linkUnknown);
      t.clock.advance(15 * 60 * 1000 + 1);
      expect((await browser.post(accountPaths.verify, { token })).body.error).toBe(SIGN_IN_MESSAGES.linkExpired);
    });

    it('builds the link on the address the shopper used: https on a dealer domain, with a __Host- cookie', async () => {
      const secure = new Browser(t.app, 'www.kingfishertoyota.example', 'https');
      await secure.post(accountPaths.signIn, { email: JANE });
      const { token, link } = lastSignIn(t.mail, JANE);
      expect(link).toBe(`https://www.kingfishertoyota.example/sign-in?token=${token}`);
      const verified = await secure.post(accountPaths.verify, { token });
      expect(verified.cookies[0]).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax$`));
      expect((await session(secure)).signedIn).toBe(true);
      // The plain name means nothing there.
      const plain = new Browser(t.app, 'www.kingfishertoyota.example', 'https');
      plain.jar.set(SESSION_COOKIE, secure.jar.get(SECURE_SESSION_COOKIE) ?? '');
      expect(await session(plain)).toEqual({ signedIn: false });
    });

    it('believes X-Forwarded-Proto on a development host only when TRUST_PROXY names a proxy', async () => {
      const forwarded = { headers: { 'x-forwarded-proto': 'https' } };
      await browser.post(accountPaths.signIn, { email: JANE }, forwarded);
      expect(lastSignIn(t.mail, JANE).link).toMatch(/^http:\/\/kingfisher-toyota\.localhost\/sign-in/);
      const proxied = accountApp({ database: db.current, env: { TRUST_PROXY: '1' } });
      const behind = new Browser(proxied.app);
      await behind.post(accountPaths.signIn, { email: JANE }, forwarded);
      const { link, token } = lastSignIn(proxied.mail, JANE);
      expect(link).toMatch(/^https:\/\/kingfisher-toyota\.localhost\/sign-in/);
      expect((await behind.post(accountPaths.verify, { token }, forwarded)).cookies[0]).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=.*; Secure;`));
    });
  });

  describe('where sign-in goes next', () => {
    it('refuses other sites and API routes as the redirect, going to My Garage instead', async () => {
      for (const [i, redirect] of ['//evil.com', 'https://evil.com/x', '/\\evil.com', '/a/..//evil.com', '/api/account/sign-out', '/%61pi/account'].entries()) {
        const b = new Browser(t.app);
        const verified = await signIn(b, `shopper${i}@example.com`, { redirect });
        expect(verified.body, redirect).toEqual({ redirect: '/my-garage' });
      }
    });
  });

  describe('rate limits', () => {
    it('limits codes sent to one address, from any number of machines', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await browser.post(accountPaths.signIn, { email: JANE }, { ip: `198.51.100.${i}` })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const limited = await browser.post(accountPaths.signIn, { email: JANE }, { ip: '198.51.100.9' });
      expect(limited.body).toEqual({ error: 'Too many tries. Please wait a minute and try again.' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(t.mail).toHaveLength(3);
    });

    it('limits sign-ins and guesses from one machine', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await browser.post(accountPaths.signIn, { email: `shopper${i}@example.com` })).status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(10);
      expect(statuses.at(-1)).toBe(429);
      const guesses: number[] = [];
      for (let i = 0; i < 11; i++)
        guesses.push((await browser.post(accountPaths.verify, { email: `shopper${i}@example.com`, code: '000000' }, { ip: '192.0.2.1' })).status);
      expect(guesses.at(-1)).toBe(429);
    });

    /** An app whose limiter runs on the test clock, moved to the start of a day. */
    const onTheClock = () => {
      const clocked = accountApp({ database: db.current, accountLimiter: memoryRateLimiter({ limit: 10, now: () => clocked.clock.now }) });
      clocked.clock.advance(DAY - (clocked.clock.now % DAY));
      return clocked;
    };

    it('counts +tag, trailing-dot and case variants of an address as one mailbox, while mail goes to the address typed', async () => {
      const variants = ['jane+cars@example.com', 'Jane@Example.com.', 'jane+1@example.com', 'JANE@example.com'];
      const statuses: number[] = [];
      for (const [i, email] of variants.entries()) statuses.push((await browser.post(accountPaths.signIn, { email }, { ip: `198.51.100.${i}` })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(t.mail.map((m) => m.to)).toEqual(['jane+cars@example.com', 'jane@example.com.', 'jane+1@example.com']);
      // Guesses too: ten a minute for the mailbox, whichever variant they name.
      const guesses: number[] = [];
      for (let i = 0; i < 11; i++)
        guesses.push((await browser.post(accountPaths.verify, { email: variants[i % 4], code: '000000' }, { ip: `192.0.2.${i}` })).status);
      expect(guesses.at(-1)).toBe(429);
    });

    it('caps sign-in emails to a mailbox at 5 an hour and 10 a day, the wait growing each time', async () => {
      const clocked = onTheClock();
      const b = new Browser(clocked.app);
      let ip = 0;
      const ask = () => b.post(accountPaths.signIn, { email: JANE }, { ip: `198.51.100.${ip++}` });
      const wait = (reply: { headers: Headers }) => Number(reply.headers.get('retry-after'));
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(202);
      const minute = await ask();
      expect(minute.status).toBe(429);
      expect(wait(minute)).toBeLessThanOrEqual(60);
      clocked.clock.advance(60_000);
      for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(202);
      const hour = await ask();
      expect(hour).toMatchObject({ status: 429, body: { error: 'Too many tries. Please wait 59 minutes and try again.' } });
      expect(wait(hour)).toBe(59 * 60);
      clocked.clock.advance(60 * 60_000);
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(202);
      clocked.clock.advance(60_000);
      for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(202);
      clocked.clock.advance(60 * 60_000);
      const day = await ask();
      expect(day).toMatchObject({ status: 429, body: { error: 'Too many tries for this address. Please try again in 22 hours.' } });
      expect(wait(day)).toBeGreaterThan(21 * 60 * 60);
      expect(clocked.mail).toHaveLength(10);
      clocked.clock.advance(22 * 60 * 60_000);
      expect((await ask()).status).toBe(202);
    });

    it('caps code tries for a mailbox at 30 a day, from any number of machines', async () => {
      const clocked = onTheClock();
      const b = new Browser(clocked.app);
      let ip = 0;
      const guess = () => b.post(accountPaths.verify, { email: JANE, code: '000000' }, { ip: `192.0.2.${ip++}` });
      for (let minute = 0; minute < 3; minute++) {
        for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(400);
        clocked.clock.advance(60_000);
      }
      const refused = await guess();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
      // The right code waits for tomorrow too: the link in the same email still works.
      await b.post(accountPaths.signIn, { email: JANE });
      const { code, token } = lastSignIn(clocked.mail, JANE);
      expect((await b.post(accountPaths.verify, { email: JANE, code })).status).toBe(429);
      expect((await b.post(accountPaths.verify, { token })).status).toBe(200);
    });

    it('counts in the limiter it is given (Redis in production)', async () => {
      const limiter = memoryRateLimiter({ limit: 1 });
      const shared = accountApp({ database: db.current, accountLimiter: limiter });
      const b = new Browser(shared.app);
      expect((await b.post(accountPaths.verify, { email: JANE, code: '000000' })).status).toBe(400);
      expect((await b.post(accountPaths.verify, { email: JANE, code: '000000' })).status).toBe(429);
    });

    it('takes its limit from ACCOUNTS_RATE_LIMIT_PER_MINUTE', async () => {
      const strict = accountApp({ database: db.current, env: { ACCOUNTS_RATE_LIMIT_PER_MINUTE: '2' } });
      const b = new Browser(strict.app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await b.post(accountPaths.signIn, { email: `s${i}@example.com` })).status);
      expect(statuses).toEqual([202, 202, 429]);
    });
  });

  describe('requests from other sites', () => {
    it('refuses every state-changing route when the browser says another site sent it', async () => {
      await signIn();
      const crossSite = { headers: { 'sec-fetch-site': 'cross-site' } };
      const evilOrigin = { headers: { 'sec-fetch-site': '', origin: 'https://evil.example' } };
      // Same-site by the browser's word, but from a page that is not the dealer's.
      const sameSiteEvil = { headers: { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' } };
      const sibling = { headers: { 'sec-fetch-site': 'same-site', origin: 'http://evil.localhost' } };
      const attempts: [string, string, unknown][] = [
        ['POST', accountPaths.signIn, { email: JANE }],
        ['POST', accountPaths.verify, { email: JANE, code: '123456' }],
        ['POST', accountPaths.signOut, undefined],
        ['POST', accountPaths.signOutEverywhere, undefined],
        ['PUT', accountPaths.savedCars, { cars: [] }],
        ['POST', accountPaths.mergeSavedCars, { cars: [] }],
        ['POST', accountPaths.savedSearches, { name: 'Utes', path: '/search/used-cars' }],
        ['PUT', accountPaths.alerts, { car_alerts: false }],
        ['POST', accountPaths.interest, { car_id: '1', opt_in: true }],
        ['DELETE', accountPaths.account, undefined],
        ['POST', accountPaths.passkeyRegisterOptions, undefined],
        ['POST', accountPaths.passkeySignInOptions, {}],
      ];
      for (const [method, target, body] of attempts) {
        for (const headers of [crossSite, evilOrigin, sameSiteEvil, sibling]) {
          const reply = await browser.call(target, { method, body, ...headers });
          expect(reply.status, `${method} ${target}`).toBe(403);
          expect(reply.body.error).toBe('This form can only be sent from the dealer’s own website.');
        }
      }
      expect((await session()).signedIn).toBe(true);
      expect(await db.current.db.select().from(accounts)).toHaveLength(1);
    });
  });

  describe('sessions', () => {
    it('is no session on another dealer’s site, even with a live cookie', async () => {
      await signIn();
      const other = new Browser(t.app, `${OTHER_DEALER}.localhost`);
      for (const [name, value] of browser.jar) other.jar.set(name, value);
      expect(await session(other)).toEqual({ signedIn: false });
      expect(await other.get(accountPaths.savedCars)).toMatchObject({ status: 401, body: { error: 'Please sign in.' } });
      expect((await session()).signedIn).toBe(true);
    });

    it('answers 401 on every signed-in route without a session', async () => {
      const stranger = new Browser(t.app);
      const routes: [string, string, unknown][] = [
        ['POST', accountPaths.signOutEverywhere, undefined],
        ['GET', accountPaths.savedCars, undefined],
        ['PUT', accountPaths.savedCars, { cars: [] }],
        ['POST', accountPaths.mergeSavedCars, { cars: [] }],
        ['GET', accountPaths.savedSearches, undefined],
        ['POST', accountPaths.savedSearches, { name: 'Utes', path: '/search/used-cars' }],
        ['PATCH', `${accountPaths.savedSearches}/00000000-0000-0000-0000-000000000000`, { name: 'x' }],
        ['DELETE', `${accountPaths.savedSearches}/00000000-0000-0000-0000-000000000000`, undefined],
        ['GET', accountPaths.alerts, undefined],
        ['PUT', accountPaths.alerts, { car_alerts: false }],
        ['GET', accountPaths.enquiries, undefined],
        ['POST', accountPaths.interest, { car_id: '1', opt_in: true }],
        ['DELETE', accountPaths.account, undefined],
        ['POST', accountPaths.passkeyRegisterOptions, undefined],
      ];
      for (const [method, target, body] of routes) {
        expect(await stranger.call(target, { method, body }), `${method} ${target}`).toMatchObject({ status: 401, body: { error: 'Please sign in.' } });
      }
      // A token that names nothing is no session either, and the browser is told to drop it.
      stranger.jar.set(SESSION_COOKIE, 'A'.repeat(43));
      const reply = await stranger.get(accountPaths.session);
      expect(reply.body).toEqual({ signedIn: false });
      expect(reply.cookies[0]).toMatch(/^garage_session=; Max-Age=0/);
    });

    it('gives a day-old session a new token on its next request, and the old one stops working', async () => {
      await signIn();
      const oldToken = browser.jar.get(SESSION_COOKIE) ?? '';
      expect((await session()).signedIn).toBe(true);
      t.clock.advance(DAY - 1);
      expect((await browser.get(accountPaths.session)).cookies).toEqual([]);
      t.clock.advance(1);
      const rotated = await browser.get(accountPaths.savedCars);
      expect(rotated.status).toBe(200);
      expect(rotated.cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=2592000`));
      const newToken = browser.jar.get(SESSION_COOKIE) ?? '';
      expect(newToken).not.toBe(oldToken);
      const rows = await db.current.db.select().from(sessions);
      expect(rows.map((r) => r.id)).toEqual([sha256Hex(newToken)]);
      expect(rows[0]?.expires_at.getTime()).toBe(NOW + DAY + 30 * DAY);
      expect((await session()).signedIn).toBe(true);
      const stale = new Browser(t.app);
      stale.jar.set(SESSION_COOKIE, oldToken);
      expect(await session(stale)).toEqual({ signedIn: false });
    });

    it('ends after 30 days unused', async () => {
      await signIn();
      t.clock.advance(30 * DAY);
      expect(await session()).toEqual({ signedIn: false });
    });

    it('signs out this browser only, clearing the cookie', async () => {
      await signIn();
      const other = new Browser(t.app);
      await signIn(other);
      expect((await session()).signedIn).toBe(true);
      const out = await browser.post(accountPaths.signOut);
      expect(out).toMatchObject({ status: 200, body: { signedOut: true } });
      expect(out.cookies[0]).toMatch(/^garage_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
      expect(await session()).toEqual({ signedIn: false });
      expect((await session(other)).signedIn).toBe(true);
      // Signing out twice is still signed out.
      expect((await browser.post(accountPaths.signOut)).status).toBe(200);
    });

    it('signs out everywhere: every browser of the account, and no other account', async () => {
      await signIn();
      const phone = new Browser(t.app);
      await signIn(phone);
      const someoneElse = new Browser(t.app);
      await signIn(someoneElse, 'sam@example.com');
      // Each browser's session was checked just now (and may be remembered): it must still end.
      for (const b of [browser, phone, someoneElse]) expect((await session(b)).signedIn).toBe(true);
      const out = await phone.post(accountPaths.signOutEverywhere);
      expect(out).toMatchObject({ status: 200, body: { signedOut: true, sessions: 2 } });
      expect(out.cookies[0]).toMatch(/^garage_session=; Max-Age=0/);
      expect(await session()).toEqual({ signedIn: false });
      expect(await session(phone)).toEqual({ signedIn: false });
      expect((await session(someoneElse)).signedIn).toBe(true);
    });

    it('answers 503 with a clear message when the server has no database', async () => {
      const none = accountApp({ database: undefined });
      const b = new Browser(none.app);
      expect(await b.get(accountPaths.session)).toMatchObject({ status: 503, body: { error: 'Accounts are not available: this server has no database.' } });
      expect((await b.post(accountPaths.signIn, { email: JANE })).status).toBe(503);
      expect((await b.get(accountPaths.savedCars)).status).toBe(503);
    });
  });

  describe('saved cars', () => {
    it('replaces the list and reads it back in the order sent', async () => {
      await signIn();
      const list = cars.slice(0, 3);
      expect(await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: list } })).toMatchObject({ status: 200, body: { cars: list } });
      expect((await browser.get(accountPaths.savedCars)).body).toEqual({ cars: list });
      const shorter = [cars[2], cars[0]];
      expect((await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: shorter } })).body).toEqual({ cars: shorter });
      expect((await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: [] } })).body).toEqual({ cars: [] });
    });

    it('merges the device’s list after the account’s, without repeats, up to the cap', async () => {
      await signIn();
      const accountList = cars.slice(0, 3);
      await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: accountList } });
      const device = [cars[5], cars[1], cars[6]];
      const merged = await browser.post(accountPaths.mergeSavedCars, { cars: device });
      expect(merged.body).toEqual({ cars: [...accountList, cars[5], cars[6]] });
      expect((await browser.get(accountPaths.savedCars)).body).toEqual(merged.body);

      const many = cars.slice(3, 3 + MAX_SAVED_CARS);
      const capped = await browser.post(accountPaths.mergeSavedCars, { cars: many });
      const list = capped.body.cars as SavedCar[];
      expect(list).toHaveLength(MAX_SAVED_CARS);
      expect(list.slice(0, 5)).toEqual([...accountList, cars[5], cars[6]]);
    });

    it('refuses entries that are not cars of this site, naming each', async () => {
      await signIn();
      const bad = [cars[0], { id: '12', name: 'No slug' }, { ...cars[1], name: 'Bad\u0007bell' }, { ...cars[2], slug: '../etc' }];
      const refused = await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: bad } });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          fields: {
            'cars.1': 'This is not a car of this site.',
            'cars.2': 'Use letters, digits and punctuation only.',
            'cars.3': 'This is not a car of this site.',
          },
        },
      });
      expect((await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: cars.slice(0, 51) } })).status).toBe(400);
      expect((await browser.get(accountPaths.savedCars)).body).toEqual({ cars: [] });
    });
  });

  describe('saved searches', () => {
    it('saves, lists, renames and deletes', async () => {
      await signIn();
      const created = await browser.post(accountPaths.savedSearches, { name: '  Cheap utes ', path: '/search/used-cars?body=ute&price=0-20000' });
      expect(created).toMatchObject({
        status: 201,
        body: { name: 'Cheap utes', path: '/search/used-cars?body=ute&price=0-20000', alerts: false, created_at: new Date(NOW).toISOString() },
      });
      const id = String(created.body.id);
      expect((await browser.get(accountPaths.savedSearches)).body).toEqual({ searches: [created.body] });
      expect((await browser.call(`${accountPaths.savedSearches}/${id}`, { method: 'PATCH', body: { name: 'Utes' } })).body).toMatchObject({ id, name: 'Utes' });
      expect(await browser.call(`${accountPaths.savedSearches}/${id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { deleted: true } });
      expect((await browser.get(accountPaths.savedSearches)).body).toEqual({ searches: [] });
      expect((await browser.call(`${accountPaths.savedSearches}/${id}`, { method: 'DELETE' })).status).toBe(404);
    });

    it('refuses other sites’ addresses and markup-free names only', async () => {
      await signIn();
      for (const searchPath of ['https://evil.com/search', '//evil.com/search', '/cars/x', '/api/search']) {
        expect((await browser.post(accountPaths.savedSearches, { name: 'x', path: searchPath })).status, searchPath).toBe(400);
      }
      expect((await browser.post(accountPaths.savedSearches, { name: 'a\u202eb', path: '/search' })).status).toBe(400);
    });

    it('keeps at most 20', async () => {
      await signIn();
      for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
        expect((await browser.post(accountPaths.savedSearches, { name: `s${i}`, path: '/search' })).status).toBe(201);
      expect(await browser.post(accountPaths.savedSearches, { name: 'one more', path: '/search' })).toMatchObject({
        status: 409,
        body: { error: 'You can keep up to 20 saved searches. Delete one to save another.' },
      });
    });

    it("lets nobody change or delete another shopper's search", async () => {
      await signIn();
      const mine = String((await browser.post(accountPaths.savedSearches, { name: 'Mine', path: '/search' })).body.id);
      const sam = new Browser(t.app);
      await signIn(sam, 'sam@example.com');
      expect((await sam.call(`${accountPaths.savedSearches}/${mine}`, { method: 'PATCH', body: { name: 'Taken' } })).status).toBe(404);
      expect((await sam.call(`${accountPaths.savedSearches}/${mine}`, { method: 'DELETE' })).status).toBe(404);
      expect((await sam.get(accountPaths.savedSearches)).body).toEqual({ searches: [] });
      expect((await browser.get(accountPaths.savedSearches)).body.searches).toMatchObject([{ id: mine, name: 'Mine' }]);
      expect((await sam.call(`${accountPaths.savedSearches}/not-an-id`, { method: 'DELETE' })).status).toBe(404);
    });

    it('turns alerts on only with consent to alert emails, recording it once given', async () => {
      await signIn();
      const refused = await browser.post(accountPaths.savedSearches, { name: 'Utes', path: '/search', alerts: true });
      expect(refused).toMatchObject({ status: 400, body: { error: 'Agree to alert emails to turn alerts on.' } });
      const agreed = await browser.post(accountPaths.savedSearches, {
        name: 'Utes',
        path: '/search',
        alerts: true,
        wording: ALERT_CONSENT_WORDING,
        page: '/search',
      });
      expect(agreed.body).toMatchObject({ alerts: true });
      expect((await browser.get(accountPaths.alerts)).body).toEqual({
        car_alerts: false,
        consent: { wording: ALERT_CONSENT_WORDING, page: '/search', at: new Date(NOW).toISOString() },
      });
      // Consent on record: the next search may turn alerts on without asking again.
      const next = await browser.post(accountPaths.savedSearches, { name: 'Vans', path: '/search', alerts: true });
      expect(next.status).toBe(201);
      expect((await browser.call(`${accountPaths.savedSearches}/${String(next.body.id)}`, { method: 'PATCH', body: { alerts: false } })).body).toMatchObject({
        alerts: false,
      });
    });
  });

  describe('alerts and unsubscribing', () => {
    it('needs the consent wording to turn car alerts on, and records it', async () => {
      await signIn();
      expect((await browser.get(accountPaths.alerts)).body).toEqual({ car_alerts: false, consent: null });
      expect(await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: true } })).toMatchObject({
        status: 400,
        body: { fields: { wording: expect.any(String) as unknown } },
      });
      expect((await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: true, wording: 'Something else' } })).status).toBe(400);
      t.clock.advance(1000);
      const on = await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: true, wording: ALERT_CONSENT_WORDING, page: '/my-garage' } });
      // The record keeps the words the shopper read beside the switch.
      const alertWords = 'Email me when a car I saved drops in price or sells, and when a new car matches a search I saved. I can unsubscribe from any email.';
      expect(on.body).toEqual({ car_alerts: true, consent: { wording: alertWords, page: '/my-garage', at: new Date(NOW + 1000).toISOString() } });
      expect((await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: false } })).body).toMatchObject({
        car_alerts: false,
        consent: { page: '/my-garage' },
      });
      expect((await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: true } })).body).toMatchObject({ car_alerts: true });
    });

    it('turns every alert off with one click, without a session or a same-site check', async () => {
      await signIn();
      await browser.call(accountPaths.alerts, { method: 'PUT', body: { car_alerts: true, wording: ALERT_CONSENT_WORDING } });
      await browser.post(accountPaths.savedSearches, { name: 'Utes', path: '/search', alerts: true });
      await browser.post(accountPaths.savedSearches, { name: 'Vans', path: '/search', alerts: true });
      const [account] = await db.current.db.select().from(accounts);
      const token = account?.unsubscribe_token ?? '';
      const link = `${accountPaths.unsubscribe}?token=${token}`;
      const mailClient = new Browser(t.app);
      expect((await mailClient.get(link)).body).toEqual({ car_alerts: true, search_alerts: 2 });
      const click = await mailClient.post(link, 'List-Unsubscribe=One-Click', {
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://mail.example' },
      });
      expect(click).toMatchObject({ status: 200, body: { unsubscribed: true } });
      expect((await mailClient.get(link)).body).toEqual({ car_alerts: false, search_alerts: 0 });
      expect((await db.current.db.select().from(savedSearches)).map((s) => s.alerts)).toEqual([false, false]);
    });

    it('answers 404 with a clear message for an unknown token, or one of another dealer', async () => {
      await signIn();
      const [account] = await db.current.db.select().from(accounts);
      const unknown = await browser.post(`${accountPaths.unsubscribe}?token=${'A'.repeat(43)}`);
      expect(unknown).toMatchObject({ status: 404, body: { error: 'This unsubscribe link is not valid: it may be from an account that has been deleted.' } });
      expect((await browser.get(`${accountPaths.unsubscribe}?token=<script>`)).status).toBe(404);
      expect((await browser.post(accountPaths.unsubscribe)).status).toBe(404);
      const other = new Browser(t.app, `${OTHER_DEALER}.localhost`);
      expect((await other.post(`${accountPaths.unsubscribe}?token=${account?.unsubscribe_token ?? ''}`)).status).toBe(404);
    });
  });

  describe('enquiries', () => {
    it("lists this dealer's leads sent with the account's address, newest first, with the car", async () => {
      const lead = (body: ReturnType<typeof enquiry>, host = `${DEALER}.localhost`) =>
        browser.call('/api/leads', { method: 'POST', body, host, cookies: false, ip: '192.0.2.50' });
      const first = await lead(enquiry({ email: 'Jane@Example.com' }));
      t.clock.advance(60_000);
      const second = await lead(enquiry({ email: JANE, car_id: String(usedCar.id), category: 'used-vehicle-enquiry' }));
      await lead(enquiry({ email: 'sam@example.com' }));
      await lead({ lead: { ...enquiry({ email: JANE }).lead, website_slug: OTHER_DEALER, dealership_slug: OTHER_DEALER } }, `${OTHER_DEALER}.localhost`);
      expect([first.status, second.status]).toEqual([201, 201]);

      await signIn();
      const listed = await browser.get(accountPaths.enquiries);
      expect(listed.body).toEqual({
        enquiries: [
          {
            id: second.body.id,
            form: 'enquiry',
            category: 'used-vehicle-enquiry',
            created_at: new Date(NOW + 60_000).toISOString(),
            car: { id: String(usedCar.id), name: usedCar.name, slug: usedCar.slug },
          },
          { id: first.body.id, form: 'enquiry', category: 'General Enquiry', created_at: new Date(NOW).toISOString() },
        ],
      });
    });
  });

  describe('interest in a saved car', () => {
    it('sends a vehicle enquiry lead through the outbox to every destination, once', async () => {
      const dealersDir = dealersWithWebhook();
      const withHook = accountApp({ database: db.current, env: { STOCK_DIR }, dealersDir });
      const b = new Browser(withHook.app);
      await b.post(accountPaths.signIn, { email: JANE });
      await b.post(accountPaths.verify, { email: JANE, code: lastSignIn(withHook.mail, JANE).code });
      const car = entryOf(usedCar);
      expect(await b.post(accountPaths.interest, { car_id: car.id, opt_in: true })).toMatchObject({
        status: 400,
        body: { error: 'Save this car first: you can ask about the cars you saved.' },
      });
      expect((await b.post(accountPaths.interest, { car_id: car.id })).body).toMatchObject({
        fields: { opt_in: 'Tick the box so the dealer may contact you.' },
      });
      await b.call(accountPaths.savedCars, { method: 'PUT', body: { cars: [car] } });

      const asked = await b.post(accountPaths.interest, { car_id: car.id, opt_in: true, phone: '0412 345 678', page: '/my-garage' });
      expect(asked.status).toBe(201);
      const leadId = String(asked.body.lead_id);
      const [row] = await db.current.db.select().from(leads).where(eq(leads.id, leadId));
      expect(row).toMatchObject({ dealer: DEALER, form: 'enquiry', category: 'used-vehicle-enquiry', status: 'Complete', quarantine_reason: null });
      expect(row?.data).toMatchObject({ car_id: car.id, email: JANE, phone: '0412345678', subcategory: 'My Garage', opt_in: true, website_slug: DEALER });
      expect(String(row?.data.message)).toContain(car.name);
      expect(row?.consent).toEqual({
        opt_in: true,
        answered: true,
        form: 'enquiry',
        page: `http://${DEALER}.localhost/my-garage`,
        wording: 'The dealer may contact me about this car by email, or by phone if I give my number.',
        wording_id: null,
        at: new Date(NOW).toISOString(),
      });
      const queued = await db.current.db.select().from(outbox).where(eq(outbox.lead_id, leadId));
      expect(queued.map((q) => q.destination).sort()).toEqual(['folder', 'webhook:0']);
      const [saved] = await db.current.db.select().from(accountSavedCars);
      expect(saved?.interest_lead_id).toBe(leadId);

      // Asking again, even with other words, answers the same lead.
      expect(await b.post(accountPaths.interest, { car_id: car.id, opt_in: true, message: 'Still keen' })).toMatchObject({
        status: 200,
        body: { lead_id: leadId },
      });
      expect(await db.current.db.select().from(leads)).toHaveLength(1);

      // Delivered like any lead: the folder gets the JSON and the ADF/XML.
      const worker = startOutboxWorker({
        database: db.current,
        configFor: (slug) => loadDealer(slug, dealersDir),
        env: { LEADS_OUTBOX_DIR: withHook.outboxDir, STOCK_DIR },
        pollMs: 0,
        log: () => undefined,
        fetch: () => Promise.resolve(new Response('ok')),
      });
      await worker.runOnce();
      await worker.stop();
      const folder = path.join(withHook.outboxDir, DEALER);
      expect(
        readdirSync(folder)
          .filter((f) => f.startsWith(leadId))
          .sort(),
      ).toEqual([`${leadId}.adf.xml`, `${leadId}.json`]);
      const adf = readFileSync(path.join(folder, `${leadId}.adf.xml`), 'utf8');
      expect(adf).toContain(`<id source="stock">${car.id}</id>`);
      expect(adf).toContain(`<email>${JANE}</email>`);
      expect(adf).toContain(`Opt-in: Yes (&quot;${INTEREST_CONSENT_WORDING}&quot;, enquiry form)`);
      const json = JSON.parse(readFileSync(path.join(folder, `${leadId}.json`), 'utf8')) as Record<string, unknown>;
      expect(json).toMatchObject({ id: leadId, category: 'used-vehicle-enquiry', consent: { opt_in: true, wording: INTEREST_CONSENT_WORDING } });
      expect(json.vehicle).toMatchObject({ id: usedCar.id, name: usedCar.name });
    });

    it('checks the phone number by the dealer’s rule and refuses control characters in the message', async () => {
      await signIn();
      const car = entryOf(usedCar);
      await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: [car] } });
      expect((await browser.post(accountPaths.interest, { car_id: car.id, opt_in: true, phone: '12' })).body.fields).toHaveProperty('phone');
      expect((await browser.post(accountPaths.interest, { car_id: car.id, opt_in: true, message: 'hi\u0000' })).status).toBe(400);
      expect(await db.current.db.select().from(leads)).toHaveLength(0);
    });
  });

  describe('deleting the account', () => {
    it('deletes the account and everything kept with it, keeps the enquiries, and signs out', async () => {
      await browser.call('/api/leads', { method: 'POST', body: enquiry({ email: JANE }), cookies: false, ip: '192.0.2.50' });
      await signIn();
      const phone = new Browser(t.app);
      await signIn(phone);
      await browser.call(accountPaths.savedCars, { method: 'PUT', body: { cars: cars.slice(0, 2) } });
      await browser.post(accountPaths.savedSearches, { name: 'Utes', path: '/search' });
      const sam = new Browser(t.app);
      await signIn(sam, 'sam@example.com');

      expect((await session(phone)).signedIn).toBe(true);
      const deleted = await browser.call(accountPaths.account, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({
        deleted: { account: true, sessions: 2, saved_cars: 2, saved_searches: 1, passkeys: 0 },
        kept: `Enquiries you already sent, and any deposits, payments, prize draws and credit checks, stay with ${site.name}: they are the dealer's records of what you asked and paid. Ask ${site.name} if you want them removed.`,
      });
      expect(deleted.cookies[0]).toMatch(/^garage_session=; Max-Age=0/);
      expect((await db.current.db.select().from(accounts)).map((a) => a.email)).toEqual(['sam@example.com']);
      expect(await db.current.db.select().from(accountSavedCars)).toHaveLength(0);
      expect(await db.current.db.select().from(savedSearches)).toHaveLength(0);
      expect((await db.current.db.select().from(signInCodes)).map((c) => c.email)).toEqual(['sam@example.com']);
      expect(await session(phone)).toEqual({ signedIn: false });
      expect((await session(sam)).signedIn).toBe(true);
      expect(await db.current.db.select().from(leads)).toHaveLength(1);
      // Signing in again starts a new, empty account.
      await signIn();
      expect((await browser.get(accountPaths.savedCars)).body).toEqual({ cars: [] });
    });
  });
});
