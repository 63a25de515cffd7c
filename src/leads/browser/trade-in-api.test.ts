import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adjustValuation,
  AUTOGRAB_LOOKUP,
  carDealershipId,
  lookUpRego,
  requestValuation,
  VALUATION_UNAVAILABLE,
  valuationAnswers,
  type DealershipDirectory,
  saveValuation,
} from './trade-in-api';

/** A fetch answering one status and body, recording what it was asked. */
function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const doFetch = (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { doFetch: doFetch as unknown as typeof fetch, calls };
}

/** The JSON a call sent. */
const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(typeof init?.body === 'string' ? init.body : 'null');

const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;

describe('lookUpRego', () => {
  it('posts the plate and state and reads the vehicle', async () => {
    const { doFetch, calls } = fakeFetch(200, { make: 'Toyota', model: 'Corolla', year: 2019, variant: 'Ascent Sport', body: 'Hatch', source: 'demo' });
    expect(await lookUpRego('ABC123', 'QLD', doFetch)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2019, variant: 'Ascent Sport' });
    expect(calls[0]?.url).toBe('/api/nevdis');
    expect(bodyOf(calls[0]?.init)).toEqual({ rego: 'ABC123', state: 'QLD' });
  });

  it('is undefined when not found, refused, malformed or offline', async () => {
    expect(await lookUpRego('X', 'QLD', fakeFetch(404, { error: 'No vehicle found' }).doFetch)).toBeUndefined();
    expect(await lookUpRego('X', 'QLD', fakeFetch(503, { error: 'down' }).doFetch)).toBeUndefined();
    expect(await lookUpRego('X', 'QLD', fakeFetch(200, { make: 'Toyota', model: 'Corolla', year: '2019' }).doFetch)).toBeUndefined();
    expect(await lookUpRego('X', 'QLD', fakeFetch(200, { make: 'x'.repeat(500), model: 'Corolla', year: 2019 }).doFetch)).toBeUndefined();
    expect(await lookUpRego('X', 'QLD', fakeFetch(200, 'not json').doFetch)).toBeUndefined();
    expect(await lookUpRego('X', 'QLD', failing)).toBeUndefined();
  });
});

describe('lookUpRego through AutoGrab', () => {
  /** A fetch answering per route: a vehicle, or a status with no vehicle. */
  function routes(answers: Record<string, number | object>) {
    const asked: string[] = [];
    const doFetch = ((url: string) => {
      asked.push(url);
      const answer = answers[url] ?? 404;
      return Promise.resolve(
        typeof answer === 'number' ? new Response('{"error":"x"}', { status: answer }) : new Response(JSON.stringify(answer), { status: 200 }),
      );
    }) as unknown as typeof fetch;
    return { doFetch, asked };
  }
  const kia = { make: 'Kia', model: 'Rio', year: 2019, variant: '' };

  it('asks AutoGrab when NEVDIS finds nothing or is down', async () => {
    for (const nevdis of [404, 503]) {
      const { doFetch, asked } = routes({ '/api/nevdis': nevdis, [AUTOGRAB_LOOKUP]: kia });
      expect(await lookUpRego('ABC123', 'NSW', doFetch)).toEqual(kia);
      expect(asked).toEqual(['/api/nevdis', '/api/simple-autograb-lookup']);
    }
  });

  it('asks AutoGrab alone for a New Zealand plate, and NEVDIS alone when it finds the car', async () => {
    const nz = routes({ [AUTOGRAB_LOOKUP]: kia });
    expect(await lookUpRego('ABC123', '', nz.doFetch)).toEqual(kia);
    expect(nz.asked).toEqual(['/api/simple-autograb-lookup']);
    const au = routes({ '/api/nevdis': kia });
    await lookUpRego('ABC123', 'QLD', au.doFetch);
    expect(au.asked).toEqual(['/api/nevdis']);
  });
});

