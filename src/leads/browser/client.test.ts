import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  SUBMIT_ERROR,
  leadContext,
  linkedParamsKey,
  pageIdOf,
  linkedParamsOf,
  newIdempotencyKey,
  pageLeadsMode,
  readLinkedParams,
  readVisitedPages,
  recordVisit,
  sendLead,
  visitedPagesKey,
} from './client';
import { formOptions } from '../model/forms';
import { parseLeadRequest } from '../model/payload';
import { MemoryStorage } from '../../../tests/support/memory-storage';

interface Call {
  url: string;
  method: string | undefined;
  key: string | null;
  body: unknown;
}

/** A fetch that answers from a script: a Response factory, or an Error to throw. */
function scriptedFetch(answers: (() => Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = (input: string, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    calls.push({ url: input, method: init?.method, key: headers.get('Idempotency-Key'), body: JSON.parse(init?.body as string) });
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    const answer: Response | Error = next ? next() : new Error('no answer');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const noSleep = { sleeps: [] as number[] };
function deps(fetch: typeof globalThis.fetch) {
  const sleeps: number[] = [];
  noSleep.sleeps = sleeps;
  return { fetch, sleep: (ms: number) => (sleeps.push(ms), Promise.resolve()), retryDelays: [10, 20, 30] };
}

const lead = { form: 'enquiry', name: 'Jo Citizen' };

describe('sendLead', () => {
  it('posts { lead } as JSON with the idempotency key and returns the id', async () => {
    const { calls, fetch } = scriptedFetch([json(201, { id: 'lead-1' })]);
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(result).toEqual({ ok: true, id: 'lead-1' });
    expect(calls).toEqual([{ url: '/api/leads', method: 'POST', key: 'key-12345', body: { lead } }]);
  });

  it('puts to /api/leads/{id} for an update', async () => {
    const { calls, fetch } = scriptedFetch([json(200, { id: 'a/b' })]);
    const result = await sendLead({ method: 'PUT', id: 'a/b', lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(result).toEqual({ ok: true, id: 'a/b' });
    expect(calls[0]).toMatchObject({ url: '/api/leads/a%2Fb', method: 'PUT' });
  });

  it('retries a network failure and 5xx with the same key, then succeeds', async () => {
    const { calls, fetch } = scriptedFetch([() => new TypeError('Failed to fetch'), json(503, { error: 'busy' }), json(201, { id: 7 })]);
    const d = deps(fetch);
    const result = await sendLead({ lead, idempotencyKey: 'same-key-1' }, d);
    expect(result).toEqual({ ok: true, id: '7' });
    expect(calls.map((c) => c.key)).toEqual(['same-key-1', 'same-key-1', 'same-key-1']);
    expect(noSleep.sleeps).toEqual([10, 20]);
  });

  it('gives up after three retries and reports the last error', async () => {
    const { calls, fetch } = scriptedFetch([json(500, { error: 'Database unavailable' })]);
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(calls).toHaveLength(4);
    expect(result).toEqual({ ok: false, error: 'Database unavailable' });
  });

  it('reports the default message when the network never answers', async () => {
    const { calls, fetch } = scriptedFetch([() => new TypeError('Failed to fetch')]);
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(calls).toHaveLength(4);
    expect(result).toEqual({ ok: false, error: SUBMIT_ERROR });
  });

  it('honours a short Retry-After on 429', async () => {
    const { calls, fetch } = scriptedFetch([json(429, { error: 'Too many requests' }, { 'Retry-After': '2' }), json(201, { id: 'x' })]);
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(result).toEqual({ ok: true, id: 'x' });
    expect(calls).toHaveLength(2);
    expect(noSleep.sleeps).toEqual([2000]);
  });

  it('does not retry a 4xx and maps field errors to form field names', async () => {
    const { calls, fetch } = scriptedFetch([
      json(422, { error: 'Please check the form', fields: { 'lead.phone': 'Invalid phone number. Must be an Australian number.', 'lead.email': 3 } }),
    ]);
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch));
    expect(calls).toHaveLength(1);
    expect(result).toEqual({ ok: false, error: 'Please check the form', fields: { phone: 'Invalid phone number. Must be an Australian number.' } });
  });

  it('falls back to the default message for a 4xx without a usable body', async () => {
    const { fetch } = scriptedFetch([() => new Response('<html>Bad gateway</html>', { status: 400 })]);
    expect(await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch))).toEqual({ ok: false, error: SUBMIT_ERROR });
    const blank = scriptedFetch([json(404, { error: '   ' })]);
    expect(await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(blank.fetch))).toEqual({ ok: false, error: SUBMIT_ERROR });
  });

  it('treats a 2xx without an id as a failure', async () => {
    const { fetch } = scriptedFetch([json(201, { ok: true })]);
    expect(await sendLead({ lead, idempotencyKey: 'key-12345' }, deps(fetch))).toEqual({ ok: false, error: SUBMIT_ERROR });
  });

  it('aborts a request that hangs and retries it', async () => {
    let calls = 0;
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      if (calls === 2) return Promise.resolve(json(201, { id: 'late' })());
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }) as typeof globalThis.fetch;
    const result = await sendLead({ lead, idempotencyKey: 'key-12345' }, { ...deps(fetch), timeoutMs: 5 });
    expect(result).toEqual({ ok: true, id: 'late' });
  });
});

