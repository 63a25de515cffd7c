import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerFaults, fieldErrors, problem, send } from './answers';

describe('problem and send', () => {
  it('answer the one envelope, with fields only when there are some, never cached', async () => {
    expect(problem(404, 'Unknown dealer')).toEqual({ status: 404, body: { error: 'Unknown dealer' } });
    expect(problem(400, 'Please check', { make: 'Make is required' })).toEqual({
      status: 400,
      body: { error: 'Please check', fields: { make: 'Make is required' } },
    });
    const app = new Hono();
    app.get('/', (c) => send(c, problem(409, 'Already complete')));
    const response = await app.request('/');
    expect(response.status).toBe(409);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'Already complete' });
  });
});

describe('fieldErrors', () => {
  it('keys the first message for each path, and the body itself as _', () => {
    const schema = z.object({ car: z.object({ year: z.number().min(1900, { error: 'Too old' }).max(2100) }), make: z.string() });
    const parsed = schema.safeParse({ car: { year: 10 } });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error?.issues ?? [])).toEqual({ 'car.year': 'Too old', make: expect.any(String) as unknown });
    expect(
      fieldErrors([
        { path: [], message: 'Send an object' },
        { path: [], message: 'second' },
      ]),
    ).toEqual({ _: 'Send an object' });
  });
});

describe('answerFaults', () => {
  it('logs the route and the error, and answers 500 in the envelope', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.onError(answerFaults({ log: (line) => lines.push(line) }));
    app.post('/api/leads', () => {
      throw new Error('disk full');
    });
    const response = await app.request('/api/leads', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Something went wrong on our side; please try again.' });
    expect(lines[0]).toMatch(/^POST \/api\/leads: Error: disk full/);
  });

  it('can name what failed instead, with its own answer', async () => {
    const logged: unknown[][] = [];
    const app = new Hono();
    app.onError(answerFaults({ log: (...args) => logged.push(args), logAs: 'could not take the lead', answer: 'Your enquiry could not be saved just now.' }));
    const fault = new Error('constraint');
    app.post('/api/leads', () => {
      throw fault;
    });
    expect(await (await app.request('/api/leads', { method: 'POST' })).json()).toEqual({ error: 'Your enquiry could not be saved just now.' });
    expect(logged).toEqual([['POST /api/leads: could not take the lead', fault]]);
  });
});