describe('adjustValuation', () => {
  it('puts the condition answers against the valuation already made, and reads the new estimate', async () => {
    const { doFetch, calls } = fakeFetch(200, { id: 'v1', estimate: { low: 19000, high: 22000 }, currency: 'NZD' });
    const answers = { two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'excellent' };
    expect(await adjustValuation('v1', answers, doFetch)).toEqual({ kind: 'estimate', low: 19000, high: 22000, currency: 'NZD', id: 'v1' });
    expect(calls[0]?.url).toBe('/api/valuations');
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(bodyOf(calls[0]?.init)).toEqual({ id: 'v1', adjustmentAnswers: answers });
  });

  it('is unavailable when the valuation is unknown or the service is down', async () => {
    expect((await adjustValuation('v1', {}, fakeFetch(404, { error: 'Unknown valuation' }).doFetch)).kind).toBe('unavailable');
    expect((await adjustValuation('v1', {}, failing)).kind).toBe('unavailable');
  });
});

describe('valuationAnswers', () => {
  it('lower-cases the condition and keeps yes/no answers as booleans', () => {
    expect(valuationAnswers({ two_sets_of_keys: true, service_history: false, no_illegal_modifications: true, condition: 'Good' })).toEqual({
      two_sets_of_keys: true,
      service_history: false,
      no_illegal_modifications: true,
      condition: 'good',
    });
  });

  it('drops anything else', () => {
    expect(valuationAnswers({ two_sets_of_keys: 'yes', extra: 1 })).toEqual({});
    expect(valuationAnswers(undefined)).toBeUndefined();
  });
});

describe('requestValuation', () => {
  const car = { lead_id: 'lead-1', make: 'Toyota', model: 'Corolla', year: 2021, km: 40000 };

  it('values a test build’s car unlinked, as its mock lead was never stored', async () => {
    const { doFetch, calls } = fakeFetch(201, { id: 'v1', estimate: { low: 1, high: 2 } });
    await requestValuation({ ...car, lead_id: 'mock-0b7c5e3a-1111-4222-8333-944455556666' }, doFetch);
    expect(bodyOf(calls[0]?.init)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2021, km: 40000 });
  });

  it('reads an estimate range', async () => {
    const { doFetch, calls } = fakeFetch(201, { id: 'v1', estimate: { low: 18000, high: 21000 }, currency: 'AUD' });
    expect(await requestValuation(car, doFetch)).toEqual({ kind: 'estimate', low: 18000, high: 21000, currency: 'AUD', id: 'v1' });
    expect(calls[0]?.url).toBe('/api/valuations');
    expect(bodyOf(calls[0]?.init)).toEqual(car);
  });

  it("reads the 'no online estimate' answer with its message", async () => {
    const message = "We can't give an online estimate for cars over 7 years old.";
    expect(await requestValuation(car, fakeFetch(201, { id: 'v1', refused: 'too_old', message }).doFetch)).toEqual({ kind: 'refused', message, id: 'v1' });
  });

  it('is unavailable on errors and odd answers', async () => {
    const unavailable = { kind: 'unavailable', message: VALUATION_UNAVAILABLE };
    expect(await requestValuation(car, fakeFetch(503, { error: 'down' }).doFetch)).toEqual(unavailable);
    expect(await requestValuation(car, fakeFetch(201, { estimate: { low: 5, high: 1 } }).doFetch)).toEqual(unavailable);
    expect(await requestValuation(car, fakeFetch(201, { estimate: { low: '1', high: 2 } }).doFetch)).toEqual(unavailable);
    expect(await requestValuation(car, failing)).toEqual(unavailable);
  });

  it('never passes an odd currency code on', async () => {
    expect(await requestValuation(car, fakeFetch(201, { estimate: { low: 1, high: 2 }, currency: '<b>' }).doFetch)).toMatchObject({ currency: 'AUD' });
  });
});

