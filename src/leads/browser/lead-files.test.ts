import { describe, expect, it } from 'vitest';
import { PHOTOS_NOT_SENT, photosProblem, sendLeadFiles } from './lead-files';

const file = (head: number[] | string, size: number, name: string): File => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? Array.from(head, (c) => c.charCodeAt(0)) : head);
  return new File([bytes], name, { type: 'image/jpeg' });
};
const jpeg = (name = 'front.jpg', size = 500) => file([0xff, 0xd8, 0xff, 0xe0], size, name);

describe('photosProblem', () => {
  it('takes photos the server takes', async () => {
    expect(await photosProblem('vehicle_photos', [jpeg(), jpeg('side.jpg')])).toBeUndefined();
    expect(await photosProblem('vehicle_photos', [])).toBeUndefined();
  });
  it('names the file that is not a photo, whatever its name and type say', async () => {
    expect(await photosProblem('vehicle_photos', [jpeg(), file('%PDF-1.7', 500, 'rego-papers.jpg')])).toBe('rego-papers.jpg: Must be a JPEG, PNG, WebP file.');
    expect(await photosProblem('vehicle_photos', [file('<svg>', 500, 'x.jpg')])).toBe('Must be a JPEG, PNG, WebP file.');
  });
  it('refuses more photos or bigger ones than the rule allows', async () => {
    expect(
      await photosProblem(
        'vehicle_photos',
        Array.from({ length: 11 }, (_, i) => jpeg(`${i}.jpg`)),
      ),
    ).toBe('At most 10 files.');
    expect(await photosProblem('vehicle_photos', [jpeg('huge.jpg', 8 * 1024 * 1024 + 1)])).toBe('Each file must be at most 8 MB.');
  });
});

describe('sendLeadFiles', () => {
  const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('posts the files as multipart to the lead, with the idempotency key', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
      return Promise.resolve(new Response(JSON.stringify({ id: 'lead-1', files: 2 }), { status: 201 }));
    };
    expect(await sendLeadFiles('lead-1', 'vehicle_photos', [jpeg(), jpeg('b.jpg')], 'key-12345', { fetch })).toEqual({ ok: true, sent: 2 });
    expect(calls[0]?.url).toBe('/api/leads/lead-1/files');
    expect(calls[0]?.init.method).toBe('POST');
    expect((calls[0]?.init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-12345');
    const body = calls[0]?.init.body as FormData;
    expect(body.getAll('vehicle_photos')).toHaveLength(2);
  });

  it("tells the shopper the server's reason for a refused file, and a general message otherwise", async () => {
    const refused = answer(400, { error: 'Some files cannot be accepted.', fields: { vehicle_photos: 'At most 10 files.' } });
    expect(await sendLeadFiles('lead-1', 'vehicle_photos', [jpeg()], 'key-12345', { fetch: refused })).toEqual({ ok: false, error: 'At most 10 files.' });
    expect(await sendLeadFiles('lead-1', 'vehicle_photos', [jpeg()], 'key-12345', { fetch: answer(500, { error: 'x' }) })).toEqual({
      ok: false,
      error: PHOTOS_NOT_SENT,
    });
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await sendLeadFiles('lead-1', 'vehicle_photos', [jpeg()], 'key-12345', { fetch: offline })).toEqual({ ok: false, error: PHOTOS_NOT_SENT });
  });

  it("sends nothing for a test build's mock lead, or when no photo was chosen", async () => {
    const never = () => Promise.reject(new Error('no request expected'));
    expect(await sendLeadFiles('mock-1234', 'vehicle_photos', [jpeg()], 'key-12345', { fetch: never })).toEqual({ ok: true, sent: 0 });
    expect(await sendLeadFiles('lead-1', 'vehicle_photos', [], 'key-12345', { fetch: never })).toEqual({ ok: true, sent: 0 });
  });
});
