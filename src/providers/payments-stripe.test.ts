import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments, stripeClientOptions } from './payments-stripe';
import type { PaymentToTake } from './payments';

const WEBHOOK_SECRET = 'whsec_test_secret';
const payment: PaymentToTake = {
  id: 'pay-9',
  dealer: 'kingfisher-toyota',
  email: 'a@example.com',
  kind: 'reservation',
  amount_minor: 50_000,
  currency: 'AUD',
  description: '2022 Toyota Corolla',
};
const urls = { return_url: 'https://dealer.test/checkout/return?payment=pay-9', cancel_url: 'https://dealer.test/cars/x', origin: 'https://dealer.test' };

/** A fake Stripe API: records each request and answers the few objects the adapter asks for. */
const requests: { method: string; path: string; form: URLSearchParams; idempotency: string | undefined }[] = [];
let server: Server;
let apiUrl: string;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const form = new URLSearchParams(text);
      const key = req.headers['idempotency-key'];
      requests.push({ method: req.method ?? '', path: req.url ?? '', form, idempotency: typeof key === 'string' ? key : undefined });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        res.end(JSON.stringify({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_test_1', payment_intent: null }));
      } else if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/cs_test_1')) {
        res.end(JSON.stringify({ id: 'cs_test_1', object: 'checkout.session', payment_intent: 'pi_test_1' }));
      } else if (req.method === 'POST' && req.url === '/v1/refunds') {
        res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sign = (payload: string, secret = WEBHOOK_SECRET): Headers =>
  new Headers({ 'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret }) });

const sessionEvent = (type: string, paymentStatus: string) =>
  JSON.stringify({
    id: `evt_${type}`,
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: paymentStatus,
        amount_total: 50_000,
        currency: 'aud',
        client_reference_id: 'pay-9',
        metadata: { payment_id: 'pay-9', dealer: 'kingfisher-toyota' },
      },
    },
  });

describe('the Stripe payment provider', () => {
  it('reads host, port and protocol from STRIPE_API_URL', () => {
    expect(stripeClientOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeClientOptions(undefined)).toEqual({});
  });

  it('starts a Checkout Session in minor units with the payment in its metadata', async () => {
    const stripe = createStripePayments({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl });
    expect(await stripe.startPayment(payment, urls)).toEqual({ redirect_url: 'https://checkout.stripe.test/c/cs_test_1', provider_ref: 'cs_test_1' });
    const sent = requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('50000');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(sent.form.get('metadata[payment_id]')).toBe('pay-9');
    expect(sent.form.get('metadata[dealer]')).toBe('kingfisher-toyota');
    expect(sent.form.get('payment_intent_data[metadata][payment_id]')).toBe('pay-9');
    expect(sent.form.get('success_url')).toBe(urls.return_url);
    expect(sent.idempotency).toBe('start-pay-9');
  });

  it('verifies webhooks over the raw body and refuses forged or altered ones', () => {
    const stripe = createStripePayments({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl });
    const body = sessionEvent('checkout.session.completed', 'paid');
    expect(stripe.verifyEvent(body, sign(body))).toMatchObject({
      ok: true,
      event: {
        event_id: 'evt_checkout.session.completed',
        type: 'payment.succeeded',
        payment_id: 'pay-9',
        dealer: 'kingfisher-toyota',
        amount_minor: 50_000,
        currency: 'AUD',
        provider_ref: 'cs_test_1',
      },
    });
    expect(stripe.verifyEvent(body.replace('50000', '1'), sign(body)).ok).toBe(false);
    expect(stripe.verifyEvent(body, sign(body, 'whsec_forger')).ok).toBe(false);
    expect(stripe.verifyEvent(body, new Headers()).ok).toBe(false);
    const unpaid = sessionEvent('checkout.session.completed', 'unpaid');
    expect(stripe.verifyEvent(unpaid, sign(unpaid))).toMatchObject({ ok: true, event: { type: 'other' } });
    const expired = sessionEvent('checkout.session.expired', 'unpaid');
    expect(stripe.verifyEvent(expired, sign(expired))).toMatchObject({ ok: true, event: { type: 'payment.failed', payment_id: 'pay-9' } });
  });

  it('refunds through the session’s payment intent', async () => {
    const stripe = createStripePayments({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl });
    expect(await stripe.refund({ ...payment, provider_ref: 'cs_test_1' }, 'The car was reserved by someone else.')).toEqual({ refund_ref: 're_test_1' });
    const sent = requests.find((r) => r.path === '/v1/refunds')!;
    expect(sent.form.get('payment_intent')).toBe('pi_test_1');
    expect(sent.form.get('metadata[payment_id]')).toBe('pay-9');
    await expect(stripe.refund(payment, 'x')).rejects.toThrow(/no Stripe checkout session/);
  });
});