describe('carDealershipId', () => {
  const directory: DealershipDirectory = {
    bySlug: { 'drivesmart-nsw': '71', 'drivesmart-qld': '72' },
    byLocation: { '5': '73' },
    search: { host: '/api/search', apiKey: '', indexUid: 'drivesmart-pre-owned' },
  };

  it('is the only dealership without asking anyone', async () => {
    expect(await carDealershipId('48213', { ...directory, only: '310' }, 'http://x.localhost', failing)).toBe('310');
  });

  it('finds the car through search and maps its dealership slug, else its location', async () => {
    const bySlug = fakeFetch(200, { results: [{ hits: [{ id: 48213, dealership_slug: 'drivesmart-qld', location_id: 5 }] }] });
    expect(await carDealershipId('48213', directory, 'http://x.localhost', bySlug.doFetch)).toBe('72');
    expect(bySlug.calls[0]?.url).toBe('http://x.localhost/api/search/multi-search');
    expect(bodyOf(bySlug.calls[0]?.init)).toMatchObject({ queries: [{ indexUid: 'drivesmart-pre-owned', filter: ['id = 48213'], limit: 1 }] });
    const byLocation = fakeFetch(200, { results: [{ hits: [{ id: 48213, location_id: 5 }] }] });
    expect(await carDealershipId('48213', directory, 'http://x.localhost', byLocation.doFetch)).toBe('73');
  });

  it('is undefined for another car, no car, a bad id or a failure', async () => {
    expect(
      await carDealershipId(
        '48213',
        directory,
        'http://x.localhost',
        fakeFetch(200, { results: [{ hits: [{ id: 1, dealership_slug: 'drivesmart-qld' }] }] }).doFetch,
      ),
    ).toBeUndefined();
    expect(await carDealershipId('48213', directory, 'http://x.localhost', fakeFetch(200, { results: [{ hits: [] }] }).doFetch)).toBeUndefined();
    expect(await carDealershipId('1 OR 1=1', directory, 'http://x.localhost', fakeFetch(200, {}).doFetch)).toBeUndefined();
    expect(await carDealershipId('48213', directory, 'http://x.localhost', failing)).toBeUndefined();
  });
});

describe('browser bundle', () => {
  // The valuation request's schema (and the full zod it is written in) stays on the server: the
  // browser takes only its type, which the bundler drops.
  it('reaches the valuation request only through type imports, and no module that imports zod', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
        const [, typeOnly, specifier] = match;
        if (typeOnly || !specifier) continue;
        if (specifier.startsWith('.')) visit(resolve(dirname(file), `${specifier}.ts`));
        else packages.add(specifier);
      }
    };
    visit(resolve(import.meta.dirname, 'trade-in-api.ts'));
    expect([...seen].map((f) => f.replace(`${resolve(import.meta.dirname, '../..')}/`, ''))).toEqual([
      'leads/browser/trade-in-api.ts',
      // Which lead ids are a test build's: imports nothing.
      'leads/model/leads-mode.ts',
    ]);
    expect([...packages]).toEqual([]);
    expect(readFileSync(resolve(import.meta.dirname, 'trade-in-api.ts'), 'utf8')).toMatch(
      /^import type \{[^}]*ValuationRequest[^}]*\} from '\.\.\/model\/valuation-request';$/m,
    );
  });
});

// "On one site, POST /api/miscellaneous with the valuation result plus column_name 'valuation'."
// "Valuation save: console success 'Valuation data saved successfully' or error 'Failed to save valuation data'."
describe('saveValuation', () => {
  const estimate = { kind: 'estimate', low: 18_000, high: 21_000, currency: 'AUD' } as const;
  function consoleLines() {
    const lines: string[] = [];
    return { lines, log: { log: (m: unknown) => lines.push(`log ${String(m)}`), error: (m: unknown) => lines.push(`error ${String(m)}`) } };
  }

  it('keeps nothing against a test build’s mock lead, which was never stored', async () => {
    const { doFetch, calls } = fakeFetch(400, { error: 'Unknown lead' });
    const { lines, log } = consoleLines();
    expect(await saveValuation('mock-0b7c5e3a-1111-4222-8333-944455556666', estimate, doFetch, log)).toBe(true);
    expect(calls).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('posts the valuation against the lead and logs success', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const doFetch = ((url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(init.body as string) });
      return Promise.resolve(new Response('{"id":"1"}', { status: 201 }));
    }) as typeof fetch;
    const { lines, log } = consoleLines();
    await expect(saveValuation('lead-9', estimate, doFetch, log)).resolves.toBe(true);
    expect(sent).toEqual([{ url: '/api/miscellaneous', body: { lead_id: 'lead-9', column_name: 'valuation', valuation: estimate } }]);
    expect(lines).toEqual(['log Valuation data saved successfully']);
  });

  it('logs the failure, whether refused or unreachable', async () => {
    for (const doFetch of [() => Promise.resolve(new Response('{}', { status: 503 })), () => Promise.reject(new TypeError('offline'))]) {
      const { lines, log } = consoleLines();
      await expect(saveValuation('lead-9', estimate, doFetch as typeof fetch, log)).resolves.toBe(false);
      expect(lines).toEqual(['error Failed to save valuation data']);
    }
  });
});