describe('newIdempotencyKey', () => {
  it('is fresh each time and fits the server pattern', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
  });
});

describe('visited pages and linked query params', () => {
  it('keeps the last 20 paths per site, a reload counted once', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 25; i += 1) recordVisit('kingfisher', { pathname: `/p${i}`, search: '' }, storage);
    recordVisit('kingfisher', { pathname: '/p24', search: '' }, storage);
    recordVisit('other', { pathname: '/elsewhere', search: '' }, storage);
    const pages = readVisitedPages('kingfisher', storage);
    expect(pages).toHaveLength(20);
    expect(pages[0]).toBe('/p5');
    expect(pages[19]).toBe('/p24');
    expect(readVisitedPages('other', storage)).toEqual(['/elsewhere']);
  });

  it('keeps campaign parameters from the landing URL until new ones arrive', () => {
    const storage = new MemoryStorage();
    recordVisit('k', { pathname: '/', search: '?utm_source=facebook&utm_campaign=spring&q=ute&gclid=abc' }, storage);
    recordVisit('k', { pathname: '/cars/x', search: '?page=2' }, storage);
    expect(readLinkedParams('k', storage)).toEqual({ utm_source: 'facebook', utm_campaign: 'spring', gclid: 'abc' });
    recordVisit('k', { pathname: '/contact', search: '?utm_source=google' }, storage);
    expect(readLinkedParams('k', storage)).toEqual({ utm_source: 'google' });
  });

  it('reads hostile storage as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem(visitedPagesKey('k'), '{not json');
    storage.setItem(linkedParamsKey('k'), '["utm_source"]');
    expect(readVisitedPages('k', storage)).toEqual([]);
    expect(readLinkedParams('k', storage)).toEqual({});
    // A page's stores read storage once (then keep it current themselves): a fresh tab's storage.
    const tampered = new MemoryStorage();
    tampered.setItem(visitedPagesKey('k'), JSON.stringify(['/ok', 42, 'javascript:alert(1)', `/${'x'.repeat(400)}`]));
    tampered.setItem(linkedParamsKey('k'), JSON.stringify({ utm_source: 'a', evil: 'b', utm_x: { nested: true }, __proto__: 'x' }));
    expect(readVisitedPages('k', tampered)).toEqual(['/ok']);
    expect(readLinkedParams('k', tampered)).toEqual({ utm_source: 'a' });
  });

  it('ignores everything but campaign parameters', () => {
    expect(linkedParamsOf('?q=1&page=2')).toBeUndefined();
    expect(linkedParamsOf('?UTM_Source=x&fbclid=y&utm_=z')).toEqual({ UTM_Source: 'x', fbclid: 'y' });
  });

  it('survives storage that throws', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => recordVisit('k', { pathname: '/', search: '?utm_source=x' }, broken)).not.toThrow();
    expect(readVisitedPages('k', broken)).toEqual([]);
  });
});

