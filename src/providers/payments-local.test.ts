import { describe, expect, it } from 'vitest';
import {
  cardFormError,
  cardOutcome,
  cardPage,
  createLocalPayments,
  LOCAL_PAY_PATH,
  LOCAL_PAY_POLICY,
  LOCAL_SIGNATURE_HEADER,
  threeDSecurePage,
} from './payments-local';
import type { PaymentToTake } from './payments';

const payment: PaymentToTake = {
  id: 'pay-1',
  dealer: 'kingfisher-toyota',
  email: 'a@example.com',
  kind: 'reservation',
  amount_minor: 50_000,
  currency: 'AUD',
  description: '2022 Toyota <Corolla>',
};
const urls = { return_url: 'https://dealer.test/checkout/return?payment=pay-1', cancel_url: 'https://dealer.test/cars/x', origin: 'https://dealer.test' };

describe('the local payment processor', () => {
  it('knows its three test cards, with spaces or without', () => {
    expect(cardOutcome('4242 4242 4242 4242')).toBe('succeeded');
    expect(cardOutcome('4000-0000-0000-0002')).toBe('declined');
    expect(cardOutcome('4000002760003184')).toBe('3ds');
    expect(cardOutcome('5555555555554444')).toBeUndefined();
    expect(cardFormError({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toBeUndefined();
    expect(cardFormError({ card: '4242', expiry: '12/30', cvc: '123' })).toMatch(/card number/);
    expect(cardFormError({ card: '4242424242424242', expiry: '13/30', cvc: '123' })).toMatch(/MM\/YY/);
    expect(cardFormError({ card: '5555555555554444', expiry: '12/30', cvc: '123' })).toMatch(/test cards/);
  });

  it('signs the session into the pay URL, and refuses a token with a changed amount', async () => {
    const local = createLocalPayments({ secret: 's3cret' });
    const started = await local.startPayment(payment, urls);
    expect(started.redirect_url.startsWith(`https://dealer.test${LOCAL_PAY_PATH}`)).toBe(true);
    const token = started.redirect_url.slice(`https://dealer.test${LOCAL_PAY_PATH}`.length);
    const session = local.readSession(token);
    expect(session).toMatchObject({ payment_id: 'pay-1', amount_minor: 50_000, currency: 'AUD', provider_ref: started.provider_ref });
    const [payload, sig] = token.split('.') as [string, string];
    const original = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const changed = Buffer.from(JSON.stringify({ ...original, amount_minor: 1 })).toString('base64url');
    expect(local.readSession(`${changed}.${sig}`)).toBeUndefined();
    expect(createLocalPayments({ secret: 'other' }).readSession(token)).toBeUndefined();
    expect(createLocalPayments({ secret: 's3cret', now: () => Date.now() + 2 * 3600_000 }).readSession(token)).toBeUndefined();
  });

  it('signs events that verify, and refuses forged, altered and old ones', async () => {
    let clock = Date.now();
    const local = createLocalPayments({ secret: 's3cret', now: () => clock });
    const token = (await local.startPayment(payment, urls)).redirect_url.split(LOCAL_PAY_PATH)[1]!;
    const session = local.readSession(token)!;
    const { body, headers } = local.signedEvent(session, 'succeeded');
    const verified = local.verifyEvent(body, headers);
    expect(verified).toMatchObject({ ok: true, event: { type: 'payment.succeeded', payment_id: 'pay-1', amount_minor: 50_000, currency: 'AUD' } });
    expect(local.verifyEvent(body.replace('50000', '1'), headers).ok).toBe(false);
    expect(local.verifyEvent(body, new Headers()).ok).toBe(false);
    expect(createLocalPayments({ secret: 'forger' }).verifyEvent(body, headers).ok).toBe(false);
    const declined = local.signedEvent(session, 'declined', 'Card declined');
    expect(local.verifyEvent(declined.body, declined.headers)).toMatchObject({ ok: true, event: { type: 'payment.failed', reason: 'Card declined' } });
    clock += 10 * 60_000;
    const old = local.verifyEvent(body, headers);
    expect(old.ok).toBe(false);
    expect(old.ok ? '' : old.reason).toMatch(/too old/);
    expect(headers.get(LOCAL_SIGNATURE_HEADER)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('binds the 3-D Secure step to its token', () => {
    const local = createLocalPayments({ secret: 's3cret' });
    expect(local.checkChallenge('a', local.challengeFor('a'))).toBe(true);
    expect(local.checkChallenge('b', local.challengeFor('a'))).toBe(false);
  });

  it('renders pages that escape what they show and need no script', async () => {
    const local = createLocalPayments({ secret: 's3cret' });
    const token = (await local.startPayment(payment, urls)).redirect_url.split(LOCAL_PAY_PATH)[1]!;
    const html = cardPage(local.readSession(token)!, token, { locale: 'en-AU', dealerName: 'Kingfisher & Co', error: '<b>x</b>' });
    expect(html).toContain('Pay $500');
    expect(html).toContain('&#60;Corolla&#62;');
    expect(html).toContain('Kingfisher &#38; Co');
    expect(html).not.toContain('<b>x</b>');
    expect(html).not.toMatch(/<script/i);
    expect(threeDSecurePage(local.readSession(token)!, token, 'c', { locale: 'en-AU' })).toContain('value="approve"');
    expect(LOCAL_PAY_POLICY).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'/);
  });

  it('records refunds with a reference per payment', async () => {
    const local = createLocalPayments({ secret: 's3cret' });
    const first = await local.refund(payment, 'why');
    expect(first.refund_ref).toMatch(/^re_local_/);
    expect((await local.refund(payment, 'again')).refund_ref).toBe(first.refund_ref);
  });
});
