import { describe, expect, it } from 'vitest';
import { readForm, type FormLimits } from './form-body';
import { BOUNDARY, multipart, MULTIPART_TYPE, partText, streamedParts } from '../../../tests/support/multipart';

const encoder = new TextEncoder();

const LIMITS: FormLimits = { bodyBytes: 4096, parts: 10, fields: 6, files: 3, fieldBytes: 100, fileBytes: 50, totalFileBytes: 80 };
const request = (body: BodyInit, type = MULTIPART_TYPE): Request =>
  new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit);

describe('readForm', () => {
  it('reads text fields and files, in order, repeated names kept', async () => {
    const read = await readForm(
      request(
        multipart([
          { name: 'lead', value: '{"name":"Jane"}' },
          { name: 'tag', value: 'a' },
          { name: 'tag', value: 'b' },
          { name: 'photo', filename: 'car.jpg', bytes: 'JPEGDATA' },
        ]),
      ),
      LIMITS,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.fields).toEqual([
      { name: 'lead', value: '{"name":"Jane"}' },
      { name: 'tag', value: 'a' },
      { name: 'tag', value: 'b' },
    ]);
    expect(read.files.map((f) => ({ ...f, bytes: new TextDecoder().decode(f.bytes) }))).toEqual([{ name: 'photo', filename: 'car.jpg', bytes: 'JPEGDATA' }]);
  });

  it('reads urlencoded forms with the same limits', async () => {
    const read = await readForm(request('first_name=Jane&opt_in=on&visited_pages%5B%5D=%2F', 'application/x-www-form-urlencoded'), LIMITS);
    expect(read).toEqual({
      ok: true,
      fields: [
        { name: 'first_name', value: 'Jane' },
        { name: 'opt_in', value: 'on' },
        { name: 'visited_pages[]', value: '/' },
      ],
      files: [],
    });
    const many = await readForm(request(Array.from({ length: 50 }, (_, i) => `f${i}=1`).join('&'), 'application/x-www-form-urlencoded'), LIMITS);
    expect(many).toEqual({ ok: false, problem: { status: 413, body: { error: 'The form has too many fields: at most 6.' } } });
  });

  it('takes a form of exactly the most parts', async () => {
    const parts = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const files = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}`, filename: 'a', bytes: 'x' }));
    const read = await readForm(request(multipart([...parts, ...files, { name: 'p9', filename: '', bytes: '' }].slice(0, 10))), { ...LIMITS, files: 4 });
    expect(read.ok).toBe(true);
  });

  it('refuses 100,000 one-byte parts at the first part past the limit, and reads no further', async () => {
    const parts = streamedParts(100_000);
    const read = await readForm(request(parts.stream), { ...LIMITS, fields: 1000, bodyBytes: 1024 * 1024 });
    expect(read).toEqual({ ok: false, problem: { status: 413, body: { error: 'The form has too many parts: at most 10.' } } });
    // A chunk or two of 100 parts were read, not the 100,000.
    expect(parts.pulled()).toBeLessThanOrEqual(300);
  });

  it('refuses too many files, a file too large, files too large together and a field too large', async () => {
    const file = (name: string, bytes: string) => ({ name, filename: 'x.bin', bytes });
    expect(await readForm(request(multipart([file('a', 'x'), file('b', 'x'), file('c', 'x'), file('d', 'x')])), LIMITS)).toEqual({
      ok: false,
      problem: { status: 413, body: { error: 'Too many files: at most 3.' } },
    });
    expect(await readForm(request(multipart([file('photo', 'x'.repeat(51))])), LIMITS)).toMatchObject({
      ok: false,
      problem: { status: 413, body: { fields: { photo: expect.stringMatching(/at most/) as unknown } } },
    });
    expect(await readForm(request(multipart([file('a', 'x'.repeat(45)), file('b', 'x'.repeat(45))])), LIMITS)).toMatchObject({
      ok: false,
      problem: { status: 413, body: { error: expect.stringMatching(/^Files may total at most/) as unknown } },
    });
    expect(await readForm(request(multipart([{ name: 'lead', value: 'x'.repeat(101) }])), LIMITS)).toMatchObject({
      ok: false,
      problem: {
        status: 413,
        body: { error: expect.stringMatching(/^The field "lead" is larger than/) as unknown, fields: { lead: expect.any(String) as unknown } },
      },
    });
  });

  it('refuses __proto__, constructor and prototype as names, naming them, for fields and files alike', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      for (const part of [
        { name, value: 'x' },
        { name, filename: 'a.jpg', bytes: 'x' },
      ]) {
        const read = await readForm(request(multipart([{ name: 'lead', value: '{}' }, part])), LIMITS);
        expect(read.ok, name).toBe(false);
        if (read.ok) continue;
        expect(read.problem.status).toBe(400);
        expect(read.problem.body.error).toBe(`The field name "${name}" is not allowed.`);
        // An own key of the answer, as the JSON a client reads.
        expect(Object.keys(JSON.parse(JSON.stringify(read.problem.body.fields)) as object)).toEqual([name]);
      }
    }
  });

  it('refuses a nameless part, an over-long name and a body that is not form data', async () => {
    const nameless = `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`;
    expect(await readForm(request(nameless), LIMITS)).toMatchObject({ ok: false, problem: { status: 400 } });
    for (const body of [multipart([{ name: 'n'.repeat(101), value: 'x' }]), request(`${'n'.repeat(101)}=x`, 'application/x-www-form-urlencoded')]) {
      expect(await readForm(body instanceof Request ? body : request(body), LIMITS)).toMatchObject({
        ok: false,
        problem: { status: 400, body: { error: 'A field name is longer than 100 characters.' } },
      });
    }
    expect(await readForm(request('no boundary', 'multipart/form-data'), LIMITS)).toEqual({
      ok: false,
      problem: { status: 400, body: { error: 'The form data could not be read.' } },
    });
    expect(await readForm(request(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished`), LIMITS)).toEqual({
      ok: false,
      problem: { status: 400, body: { error: 'The form data could not be read.' } },
    });
  });

  it('refuses a body over its size, by Content-Length before reading and by counting when it has none', async () => {
    const big = multipart([{ name: 'a', value: 'x'.repeat(2000) }]);
    const small = { ...LIMITS, fieldBytes: 4096, bodyBytes: 1024 };
    const declared = new Request('http://x/', { method: 'POST', headers: { 'content-type': MULTIPART_TYPE, 'content-length': String(big.length) }, body: big });
    expect(await readForm(declared, small)).toEqual({ ok: false, problem: { status: 413, body: { error: 'The request is larger than 1 KB.' } } });
    const parts = streamedParts(100_000);
    expect(await readForm(request(parts.stream), { ...LIMITS, fields: 1000, parts: 1000, bodyBytes: 20_000 })).toEqual({
      ok: false,
      problem: { status: 413, body: { error: 'The request is larger than 20 KB.' } },
    });
    expect(parts.pulled()).toBeLessThan(1000);
  });

  it('passes on an error of the body stream itself, for the middleware that caused it', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(partText({ name: 'a', value: 'x' })));
        controller.error(new Error('body limit'));
      },
    });
    await expect(readForm(request(failing), LIMITS)).rejects.toThrow('body limit');
  });
});