describe('leadContext', () => {
  it('names the form page as page_id, in a form the lead API always takes', () => {
    expect(pageIdOf('/cars/2021-toyota-corolla-ascent-sport-123')).toBe('/cars/2021-toyota-corolla-ascent-sport-123');
    expect(pageIdOf('/contact-us/caf%C3%A9 north')).toBe('/contact-us/caf-C3-A9-north');
    expect(pageIdOf('')).toBe('/');
    const long = pageIdOf(`/cars/${'a'.repeat(200)}`);
    expect(long).toHaveLength(80);
    for (const page_id of [long, pageIdOf('/contact-us/caf%C3%A9 north')]) {
      const parsed = parseLeadRequest(
        formOptions(),
        {
          lead: {
            form: 'enquiry',
            website_slug: 'kingfisher-toyota',
            page_id,
            name: 'Jo Citizen',
            phone: '0412 345 678',
            email: 'jo@example.com',
            message: 'Hi',
          },
        },
        'create',
      );
      expect(parsed.ok, page_id).toBe(true);
      expect(parsed.ok && parsed.lead.page_id).toBe(page_id);
    }
  });

  it('builds the context fields, the form page included in the trail', () => {
    const storage = new MemoryStorage();
    recordVisit('kingfisher-toyota', { pathname: '/', search: '?utm_medium=cpc' }, storage);
    const context = leadContext({ website_slug: 'kingfisher-toyota', dealership_slug: 'kingfisher-toyota-north' }, 1763700000000, {
      location: { href: 'https://kingfisher.example/contact?utm_source=x', pathname: '/contact', search: '?utm_source=x' },
      userAgent: 'Test/1.0',
      storage,
    });
    expect(context).toEqual({
      website_slug: 'kingfisher-toyota',
      dealership_slug: 'kingfisher-toyota-north',
      url: 'https://kingfisher.example/contact?utm_source=x',
      page_id: '/contact',
      source: 'Website',
      user_agent: 'Test/1.0',
      visited_pages: ['/', '/contact'],
      linked_query_params: { utm_source: 'x' },
      form_started_at: 1763700000000,
      company_website: '',
    });
  });

  it('works with no storage at all', () => {
    const context = leadContext({ website_slug: 'k' }, 1, {
      location: { href: 'http://k/x', pathname: '/x', search: '' },
      userAgent: 'UA',
      storage: undefined,
    });
    expect(context.visited_pages).toEqual(['/x']);
    expect(context.linked_query_params).toEqual({});
    expect(context).not.toHaveProperty('dealership_slug');
  });

  it('is the context the lead parser reads back unchanged', () => {
    const context = leadContext({ website_slug: 'kingfisher-toyota', dealership_slug: 'kingfisher-toyota-north' }, 1763700000000, {
      location: { href: 'https://kingfisher.example/contact?utm_source=x', pathname: '/contact', search: '?utm_source=x' },
      userAgent: 'Test/1.0',
      storage: new MemoryStorage(),
    });
    const lead = {
      ...context,
      form: 'enquiry',
      category: 'General Enquiry',
      event_id: 22,
      name: 'Jane Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      message: 'Hi',
    };
    const parsed = parseLeadRequest(formOptions({ show_category: true, categories: ['General Enquiry'] }), { lead }, 'create');
    expect(parsed.ok && parsed.lead).toMatchObject(context);
  });
});

