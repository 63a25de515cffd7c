/**
 * The checkout over the whole API: reservation deposits through the local test processor's card
 * page and signed webhooks, holds (one per car), refunds, expiry, online payments, and every
 * refusal: tampered amounts, forged and replayed events, cross-site posts, double clicks.
 */
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDealer } from '../platform/config/load';
import { leads, outbox, paymentEvents, payments, reservations } from '../platform/db/schema';
import { loadStock } from '../stock/server/store';
import { isListed } from '../search/server/listed-stock';
import { accountPaths } from '../accounts/model/api';
import { checkoutPaths } from '../checkout/model/api';
import { CHECKOUT_MESSAGES, TEST_PAYMENT_NOTE } from '../checkout/model/api';
import { expireReservations } from '../checkout/server/expiry';
import { createSettlement } from '../checkout/server/settlement';
import { createReservedFlags, type ReservedFlagIndex } from '../checkout/server/reserved-flags';
import { createLocalPayments, LOCAL_PAY_POLICY, LOCAL_SIGNATURE_HEADER, type PaySession } from '../providers/payments-local';
import { paymentProvidersFromEnv } from '../providers/payments';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { accountApp, Browser, DEALER, lastSignIn, type AccountTestApp } from '../../tests/support/account-api';

const SECRET = 'checkout-test-secret';
const STOCK_DIR = mkdtempSync(path.join(tmpdir(), 'checkout-stock-'));
const JANE = 'jane@example.com';
const BOB = 'bob@example.com';

