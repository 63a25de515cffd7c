import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDealer } from '../../platform/config/load';
import { passkeys } from '../../platform/db/schema';
import { accountPaths } from '../model/api';
import { resetTestDatabase, routeTestDatabaseKinds, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { accountApp, Browser, DEALER, lastSignIn, OTHER_DEALER, type AccountTestApp } from '../../../tests/support/account-api';
import { SoftAuthenticator } from '../../../tests/support/soft-authenticator';
import { randomUUID } from 'node:crypto';
import { accounts, passkeyChallenges } from '../../platform/db/schema';
import { CHALLENGE_LIFETIME_MS, PASSKEY_MESSAGES, putChallenge, takeChallenge } from './passkeys';

const site = loadDealer(DEALER, DEALER_FILES_DIR);
const ORIGIN = `http://${DEALER}.localhost`;
const JANE = 'jane@example.com';

describe.each(testDatabaseKinds())('passkey challenges on %s', (kind) => {
  const db = useTestDatabase(kind);
  const at = new Date(Date.UTC(2025, 10, 21));
  beforeEach(() => resetTestDatabase(db.current));

  it('answers a challenge once, for the ceremony, dealer and account it was made for', async () => {
    const d = db.current.db;
    await putChallenge(d, 'a', { kind: 'sign-in', dealer: DEALER, redirect: '/finance' }, at);
    expect(await takeChallenge(d, 'a', { kind: 'sign-in', dealer: DEALER }, at)).toEqual({ kind: 'sign-in', dealer: DEALER, redirect: '/finance' });
    expect(await takeChallenge(d, 'a', { kind: 'sign-in', dealer: DEALER }, at)).toBeUndefined();

    // A wrong ceremony or dealer gets nothing, and uses the challenge up all the same.
    for (const wrong of [
      { kind: 'register' as const, dealer: DEALER },
      { kind: 'sign-in' as const, dealer: OTHER_DEALER },
    ]) {
      await putChallenge(d, 'b', { kind: 'sign-in', dealer: DEALER }, at);
      expect(await takeChallenge(d, 'b', wrong, at)).toBeUndefined();
      expect(await takeChallenge(d, 'b', { kind: 'sign-in', dealer: DEALER }, at)).toBeUndefined();
    }
    const [one, two] = [randomUUID(), randomUUID()];
    for (const id of [one, two]) await d.insert(accounts).values({ id, dealer: DEALER, email: `${id}@example.com`, unsubscribe_token: id });
    await putChallenge(d, 'c', { kind: 'register', dealer: DEALER, accountId: one }, at);
    expect(await takeChallenge(d, 'c', { kind: 'register', dealer: DEALER, accountId: two }, at)).toBeUndefined();
    await putChallenge(d, 'c', { kind: 'register', dealer: DEALER, accountId: one }, at);
    expect(await takeChallenge(d, 'c', { kind: 'register', dealer: DEALER, accountId: one }, at)).toEqual({ kind: 'register', dealer: DEALER, accountId: one });
  });

  it('lasts five minutes, and expired ones are cleared when the next is kept', async () => {
    const d = db.current.db;
    await putChallenge(d, 'old', { kind: 'sign-in', dealer: DEALER }, at);
    const later = new Date(at.getTime() + CHALLENGE_LIFETIME_MS);
    expect(await takeChallenge(d, 'old', { kind: 'sign-in', dealer: DEALER }, later)).toBeUndefined();
    await putChallenge(d, 'stale', { kind: 'sign-in', dealer: DEALER }, at);
    await putChallenge(d, 'new', { kind: 'sign-in', dealer: DEALER }, new Date(later.getTime() + 1));
    expect(await d.select().from(passkeyChallenges)).toHaveLength(1);
  });
});

describe.each(routeTestDatabaseKinds())('passkey routes on %s', (kind) => {
  const db = useTestDatabase(kind);
  let t: AccountTestApp;
  let browser: Browser;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    t = accountApp({ database: db.current });
    browser = new Browser(t.app);
    await browser.post(accountPaths.signIn, { email: JANE });
    await browser.post(accountPaths.verify, { email: JANE, code: lastSignIn(t.mail, JANE).code });
  });

  const registrationOptions = async (b = browser) => {
    const reply = await b.post(accountPaths.passkeyRegisterOptions);
    expect(reply.status).toBe(200);
    return reply.body as unknown as PublicKeyCredentialCreationOptionsJSON;
  };
  const signInOptions = async (b: Browser, body: Record<string, unknown> = {}) => {
    const reply = await b.post(accountPaths.passkeySignInOptions, body);
    expect(reply.status).toBe(200);
    return reply.body as unknown as PublicKeyCredentialRequestOptionsJSON;
  };
  const register = async (authenticator = new SoftAuthenticator()) => {
    const reply = await browser.post(accountPaths.passkeyRegister, authenticator.create(await registrationOptions(), ORIGIN));
    expect(reply).toMatchObject({ status: 201, body: { registered: true } });
    return authenticator;
  };

  it('offers registration for the site the shopper is on, to the signed-in account', async () => {
    const options = await registrationOptions();
    expect(options).toMatchObject({
      rp: { name: site.name, id: `${DEALER}.localhost` },
      user: { name: JANE, displayName: JANE },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      timeout: CHALLENGE_LIFETIME_MS,
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    // Each request gets its own challenge.
    expect((await registrationOptions()).challenge).not.toBe(options.challenge);
  });

  it('registers a passkey, lists it in the session, and will not make a second one on the same authenticator', async () => {
    expect((await browser.get(accountPaths.session)).body).toMatchObject({ signedIn: true, account: { passkeys: 0 } });
    const authenticator = await register();
    expect((await browser.get(accountPaths.session)).body).toMatchObject({ signedIn: true, account: { passkeys: 1 } });
    const [stored] = await db.current.db.select().from(passkeys);
    expect(stored).toMatchObject({ id: authenticator.id, dealer: DEALER, counter: 0, transports: ['internal'] });
    expect((await registrationOptions()).excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const twice = await browser.post(accountPaths.passkeyRegister, authenticator.create(await registrationOptions(), ORIGIN));
    expect(twice).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.already } });
  });

  it('takes each registration challenge once', async () => {
    const answer = new SoftAuthenticator().create(await registrationOptions(), ORIGIN);
    expect((await browser.post(accountPaths.passkeyRegister, answer)).status).toBe(201);
    expect(await browser.post(accountPaths.passkeyRegister, answer)).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.challenge } });
  });

  it('refuses an answer after the five minutes the challenge lasts', async () => {
    const options = await registrationOptions();
    t.clock.advance(CHALLENGE_LIFETIME_MS);
    expect((await browser.post(accountPaths.passkeyRegister, new SoftAuthenticator().create(options, ORIGIN))).body.error).toBe(PASSKEY_MESSAGES.challenge);
  });

  it('refuses an answer made for another origin, and the challenge is used up by it', async () => {
    const options = await registrationOptions();
    const authenticator = new SoftAuthenticator();
    const wrong = await browser.post(accountPaths.passkeyRegister, authenticator.create(options, 'https://evil.example'));
    expect(wrong).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.notVerified } });
    expect((await browser.post(accountPaths.passkeyRegister, authenticator.create(options, ORIGIN))).body.error).toBe(PASSKEY_MESSAGES.challenge);
    expect(await db.current.db.select().from(passkeys)).toHaveLength(0);
  });

  it("refuses another account's challenge", async () => {
    const options = await registrationOptions();
    const sam = new Browser(t.app);
    await sam.post(accountPaths.signIn, { email: 'sam@example.com' });
    await sam.post(accountPaths.verify, { email: 'sam@example.com', code: lastSignIn(t.mail, 'sam@example.com').code });
    const answer = new SoftAuthenticator().create(options, ORIGIN);
    expect((await sam.post(accountPaths.passkeyRegister, answer)).body.error).toBe(PASSKEY_MESSAGES.challenge);
  });

  it('signs a new browser in with the passkey, going where it asked', async () => {
    const authenticator = await register();
    const laptop = new Browser(t.app);
    const options = await signInOptions(laptop, { redirect: '/finance?step=2' });
    expect(options).toMatchObject({ rpId: `${DEALER}.localhost`, userVerification: 'preferred', timeout: CHALLENGE_LIFETIME_MS });
    expect(options.allowCredentials ?? []).toEqual([]);
    t.clock.advance(60_000);
    const answer = authenticator.get(options, ORIGIN);
    const signedIn = await laptop.post(accountPaths.passkeySignIn, answer);
    expect(signedIn).toMatchObject({ status: 200, body: { redirect: '/finance?step=2' } });
    expect(signedIn.cookies[0]).toMatch(/^garage_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await laptop.get(accountPaths.session)).body).toMatchObject({ signedIn: true, account: { email: JANE, passkeys: 1 } });
    const [stored] = await db.current.db.select().from(passkeys);
    expect(stored?.counter).toBe(1);
    expect(stored?.last_used_at?.getTime()).toBe(t.clock.now);

    // The same answer again is refused: its challenge is spent.
    expect(await new Browser(t.app).post(accountPaths.passkeySignIn, answer)).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.challenge } });
  });

  it('goes to My Garage when the redirect is another site', async () => {
    const authenticator = await register();
    const laptop = new Browser(t.app);
    const options = await signInOptions(laptop, { redirect: '//evil.com' });
    expect((await laptop.post(accountPaths.passkeySignIn, authenticator.get(options, ORIGIN))).body).toEqual({ redirect: '/my-garage' });
  });

  it('refuses a sign-in answer from another origin, and one for another relying party', async () => {
    const authenticator = await register();
    const laptop = new Browser(t.app);
    const fromEvil = await laptop.post(accountPaths.passkeySignIn, authenticator.get(await signInOptions(laptop), 'https://evil.example'));
    expect(fromEvil).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.notVerified } });
    const otherRp = await laptop.post(accountPaths.passkeySignIn, authenticator.get(await signInOptions(laptop), ORIGIN, 'evil.example'));
    expect(otherRp.body.error).toBe(PASSKEY_MESSAGES.notVerified);
    expect((await laptop.get(accountPaths.session)).body).toEqual({ signedIn: false });
  });

  it("is unknown on another dealer's site", async () => {
    const authenticator = await register();
    const elsewhere = new Browser(t.app, `${OTHER_DEALER}.localhost`);
    const options = await signInOptions(elsewhere);
    expect(options.rpId).toBe(`${OTHER_DEALER}.localhost`);
    const answer = await elsewhere.post(accountPaths.passkeySignIn, authenticator.get(options, `http://${OTHER_DEALER}.localhost`));
    expect(answer).toMatchObject({ status: 400, body: { error: PASSKEY_MESSAGES.unknown } });
  });

  it('refuses bodies that are not passkey answers', async () => {
    expect((await browser.post(accountPaths.passkeyRegister, { id: 'x' })).body).toMatchObject({ error: 'Not a passkey answer.' });
    expect((await browser.post(accountPaths.passkeySignIn, { id: 'x', rawId: 'x', type: 'public-key', response: {} })).status).toBe(400);
    expect((await browser.post(accountPaths.passkeySignInOptions, { redirect: 5 })).status).toBe(400);
  });

  it('counts passkeys when the account is deleted', async () => {
    await register();
    const deleted = await browser.call(accountPaths.account, { method: 'DELETE' });
    expect(deleted.body).toMatchObject({ deleted: { passkeys: 1 } });
    expect(await db.current.db.select().from(passkeys)).toHaveLength(0);
  });
});