// "POST /api/carClarityCustomer with form data (alternative target)."
describe('sendLead to the alternative target', () => {
  it('creates the lead at /api/carClarityCustomer as form fields, and updates it at /api/leads/{id}', async () => {
    const sent: { url: string; type: string | null; body: string }[] = [];
    const fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, type: new Headers(init.headers).get('Content-Type'), body: init.body as string });
      return Promise.resolve(new Response(JSON.stringify({ id: 'lead-7' }), { status: 201 }));
    }) as typeof globalThis.fetch;
    const finance = {
      form: 'finance',
      first_name: 'Jane',
      opt_in: true,
      step_number: 1,
      visited_pages: ['/', '/finance'],
      skipped_steps: [{ from: 0, to: 2 }],
      linked_query_params: { utm_source: 'google' },
      lead_status: 'Incomplete',
    };
    await expect(sendLead({ lead: finance, idempotencyKey: 'key-12345', createAt: 'carClarityCustomer' }, deps(fetch))).resolves.toEqual({
      ok: true,
      id: 'lead-7',
    });
    await sendLead({ id: 'lead-7', lead: finance, idempotencyKey: 'key-67890', createAt: 'carClarityCustomer' }, deps(fetch));
    expect(sent.map((s) => [s.url, s.type])).toEqual([
      ['/api/carClarityCustomer', 'application/x-www-form-urlencoded'],
      ['/api/leads/lead-7', 'application/json'],
    ]);
    const fields = new URLSearchParams(sent[0]!.body);
    expect(fields.get('first_name')).toBe('Jane');
    expect(fields.get('opt_in')).toBe('true');
    expect(fields.get('step_number')).toBe('1');
    expect(fields.getAll('visited_pages')).toEqual(['/', '/finance']);
    expect(JSON.parse(fields.get('skipped_steps')!)).toEqual([{ from: 0, to: 2 }]);
    expect(JSON.parse(fields.get('linked_query_params')!)).toEqual({ utm_source: 'google' });
  });
});

// Test builds (model/leads-mode.ts): every lead goes to /api/mock/leads, as JSON, in the same body.
describe('sendLead on a test build', () => {
  const recording = () => {
    const sent: { url: string; method: string | undefined; type: string | null; body: unknown }[] = [];
    const fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, type: new Headers(init.headers).get('Content-Type'), body: JSON.parse(init.body as string) });
      return Promise.resolve(new Response(JSON.stringify({ id: 'mock-1' }), { status: 201 }));
    }) as typeof globalThis.fetch;
    return { sent, fetch };
  };

  it('sends new leads and later steps to /api/mock/leads, a Car Clarity finance lead too', async () => {
    const { sent, fetch } = recording();
    const finance = { form: 'finance', first_name: 'Jane', lead_status: 'Incomplete' };
    const mock = { ...deps(fetch), mode: 'mock' as const };
    await expect(sendLead({ lead, idempotencyKey: 'key-12345' }, mock)).resolves.toEqual({ ok: true, id: 'mock-1' });
    await sendLead({ id: 'mock-1', lead: finance, idempotencyKey: 'key-23456' }, mock);
    await sendLead({ lead: finance, idempotencyKey: 'key-34567', createAt: 'carClarityCustomer' }, mock);
    expect(sent.map((s) => [s.method, s.url, s.type])).toEqual([
      ['POST', '/api/mock/leads', 'application/json'],
      ['PUT', '/api/mock/leads/mock-1', 'application/json'],
      ['POST', '/api/mock/leads', 'application/json'],
    ]);
    expect(sent[0]!.body).toEqual({ lead });
    expect(sent[2]!.body).toEqual({ lead: finance });
  });

  it('sends to /api/leads on a normal build', async () => {
    const { sent, fetch } = recording();
    await sendLead({ lead, idempotencyKey: 'key-12345' }, { ...deps(fetch), mode: 'live' });
    await sendLead({ id: 'lead-1', lead, idempotencyKey: 'key-23456' }, { ...deps(fetch), mode: 'live' });
    expect(sent.map((s) => s.url)).toEqual(['/api/leads', '/api/leads/lead-1']);
  });
});

describe('pageLeadsMode', () => {
  /** A parsed page, as far as pageLeadsMode reads one. */
  const page = (head: string): Pick<Document, 'querySelector'> => {
    const $ = load(`<!doctype html><html><head>${head}</head><body></body></html>`);
    return {
      querySelector: (selector: string) => {
        const found = $(selector).first();
        return found.length > 0 ? { content: found.attr('content') ?? '' } : null;
      },
    };
  };

  it('reads a test build from the page’s leads-mode meta tag, and anything else as a normal build', () => {
    expect(pageLeadsMode(page('<meta name="leads-mode" content="mock" />'))).toBe('mock');
    expect(pageLeadsMode(page('<meta name="description" content="mock" />'))).toBe('live');
    expect(pageLeadsMode(page('<meta name="leads-mode" content="live" />'))).toBe('live');
    expect(pageLeadsMode(page(''))).toBe('live');
    // Outside a browser (the server rendering an island) there is no page: real leads.
    expect(pageLeadsMode(undefined)).toBe('live');
  });
});
