import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerFaults } from './answers';
import { MAX_JSON_DEPTH, accepts, jsonBody, limitBody, mediaType, parseJson, readJson, validJson } from './request-body';

const car = z.object({ make: z.string().min(1, { error: 'Make is required' }), year: z.number().int() });

/** A router taking a car of at most 1 KB, the way the API's routers take their bodies. */
function carRouter(schema: z.ZodType = car) {
  const logs: { line: string; error: unknown }[] = [];
  const app = new Hono();
  app.onError(answerFaults({ log: (line, error) => logs.push({ line, error }) }));
  app.post('/cars', jsonBody(1024), validJson(schema), (c) => c.json({ kept: c.req.valid('json') }, 201));
  const post = (body: string, type = 'application/json') => app.request('/cars', { method: 'POST', headers: { 'Content-Type': type }, body });
  return { app, logs, post };
}

const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as unknown,
  cache: response.headers.get('cache-control'),
});

describe('jsonBody and validJson', () => {
  it('pass a JSON body that checks out to the route, as the schema returns it', async () => {
    const { post } = carRouter(car.transform((v) => ({ ...v, make: v.make.toUpperCase() })));
    expect(await answer(await post('{"make": "kia", "year": 2020}'))).toMatchObject({ status: 201, body: { kept: { make: 'KIA', year: 2020 } } });
    expect((await post('{"make": "kia", "year": 2020}', 'application/json; charset=utf-8')).status).toBe(201);
  });

  it('refuse another media type (415), a larger body (413) and text that is not JSON (400), in the envelope, never cached', async () => {
    const { post } = carRouter();
    expect(await answer(await post('make=kia', 'application/x-www-form-urlencoded'))).toEqual({
      status: 415,
      body: { error: 'Send the request as application/json.' },
      cache: 'no-store',
    });
    expect(await answer(await post(JSON.stringify({ make: 'x'.repeat(2000), year: 1 })))).toEqual({
      status: 413,
      body: { error: 'The request is larger than 1 KB.' },
      cache: 'no-store',
    });
    for (const text of ['{"make": ', '', '  ']) {
      expect(await answer(await post(text))).toEqual({ status: 400, body: { error: 'The request body is not valid JSON.' }, cache: 'no-store' });
    }
  });

  it('refuse a streamed body as soon as it passes the limit', async () => {
    const { app } = carRouter();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 512;
        if (pulled > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(512).fill(0x20));
      },
    });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: endless, duplex: 'half' };
    expect((await app.request('/cars', init)).status).toBe(413);
    expect(pulled).toBeLessThan(64 * 1024);
  });

  it('refuse JSON nested 30,000 deep as not valid JSON (400), not as a fault', async () => {
    const logs: string[] = [];
    const app = new Hono();
    app.onError(answerFaults({ log: (line) => logs.push(line) }));
    app.post('/any', jsonBody(256 * 1024), validJson(z.unknown()), (c) => c.json({ kept: true }, 201));
    const post = (body: string) => app.request('/any', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    expect(await answer(await post(deep))).toEqual({ status: 400, body: { error: 'The request body is not valid JSON.' }, cache: 'no-store' });
    expect(await answer(await post(`{"make": ${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}}`))).toMatchObject({ status: 400 });
    expect(logs).toEqual([]);
  });

  it('answer a body that does not check out 400 with the fields to fix, keyed by path', async () => {
    const { post } = carRouter();
    expect(await answer(await post('{"make": "", "year": 1.5}'))).toEqual({
      status: 400,
      body: { error: 'Please check the highlighted fields', fields: { make: 'Make is required', year: expect.any(String) as unknown } },
      cache: 'no-store',
    });
    expect((await answer(await post('null'))).body).toMatchObject({ fields: { _: expect.any(String) as unknown } });
  });

  it('answer a schema that throws with a 500 and a log line, never a 4xx', async () => {
    const bug = new Error('the refinement read a field that is not there');
    const broken = z.object({
      make: z.string().refine(() => {
        throw bug;
      }),
    });
    const { post, logs } = carRouter(broken);
    expect(await answer(await post('{"make": "Kia"}'))).toEqual({
      status: 500,
      body: { error: 'Something went wrong on our side; please try again.' },
      cache: 'no-store',
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.line).toMatch(/^POST \/cars: Error: the refinement read a field that is not there/);
    expect(logs[0]?.error).toBe(bug);
  });
});

describe('accepts and limitBody', () => {
  it('refuse other media types and larger bodies for routes that read the body themselves', async () => {
    const app = new Hono();
    app.post('/files', accepts('multipart/form-data', 'application/x-www-form-urlencoded'), limitBody(2048), (c) => c.text('taken', 201));
    const send = (body: string, type: string) => app.request('/files', { method: 'POST', headers: { 'Content-Type': type }, body });
    expect(await answer(await send('{}', 'application/json'))).toEqual({
      status: 415,
      body: { error: 'Send the request as multipart/form-data or application/x-www-form-urlencoded.' },
      cache: 'no-store',
    });
    expect((await send('a=1', 'application/x-www-form-urlencoded')).status).toBe(201);
    expect(await answer(await send(`a=${'x'.repeat(3000)}`, 'application/x-www-form-urlencoded'))).toMatchObject({
      status: 413,
      body: { error: 'The request is larger than 2 KB.' },
    });
  });
});

describe('readJson and mediaType', () => {
  it('tell an empty body from a malformed one, for routes with their own error bodies', async () => {
    const app = new Hono();
    app.post('/read', async (c) => c.json({ type: mediaType(c), read: await readJson(c) }));
    const read = async (body: string, type: string) =>
      (await (await app.request('/read', { method: 'POST', headers: { 'Content-Type': type }, body })).json()) as unknown;
    expect(await read('{"q": 1}', 'Application/JSON; charset=UTF-8')).toEqual({ type: 'application/json', read: { ok: true, body: { q: 1 } } });
    expect(await read(' ', 'application/json')).toMatchObject({ read: { ok: false, empty: true } });
    expect(await read('{"q": ', 'text/plain')).toMatchObject({ type: 'text/plain', read: { ok: false, empty: false, reason: expect.any(String) as unknown } });
  });
});

describe('parseJson', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('parses up to MAX_JSON_DEPTH levels and refuses the next, naming where, as serde_json does', () => {
    expect(MAX_JSON_DEPTH).toBe(127);
    expect(parseJson(nested(127)).ok).toBe(true);
    expect(parseJson(nested(128))).toEqual({ ok: false, empty: false, reason: 'recursion limit exceeded at line 1 column 128' });
    expect(parseJson(`{\n "a":\n ${nested(200)}}`)).toMatchObject({ reason: 'recursion limit exceeded at line 3 column 128' });
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ q: `"\\${'['.repeat(500)}`, filter: ['a = "x"'] });
    expect(parseJson(text)).toEqual({ ok: true, body: JSON.parse(text) as unknown });
  });
});
