import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { comparisonRate, repayment } from '../stock/model/repayments';
import { testSite } from '../../tests/support/test-site';
import { brokerQuoter, financeQuoterFor, lenderRefusal, rateTableQuotes, type Lender, type QuoteRequest } from './finance';

const lender = (over: Partial<Lender> & Pick<Lender, 'id' | 'rates'>): Lender => ({
  name: over.id,
  establishment_fee: 0,
  monthly_fee: 0,
  min_term_months: 12,
  max_term_months: 84,
  min_deposit_percent: 0,
  car_types: ['new', 'demo', 'used'],
  ...over,
});

const lenders: Lender[] = [
  lender({ id: 'bank', name: 'Big Bank', rates: { excellent: 6.49, good: 7.49, fair: 9.99 }, establishment_fee: 395, monthly_fee: 8 }),
  lender({ id: 'credit-union', rates: { excellent: 6.99, good: 7.29 }, car_types: ['new', 'demo'] }),
  lender({ id: 'second-chance', rates: { fair: 13.95, limited: 17.95 }, max_term_months: 60, min_deposit_percent: 10 }),
];

const request = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  car: { id: 'car-1', price: 35_000, car_type: 'used' },
  deposit: 5000,
  term_months: 60,
  profile: 'good',
  region: 'AU',
  ...over,
});

describe('rate table quotes', () => {
  it('quotes each lender that finances the car type, term and profile, cheapest first', () => {
    const quotes = rateTableQuotes(lenders, request());
    expect(quotes.map((q) => q.lender_id)).toEqual(['bank']);
    const [bank] = quotes;
    const expected = repayment({ amount: 30_000, rate: 7.49, term_months: 60, frequency: 'weekly', establishment_fee: 395, monthly_fee: 8 });
    expect(bank).toMatchObject({
      lender: 'Big Bank',
      rate: 7.49,
      comparison_rate: comparisonRate({ rate: 7.49, establishment_fee: 395, monthly_fee: 8 }),
      frequency: 'weekly',
      payments: 260,
      payment_cents: Math.round(expected.payment * 100),
      total_cents: Math.round(expected.total * 100),
    });
    expect(rateTableQuotes(lenders, request({ car: { id: 'c', price: 35_000, car_type: 'new' } })).map((q) => q.lender_id)).toEqual(['credit-union', 'bank']);
  });

  it('leaves out lenders whose term, deposit or profile does not fit, and saying why', () => {
    const limited = request({ profile: 'limited' });
    expect(rateTableQuotes(lenders, limited).map((q) => q.lender_id)).toEqual(['second-chance']);
    expect(lenderRefusal(lenders[2]!, request({ profile: 'limited', deposit: 1000 }))).toBe('deposit');
    expect(lenderRefusal(lenders[2]!, request({ profile: 'limited', term_months: 72 }))).toBe('term');
    expect(lenderRefusal(lenders[1]!, request())).toBe('car type');
    expect(lenderRefusal(lenders[1]!, request({ profile: 'fair', car: { id: 'c', price: 1, car_type: 'new' } }))).toBe('credit profile');
  });

  it('quotes US sites monthly with the APR and no comparison rate', () => {
    const [quote] = rateTableQuotes(lenders, request({ region: 'US' }));
    expect(quote?.frequency).toBe('monthly');
    expect(quote?.payments).toBe(60);
    expect(quote?.comparison_rate).toBeUndefined();
  });
});

describe('broker', () => {
  let server: http.Server;
  let url = '';
  const seen: { auth?: string | undefined; body: unknown }[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the priced car with the key and reads the quotes back', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        quotes: [
          {
            lender_id: 'pepper',
            lender: 'Pepper <b>Money</b>',
            rate: 8.5,
            establishment_fee: 300,
            monthly_fee: 10,
            payment: 140.5,
            payments: 260,
            total: 36_530,
          },
          { lender_id: 'macquarie', lender: 'Macquarie', rate: 7.1, comparison_rate: 7.6, payment: 130.25, payments: 260, total: 33_865 },
        ],
      }),
    };
    const quotes = await brokerQuoter({ url, key: 'k-123', log: () => undefined }).quote(request());
    expect(seen.at(-1)).toEqual({
      auth: 'Bearer k-123',
      body: {
        car: { id: 'car-1', price: 35_000, car_type: 'used' },
        deposit: 5000,
        term_months: 60,
        credit_profile: 'good',
        frequency: 'weekly',
        region: 'AU',
      },
    });
    expect(quotes.map((q) => [q.lender_id, q.payment_cents, q.comparison_rate])).toEqual([
      ['macquarie', 13_025, 7.6],
      ['pepper', 14_050, comparisonRate({ rate: 8.5, establishment_fee: 300, monthly_fee: 10 })],
    ]);
    // Text from the broker is data: the page renders it as text.
    expect(quotes[1]?.lender).toBe('Pepper <b>Money</b>');
  });

  it('is unavailable when the broker fails or answers nonsense', async () => {
    const logs: string[] = [];
    const quoter = brokerQuoter({ url, log: (m) => logs.push(m) });
    answer = { status: 502, body: 'bad gateway' };
    await expect(quoter.quote(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
    answer = { status: 200, body: JSON.stringify({ quotes: [{ lender_id: 'x', rate: 99 }] }) };
    await expect(quoter.quote(request())).rejects.toThrow('unexpected shape');
    await expect(brokerQuoter({ url: 'http://127.0.0.1:9/none', log: (m) => logs.push(m) }).quote(request())).rejects.toThrow('did not answer');
    expect(logs.join('\n')).not.toContain('k-123');
  });

  it('is chosen by the dealer file, with the key from FINANCE_BROKER_API_KEY', () => {
    const site = testSite({ finance_provider: 'broker', finance: { broker: { url: 'https://broker.example/quotes' } } });
    expect(financeQuoterFor(site, { FINANCE_BROKER_API_KEY: 'x' }).name).toBe('broker');
    expect(financeQuoterFor(testSite(), {}).name).toBe('rate_table');
  });
});