/** The fixtures, with checkout (gated unless `open`) and online payment (open to everyone) on the main dealer. */
function dealersWithCheckout({ open = false } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-dealers-'));
  cpSync(DEALER_FILES_DIR, dir, { recursive: true });
  const file = path.join(dir, `${DEALER}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as { features?: Record<string, unknown> };
  dealer.features = {
    ...dealer.features,
    enabled_pages: ['checkout', 'online_payment'],
    gated_pages: open ? [] : ['checkout'],
    online_payment_without_sign_in: true,
  };
  writeFileSync(file, JSON.stringify(dealer));
  return dir;
}
const DEALERS = dealersWithCheckout();
/** The same dealer with checkout open to shoppers who are not signed in. */
const OPEN_DEALERS = dealersWithCheckout({ open: true });
const site = loadDealer(DEALER, DEALERS);
const forSale = loadStock(site, { STOCK_DIR }).filter((car) => car.status === 'in_stock' && car.price > 0);
const car = forSale[0]!;
const otherCar = forSale[1]!;
const sold = loadStock(site, { STOCK_DIR }).filter((c) => c.status === 'sold');
const listedNow = (c: (typeof sold)[number]) => isListed(site, c, Math.floor(Date.now() / 1000));
/** A sold car the site still lists (flagged for the website, lately sold): it answers "sold". */
const soldCar = sold.find(listedNow)!;
/** A sold car the site hides: it answers like a car that never existed. */
const hiddenSoldCar = sold.find((c) => !listedNow(c))!;

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';
const CARD = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDS: '4000 0027 6000 3184' };

describe.each(testDatabaseKinds())('checkout API on %s', (kind) => {
  const db = useTestDatabase(kind);
  let t: AccountTestApp;
  let jane: Browser;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    await db.current.db.execute(sql`TRUNCATE payments, payment_events, reservations RESTART IDENTITY CASCADE`);
    t = accountApp({
      database: db.current,
      dealersDir: DEALERS,
      env: { STOCK_DIR, LOCAL_PAYMENTS_SECRET: SECRET, ACCOUNTS_RATE_LIMIT_PER_MINUTE: '1000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    jane = new Browser(t.app);
    await signIn(jane, JANE);
  });

  async function signIn(b: Browser, email: string): Promise<void> {
    expect((await b.post(accountPaths.signIn, { email })).status).toBe(202);
    expect((await b.post(accountPaths.verify, { email, code: lastSignIn(t.mail, email).code })).status).toBe(200);
  }

  async function reserve(b: Browser, carId = String(car.id)) {
    const started = await b.post(checkoutPaths.reservations, { car_id: carId });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return { id: started.body.payment_id as string, payPath: new URL(started.body.redirect_url as string).pathname };
  }

  const pay = (b: Browser, payPath: string, card: string) => b.post(payPath, form({ card, expiry: '12/30', cvc: '123' }), { contentType: FORM });
  /** What the expiry watcher settles with: the local processor's refunds, no mail, the test clock. */
  const expirySettlement = () =>
    createSettlement({
      db: db.current.db,
      configFor: () => site,
      providers: paymentProvidersFromEnv({ LOCAL_PAYMENTS_SECRET: SECRET }),
      env: { STOCK_DIR },
      stockCar: () => undefined,
      sendMail: () => Promise.reject(new Error('no mail')),
      now: () => t.clock.now,
      log: () => undefined,
    });
  const paymentRow = async (id: string) => (await db.current.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('prices the deposit on the server, takes 4242 on the card page, holds the car and sends the dealer a lead with the payment reference', async () => {
    const { id, payPath } = await reserve(jane);
    expect(await paymentRow(id)).toMatchObject({
      status: 'pending',
      amount_minor: site.checkout.deposit * 100,
      currency: 'AUD',
      email: JANE,
      car_id: String(car.id),
      kind: 'reservation',
      provider: 'local',
    });

    const page = await jane.get(payPath);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(LOCAL_PAY_POLICY);
    // Its address holds the pay token: the site page it sends the shopper back to must not get it as its referrer.
    expect(page.headers.get('referrer-policy')).toBe('strict-origin');
    expect(page.body.text).toContain('Pay $500');
    expect(page.body.text).not.toMatch(/<script/i);

    const paid = await pay(jane, payPath, CARD.success);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('referrer-policy')).toBe('strict-origin');
    expect(paid.headers.get('location')).toContain(`/checkout/return?payment=${id}`);
    const row = await paymentRow(id);
    expect(row.status).toBe('paid');
    const [hold] = await db.current.db.select().from(reservations).where(eq(reservations.payment_id, id));
    expect(hold).toMatchObject({ status: 'held', car_id: String(car.id) });
    expect(hold!.held_until.getTime() - t.clock.now).toBe(site.checkout.hold_hours * 3600_000);

    // The dealer's lead, queued in the outbox like any form's, carries the payment reference.
    const [lead] = await db.current.db
      .select()
      .from(leads)
      .where(eq(leads.id, row.lead_id ?? ''));
    expect(lead?.data).toMatchObject({ payment_reference: id, car_id: String(car.id), subcategory: 'Reservation deposit', test_payment: true });
    expect(String((lead?.data as Record<string, unknown>).message)).toContain(id);
    // The local processor moves no money, and the dealer is told so in the lead itself.
    expect(String((lead?.data as Record<string, unknown>).message)).toMatch(new RegExp(`^${TEST_PAYMENT_NOTE}`));
    expect((await db.current.db.select().from(outbox).where(eq(outbox.lead_id, lead!.id))).length).toBeGreaterThan(0);

    // The return page reads the row; nobody else may.
    expect((await jane.get(checkoutPaths.payment(id))).body).toMatchObject({
      id,
      status: 'paid',
      kind: 'reservation',
      held_until: hold!.held_until.toISOString(),
    });
    const bob = new Browser(t.app);
    await signIn(bob, BOB);
    expect((await bob.get(checkoutPaths.payment(id))).status).toBe(404);
    expect((await new Browser(t.app).get(checkoutPaths.payment(id))).status).toBe(401);

    // Reserved everywhere: the availability answer, and no second deposit for the car.
    expect((await new Browser(t.app).get(checkoutPaths.availability(car.id))).body).toEqual({ car_id: String(car.id), reserved: true });
    expect((await new Browser(t.app).get(checkoutPaths.availability(otherCar.id))).body).toEqual({ car_id: String(otherCar.id), reserved: false });
    const again = await bob.post(checkoutPaths.reservations, { car_id: String(car.id) });
    expect(again).toMatchObject({ status: 409, body: { error: CHECKOUT_MESSAGES.alreadyReserved } });
    // Paying the same page twice changes nothing.
    expect((await pay(jane, payPath, CARD.success)).status).toBe(303);
    expect(await db.current.db.select().from(reservations)).toHaveLength(1);
  });

  it('tells the shopper who paid a car’s deposit that the hold is theirs, with the payment, and nobody else whose it is', async () => {
    const mine = checkoutPaths.myReservation(String(car.id));
    expect((await jane.get(mine)).status).toBe(404);
    const { id, payPath } = await reserve(jane);
    // Started but not paid: no hold yet.
    expect((await jane.get(mine)).status).toBe(404);
    await pay(jane, payPath, CARD.success);
    const [hold] = await db.current.db.select().from(reservations).where(eq(reservations.payment_id, id));
    const answer = await jane.get(mine);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.body).toMatchObject({
      id,
      kind: 'reservation',
      status: 'paid',
      car_id: String(car.id),
      amount_minor: site.checkout.deposit * 100,
      held_until: hold!.held_until.toISOString(),
    });
    // Another account, a signed-out browser, and another car: the same answer as no hold at all.
    const bob = new Browser(t.app);
    await signIn(bob, BOB);
    expect(await bob.get(mine)).toMatchObject({ status: 404, body: { error: CHECKOUT_MESSAGES.noHoldOfYours } });
    expect((await new Browser(t.app).get(mine)).status).toBe(404);
    expect((await jane.get(checkoutPaths.myReservation(String(otherCar.id)))).status).toBe(404);
    expect((await jane.get(checkoutPaths.myReservation('not-a-car'))).status).toBe(404);
  });

  it('leaves the car available when the card is declined, and on a failed 3-D Secure step', async () => {
    const declined = await reserve(jane);
    expect((await pay(jane, declined.payPath, CARD.declined)).status).toBe(303);
    expect((await jane.get(checkoutPaths.payment(declined.id))).body).toMatchObject({ status: 'declined', reason: CHECKOUT_MESSAGES.declined });
    expect(await db.current.db.select().from(reservations)).toHaveLength(0);
    expect((await jane.get(checkoutPaths.availability(car.id))).body).toMatchObject({ reserved: false });

    const failed = await reserve(jane);
    expect(failed.id).not.toBe(declined.id);
    const step = await pay(jane, failed.payPath, CARD.threeDS);
    expect(step.status).toBe(200);
    const challenge = /name="challenge" value="([^"]+)"/.exec(String(step.body.text))?.[1] ?? '';
    expect((await jane.post(`${failed.payPath}/3ds`, form({ challenge: 'forged', decision: 'approve' }), { contentType: FORM })).status).toBe(400);
    expect((await jane.post(`${failed.payPath}/3ds`, form({ challenge, decision: 'fail' }), { contentType: FORM })).status).toBe(303);
    expect((await paymentRow(failed.id)).status).toBe('declined');

    const approved = await reserve(jane);
    await pay(jane, approved.payPath, CARD.threeDS);
    expect(
      (
        await jane.post(
          `${approved.payPath}/3ds`,
          form({ challenge: createLocalPayments({ secret: SECRET }).challengeFor(approved.payPath.split('/').pop()!), decision: 'approve' }),
          { contentType: FORM },
        )
      ).status,
    ).toBe(303);
    expect((await paymentRow(approved.id)).status).toBe('paid');
  });

  it('refunds at once the second of two deposits paid for one car, and says why', async () => {
    const bob = new Browser(t.app);
    await signIn(bob, BOB);
    const first = await reserve(jane);
    const second = await reserve(bob);
    await Promise.all([pay(jane, first.payPath, CARD.success), pay(bob, second.payPath, CARD.success)]);
    const rows = await db.current.db.select().from(payments);
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'refunded']);
    expect(await db.current.db.select().from(reservations).where(eq(reservations.status, 'held'))).toHaveLength(1);
    const loser = rows.find((r) => r.status === 'refunded')!;
    const loserBrowser = loser.email === JANE ? jane : bob;
    expect((await loserBrowser.get(checkoutPaths.payment(loser.id))).body).toMatchObject({
      status: 'refunded',
      reason: CHECKOUT_MESSAGES.reservedElsewhere,
      held_until: null,
    });
    const refundEvents = await db.current.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'payment.refunded'));
    expect(refundEvents).toHaveLength(1);
    expect(refundEvents[0]!.payment_id).toBe(loser.id);
  });

  describe('webhooks', () => {
    const local = createLocalPayments({ secret: SECRET });
    const sessionFor = (payment: { id: string; amount_minor: number; currency: string }): PaySession => ({
      payment_id: payment.id,
      dealer: DEALER,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      description: 'x',
      return_url: 'http://x/',
      cancel_url: 'http://x/',
      expires: Date.now() + 60_000,
      provider_ref: 'ls_test',
    });
    const post = (b: Browser, event: { body: string; headers: Headers }) =>
      b.post(checkoutPaths.webhook('local'), event.body, { headers: Object.fromEntries(event.headers), cookies: false });

    it('refuses forged events and answers a replay 200 without changing anything', async () => {
      const { id } = await reserve(jane);
      const row = await paymentRow(id);
      const forged = createLocalPayments({ secret: 'forger' }).signedEvent(sessionFor(row), 'succeeded');
      expect((await post(jane, forged)).status).toBe(400);
      const tampered = local.signedEvent(sessionFor(row), 'succeeded');
      expect((await post(jane, { body: tampered.body.replace('payment.succeeded', 'payment.failed'), headers: tampered.headers })).status).toBe(400);
      expect(await db.current.db.select().from(paymentEvents)).toHaveLength(0);

      const real = local.signedEvent(sessionFor(row), 'succeeded');
      expect(await post(jane, real)).toMatchObject({ status: 200, body: { received: true } });
      expect(await post(jane, real)).toMatchObject({ status: 200, body: { received: true, replay: true } });
      expect(await db.current.db.select().from(paymentEvents)).toHaveLength(1);
      expect(await db.current.db.select().from(reservations)).toHaveLength(1);
      expect((await post(jane, { body: '{}', headers: new Headers() })).status).toBe(400);
      expect((await jane.post(checkoutPaths.webhook('paypal'), '{}')).status).toBe(404);
    });

    it('stores an event for an unknown payment, or with another amount, and changes nothing', async () => {
      const unknown = local.signedEvent(sessionFor({ id: '00000000-0000-4000-8000-000000000000', amount_minor: 50_000, currency: 'AUD' }), 'succeeded');
      expect((await post(jane, unknown)).status).toBe(200);
      expect(await db.current.db.select().from(paymentEvents)).toHaveLength(1);
      const { id } = await reserve(jane);
      const cheap = local.signedEvent(sessionFor({ id, amount_minor: 1, currency: 'AUD' }), 'succeeded');
      expect((await post(jane, cheap)).status).toBe(200);
      const otherCurrency = local.signedEvent(sessionFor({ id, amount_minor: 50_000, currency: 'USD' }), 'succeeded');
      expect((await post(jane, otherCurrency)).status).toBe(200);
      expect((await paymentRow(id)).status).toBe('pending');
      expect(await db.current.db.select().from(reservations)).toHaveLength(0);
    });

    it('refunds a payment that arrives after its payment page expired', async () => {
      const { id } = await reserve(jane);
      await db.current.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, id));
      expect((await post(jane, local.signedEvent(sessionFor(await paymentRow(id)), 'succeeded'))).status).toBe(200);
      expect(await paymentRow(id)).toMatchObject({ status: 'refunded', status_reason: CHECKOUT_MESSAGES.lateAfterExpiry });
      expect(await db.current.db.select().from(reservations)).toHaveLength(0);
    });
  });

  describe('refusals', () => {
    it('asks a signed-out shopper to sign in on a gated checkout', async () => {
      expect(await new Browser(t.app).post(checkoutPaths.reservations, { car_id: String(car.id) })).toMatchObject({
        status: 401,
        body: { error: 'Please sign in.' },
      });
    });

    it('ignores nothing the browser says about money: an amount or currency is refused', async () => {
      for (const extra of [{ amount_minor: 1 }, { currency: 'USD' }, { deposit: 1 }]) {
        expect((await jane.post(checkoutPaths.reservations, { car_id: String(car.id), ...extra })).status).toBe(400);
      }
      expect(await db.current.db.select().from(payments)).toHaveLength(0);
    });

    it('refuses cross-site posts, unknown and sold cars, markup and huge bodies', async () => {
      expect((await jane.post(checkoutPaths.reservations, { car_id: String(car.id) }, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
      // The browser's same-site also covers sibling hosts: the Origin decides.
      const sameSiteEvil = { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' };
      expect((await jane.post(checkoutPaths.reservations, { car_id: String(car.id) }, { headers: sameSiteEvil })).status).toBe(403);
      const { payPath } = await reserve(jane);
      expect(
        (
          await jane.post(payPath, form({ card: CARD.success, expiry: '12/30', cvc: '123' }), {
            contentType: FORM,
            headers: { 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403);
      expect((await jane.post(checkoutPaths.reservations, { car_id: '999999999' })).status).toBe(404);
      expect((await jane.post(checkoutPaths.reservations, { car_id: String(soldCar.id) })).status).toBe(409);
      expect((await jane.post(checkoutPaths.reservations, { car_id: String(hiddenSoldCar.id) })).status).toBe(404);
      expect((await jane.post(checkoutPaths.reservations, { car_id: '<script>' })).status).toBe(400);
      expect((await jane.post(checkoutPaths.reservations, { car_id: '1'.repeat(40_000) })).status).toBe(413);
      const bad = await pay(jane, payPath, '<img src=x onerror=alert(1)>');
      expect(bad.status).toBe(400);
      expect(String(bad.body.text)).not.toContain('<img src=x');
      expect((await jane.get('/api/payments/local/pay/not-a-token')).status).toBe(404);
    });
  });

  it('makes one pending deposit of ten simultaneous clicks, and the database refuses a second', async () => {
    const clicks = await Promise.all(Array.from({ length: 10 }, () => reserve(jane)));
    expect(new Set(clicks.map((c) => c.id)).size).toBe(1);
    const pending = await db.current.db.select().from(payments).where(eq(payments.status, 'pending'));
    expect(pending).toHaveLength(1);
    // Paying every page the clicks were sent to takes one deposit and refunds nobody.
    for (const { payPath } of clicks) expect((await pay(jane, payPath, CARD.success)).status).toBe(303);
    expect((await db.current.db.select().from(payments)).map((r) => [r.status, r.status_reason])).toEqual([['paid', null]]);

    // The rule is the database's, not the route's: a second pending deposit of one account for one car cannot be stored.
    const [account] = pending;
    const row = (id: string) => ({
      ...account!,
      id,
      status: 'pending' as const,
      provider_ref: null,
      lead_id: null,
      paid_at: null,
      car_id: String(otherCar.id),
    });
    await db.current.db.insert(payments).values(row('00000000-0000-4000-8000-00000000000a'));
    await expect(db.current.db.insert(payments).values(row('00000000-0000-4000-8000-00000000000b'))).rejects.toThrow();
  });

  describe('where checkout is open to guests', () => {
    let open: AccountTestApp;
    beforeEach(() => {
      open = accountApp({
        database: db.current,
        dealersDir: OPEN_DEALERS,
        env: { STOCK_DIR, LOCAL_PAYMENTS_SECRET: SECRET, ACCOUNTS_RATE_LIMIT_PER_MINUTE: '1000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' },
      });
    });
    const guestReserve = async (b: Browser, email: string, carId = String(car.id)) => {
      const started = await b.post(checkoutPaths.reservations, { car_id: carId, email });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return { id: started.body.payment_id as string, redirect: started.body.redirect_url as string };
    };

    it('hands a pending deposit again only to the browser or account that started it, never to whoever knows the email', async () => {
      const shopper = new Browser(open.app);
      const first = await guestReserve(shopper, JANE);
      expect((await guestReserve(shopper, JANE)).id).toBe(first.id);

      // A stranger who sends the same email and car gets a payment of their own, and nothing of the shopper's.
      const stranger = new Browser(open.app);
      const theirs = await guestReserve(stranger, JANE);
      expect(theirs.id).not.toBe(first.id);
      expect(theirs.redirect).not.toBe(first.redirect);
      expect((await stranger.get(checkoutPaths.payment(first.id))).status).toBe(404);
      // The shopper's deposit is untouched, and still theirs to read and to pay.
      expect((await paymentRow(first.id)).status).toBe('pending');
      expect((await shopper.get(checkoutPaths.payment(first.id))).body).toMatchObject({ id: first.id, status: 'pending' });

      // A signed-in shopper's pending deposit is not a guest's for the asking either.
      const signedIn = new Browser(open.app);
      expect((await signedIn.post(accountPaths.signIn, { email: BOB })).status).toBe(202);
      expect((await signedIn.post(accountPaths.verify, { email: BOB, code: lastSignIn(open.mail, BOB).code })).status).toBe(200);
      const bobs = await reserve(signedIn);
      expect((await guestReserve(new Browser(open.app), BOB)).id).not.toBe(bobs.id);
      expect((await reserve(signedIn)).id).toBe(bobs.id);
    });

    it('makes one pending deposit of ten simultaneous clicks from one guest browser', async () => {
      const guest = new Browser(open.app);
      // The browser has its cookie from an earlier deposit, for another car.
      const before = await guestReserve(guest, 'guest@example.com', String(otherCar.id));
      const clicks = await Promise.all(Array.from({ length: 10 }, () => guestReserve(guest, 'guest@example.com')));
      expect(new Set(clicks.map((c) => c.id)).size).toBe(1);
      const pending = await db.current.db.select().from(payments).where(eq(payments.status, 'pending'));
      expect(pending.map((p) => p.id).sort()).toEqual([before.id, clicks[0]!.id].sort());
    });

    it('shows a guest their own hold on a car in the browser that paid for it, and no other browser', async () => {
      const guest = new Browser(open.app);
      const { id, redirect } = await guestReserve(guest, 'guest@example.com');
      await pay(guest, new URL(redirect).pathname, CARD.success);
      const mine = checkoutPaths.myReservation(String(car.id));
      expect((await guest.get(mine)).body).toMatchObject({ id, status: 'paid', kind: 'reservation' });
      expect((await new Browser(open.app).get(mine)).status).toBe(404);
    });

    it('reads a guest’s payment by its key, or in the browser that paid it once the key has left the address bar', async () => {
      const guest = new Browser(open.app);
      const { id, redirect } = await guestReserve(guest, 'guest@example.com');
      const paid = await pay(guest, new URL(redirect).pathname, CARD.success);
      const key = new URL(paid.headers.get('location')!).searchParams.get('key');
      expect((await new Browser(open.app).get(`${checkoutPaths.payment(id)}?key=${key}`)).body).toMatchObject({ status: 'paid' });
      expect((await guest.get(checkoutPaths.payment(id))).body).toMatchObject({ status: 'paid' });
      expect((await new Browser(open.app).get(checkoutPaths.payment(id))).status).toBe(404);
    });
  });

  it('ends a hold when its time is up and refunds the deposit', async () => {
    const { id, payPath } = await reserve(jane);
    await pay(jane, payPath, CARD.success);
    const settlement = expirySettlement();
    expect((await expireReservations({ db: db.current.db, configFor: () => site, settlement, now: () => t.clock.now })).expired).toBe(0);
    t.clock.advance(site.checkout.hold_hours * 3600_000 + 1000);
    expect(await expireReservations({ db: db.current.db, configFor: () => site, settlement, now: () => t.clock.now })).toMatchObject({
      expired: 1,
      refunded: 1,
    });
    expect(await paymentRow(id)).toMatchObject({ status: 'refunded', status_reason: CHECKOUT_MESSAGES.expiredHold });
    expect((await jane.get(checkoutPaths.availability(car.id))).body).toMatchObject({ reserved: false });
  });

  it('flags a held car in a real Meilisearch as soon as the deposit is paid, and clears it when the hold ends', async () => {
    // The dealer's index as Meilisearch keeps it: one flag left from before a restart, for a car no longer held.
    const flagged = new Set<string>(['stale-1']);
    const index: ReservedFlagIndex = {
      flaggedIds: () => Promise.resolve(new Set(flagged)),
      setReserved: (_uid, changes) => {
        for (const { id, reserved } of changes) {
          if (reserved) flagged.add(id);
          else flagged.delete(id);
        }
        return Promise.resolve();
      },
    };
    const remoteSite = { ...site, search: { ...site.search, host: 'https://search.example.com' } };
    const flags = await createReservedFlags({ db: db.current.db, dealers: [DEALER], configFor: () => remoteSite, env: {}, indexFor: () => index });
    t = accountApp({
      database: db.current,
      dealersDir: DEALERS,
      env: { STOCK_DIR, LOCAL_PAYMENTS_SECRET: SECRET, ACCOUNTS_RATE_LIMIT_PER_MINUTE: '1000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' },
      onHoldsChanged: (dealer) => flags!.changed(dealer),
    });
    jane = new Browser(t.app);
    await signIn(jane, JANE);
    const { payPath } = await reserve(jane);
    await pay(jane, payPath, CARD.success);
    await expect.poll(() => [...flagged]).toEqual([String(car.id)]);

    const settlement = expirySettlement();
    t.clock.advance(site.checkout.hold_hours * 3600_000 + 1000);
    expect((await expireReservations({ db: db.current.db, configFor: () => site, settlement, now: () => t.clock.now })).expired).toBe(1);
    await flags!.mirrorAll();
    expect(flagged.size).toBe(0);
  });

  it('tells the start when held cars cannot be flagged in a real Meilisearch (no admin key), and needs nothing without one', async () => {
    const said: string[] = [];
    const remoteSite = { ...site, search: { ...site.search, host: 'https://search.example.com' } };
    expect(
      await createReservedFlags({ db: db.current.db, dealers: [DEALER], configFor: () => remoteSite, env: {}, log: (line) => said.push(line) }),
    ).toBeUndefined();
    expect(said.join('\n')).toContain('MEILISEARCH_ADMIN_KEY is not set');
    expect(await createReservedFlags({ db: db.current.db, dealers: [DEALER], configFor: () => site, env: {}, log: (line) => said.push(line) })).toBeUndefined();
    expect(said).toHaveLength(1);
  });

  it('takes an online payment within the dealer’s bounds and emails a receipt', async () => {
    const guest = new Browser(t.app);
    expect((await guest.post(checkoutPaths.onlinePayments, { reference: 'INV-1001', amount: '99999', email: 'guest@example.com' })).status).toBe(400);
    expect((await guest.post(checkoutPaths.onlinePayments, { reference: '<b>hi</b>', amount: '120', email: 'guest@example.com' })).status).toBe(400);
    expect((await guest.post(checkoutPaths.onlinePayments, { reference: 'INV-1001', amount: '120' })).status).toBe(400);
    const started = await guest.post(checkoutPaths.onlinePayments, { reference: 'INV-1001', amount: '120.50', email: 'guest@example.com' });
    expect(started.status).toBe(201);
    const id = started.body.payment_id as string;
    expect(await paymentRow(id)).toMatchObject({ amount_minor: 12_050, currency: 'AUD', kind: 'invoice', reference: 'INV-1001', account_id: null });
    const paid = await pay(guest, new URL(started.body.redirect_url as string).pathname, CARD.success);
    const back = new URL(paid.headers.get('location')!);
    expect((await new Browser(t.app).get(`${checkoutPaths.payment(id)}?key=wrong`)).status).toBe(404);
    expect((await guest.get(`${checkoutPaths.payment(id)}?key=${back.searchParams.get('key')}`)).body).toMatchObject({ status: 'paid', reference: 'INV-1001' });
    const receipt = t.mail.find((m) => m.to === 'guest@example.com');
    expect(receipt?.subject).toContain('$120.50');
    expect(receipt?.text).toContain(id);
  });
});

describe.each(testDatabaseKinds())('checkout API without LOCAL_PAYMENTS_SECRET on %s', (kind) => {
  const db = useTestDatabase(kind);

  /** An event as the local processor posts it, signed with whatever secret the caller has. */
  const signed = (secret: string, type: string, data: Record<string, unknown>) => {
    const body = JSON.stringify({ id: `evt_forged_${type}_${String(data.payment_id)}`, type, created: Math.floor(Date.now() / 1000), data });
    const at = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
    return { body, headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: `t=${at},v1=${signature}` } };
  };
  // The development secret the source used to sign with when the setting was missing.
  const DEVELOPMENT_SECRET = 'local-payments-development-secret';

  it('signs with a secret kept for this server: an event signed with the old development secret neither pays nor refunds', async () => {
    await resetTestDatabase(db.current);
    await db.current.db.execute(sql`TRUNCATE payments, payment_events, reservations RESTART IDENTITY CASCADE`);
    const t = accountApp({
      database: db.current,
      dealersDir: DEALERS,
      projectRoot: mkdtempSync(path.join(tmpdir(), 'checkout-root-')),
      env: { STOCK_DIR, ACCOUNTS_RATE_LIMIT_PER_MINUTE: '1000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    const jane = new Browser(t.app);
    expect((await jane.post(accountPaths.signIn, { email: JANE })).status).toBe(202);
    expect((await jane.post(accountPaths.verify, { email: JANE, code: lastSignIn(t.mail, JANE).code })).status).toBe(200);
    const started = await jane.post(checkoutPaths.reservations, { car_id: String(car.id) });
    const id = started.body.payment_id as string;
    const data = { payment_id: id, dealer: DEALER, amount_minor: site.checkout.deposit * 100, currency: 'AUD' };
    const post = (event: { body: string; headers: Record<string, string> }) =>
      jane.post(checkoutPaths.webhook('local'), event.body, { headers: event.headers, cookies: false });

    expect((await post(signed(DEVELOPMENT_SECRET, 'payment.succeeded', data))).status).toBe(400);
    const row = async () => (await db.current.db.select().from(payments).where(eq(payments.id, id)))[0]!;
    expect((await row()).status).toBe('pending');
    expect(await db.current.db.select().from(leads)).toHaveLength(0);

    // The card page still works: it signs with the kept secret.
    const paid = await jane.post(new URL(started.body.redirect_url as string).pathname, form({ card: CARD.success, expiry: '12/30', cvc: '123' }), {
      contentType: FORM,
    });
    expect(paid.status).toBe(303);
    expect((await row()).status).toBe('paid');
    expect(await db.current.db.select().from(reservations).where(eq(reservations.status, 'held'))).toHaveLength(1);

    expect((await post(signed(DEVELOPMENT_SECRET, 'payment.refunded', { ...data, payment_id: id }))).status).toBe(400);
    expect((await row()).status).toBe('paid');
    expect(await db.current.db.select().from(reservations).where(eq(reservations.status, 'held'))).toHaveLength(1);
  });
});
