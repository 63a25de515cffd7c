/**
 * POST /api/leads/:id/files: the car photos a trade-in or sell-my-car shopper adds once the lead
 * is started. The lead's id is the proof of owning it (as for PUT /api/leads/:id); the file rules
 * are those of /api/leads/with-files, counted over the lead's files so far.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { leadFiles, leads } from '../../platform/db/schema';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER, JPEG, NOW, OTHER_DEALER, PDF, photos, PNG, send, testApp, tradeInComplete, tradeInStarted } from '../../../tests/support/lead-api';

const work = mkdtempSync(path.join(tmpdir(), 'lead-attach-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds())('POST /api/leads/:id/files on %s', (kind) => {
  const db = useTestDatabase(kind);
  let filesDir: string;
  let app: ReturnType<typeof testApp>;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    filesDir = mkdtempSync(path.join(work, 'files-'));
    app = testApp({ database: db.current, filesDir });
  });

  const start = async (): Promise<string> => {
    const res = await send(app, { body: tradeInStarted() });
    expect(res.status).toBe(201);
    return String(res.body.id);
  };
  const filesOf = (id: string) => db.current.db.select().from(leadFiles).where(eq(leadFiles.lead_id, id));
  const kept = (): string[] => (existsSync(path.join(filesDir, DEALER)) ? readdirSync(path.join(filesDir, DEALER)) : []);

  it('keeps the photos with the started lead, which carries them when it is completed', async () => {
    const id = await start();
    const res = await send(app, {
      path: `/api/leads/${id}/files`,
      body: photos(['vehicle_photos', JPEG(), 'front.jpg'], ['vehicle_photos', PNG(), 'side.png']),
      key: 'photos-0001',
    });
    expect(res).toMatchObject({ status: 201, body: { id, files: 2 } });
    const records = await filesOf(id);
    expect(records.map((r) => [r.field, r.content_type, r.size]).sort()).toEqual([
      ['vehicle_photos', 'image/jpeg', 256],
      ['vehicle_photos', 'image/png', 256],
    ]);
    expect(kept().sort()).toEqual(records.map((r) => r.stored_name).sort());
    const jpeg = records.find((r) => r.content_type === 'image/jpeg');
    expect([...readFileSync(path.join(filesDir, DEALER, jpeg?.stored_name ?? '')).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // A retry of the same upload answers the same and keeps no second copy.
    const again = await send(app, {
      path: `/api/leads/${id}/files`,
      body: photos(['vehicle_photos', JPEG(), 'front.jpg'], ['vehicle_photos', PNG(), 'side.png']),
      key: 'photos-0001',
    });
    expect(again).toMatchObject({ status: 201, body: { id, files: 2 } });
    expect(await filesOf(id)).toHaveLength(2);
    expect(kept()).toHaveLength(2);

    const done = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: tradeInComplete() });
    expect(done.status).toBe(200);
    expect(await filesOf(id)).toHaveLength(2);
  });

  it('refuses a stranger: an id this dealer has not got, another dealer site, a completed lead and another website', async () => {
    const id = await start();
    // Each from its own address: the route's rate limit (5 a minute) is not what is tried here.
    let client = 0;
    const upload = (target: string, extra: { host?: string; headers?: Record<string, string> } = {}) =>
      send(app, { path: target, body: photos(['vehicle_photos', JPEG(), 'car.jpg']), ip: `198.51.100.${++client}`, ...extra });

    expect(await upload('/api/leads/00000000-0000-4000-8000-000000000000/files')).toMatchObject({ status: 404, body: { error: 'Lead not found' } });
    expect(await upload(`/api/leads/${'x'.repeat(101)}/files`)).toMatchObject({ status: 404 });
    // The same id on another dealer's site is no lead of that dealer.
    expect(await upload(`/api/leads/${id}/files`, { host: `${OTHER_DEALER}.localhost` })).toMatchObject({ status: 404 });
    // A multipart post needs no preflight, so a page on another website is refused as on /with-files.
    expect(await upload(`/api/leads/${id}/files`, { headers: { 'sec-fetch-site': 'cross-site' } })).toMatchObject({ status: 403 });
    expect(await upload(`/api/leads/${id}/files`, { headers: { origin: 'https://evil.example' } })).toMatchObject({ status: 403 });
    expect(await filesOf(id)).toEqual([]);

    // Once complete the lead may be on its way to the dealer, and its id is in the success page's address.
    expect((await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: tradeInComplete() })).status).toBe(200);
    expect(await upload(`/api/leads/${id}/files`)).toMatchObject({ status: 409, body: { error: 'This lead is already complete and cannot be changed.' } });
    expect(await filesOf(id)).toEqual([]);
    // Nothing written for any refused upload stays on disk.
    expect(kept()).toEqual([]);
  });

  it('refuses a file whose bytes are not a photo, whatever its name and type say, and keeps nothing', async () => {
    const id = await start();
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' });
    const res = await send(app, { path: `/api/leads/${id}/files`, body: photos(['vehicle_photos', JPEG(), 'a.jpg'], ['vehicle_photos', html, 'b.jpg']) });
    expect(res).toMatchObject({ status: 400, body: { fields: { vehicle_photos: 'Must be a JPEG, PNG, WebP file.' } } });
    const pdf = await send(app, { path: `/api/leads/${id}/files`, body: photos(['vehicle_photos', PDF(), 'car.png']) });
    expect(pdf.status).toBe(400);
    expect(await filesOf(id)).toEqual([]);
    expect(kept()).toEqual([]);
  });

  it('counts the photos the lead holds already against the ten a lead takes, and refuses too large a photo', async () => {
    const id = await start();
    const six = photos(...Array.from({ length: 6 }, (_, i): [string, Blob, string] => ['vehicle_photos', JPEG(), `${i}.jpg`]));
    expect((await send(app, { path: `/api/leads/${id}/files`, body: six })).status).toBe(201);
    const five = photos(...Array.from({ length: 5 }, (_, i): [string, Blob, string] => ['vehicle_photos', JPEG(), `${i}.jpg`]));
    expect(await send(app, { path: `/api/leads/${id}/files`, body: five })).toMatchObject({
      status: 400,
      body: { fields: { vehicle_photos: 'At most 10 files.' } },
    });
    expect(await filesOf(id)).toHaveLength(6);
    expect(kept()).toHaveLength(6);
    const huge = await send(app, { path: `/api/leads/${id}/files`, body: photos(['vehicle_photos', JPEG(8 * 1024 * 1024 + 1), 'big.jpg']) });
    expect(huge).toMatchObject({ status: 413, body: { fields: { vehicle_photos: 'Each file must be at most 8 MB.' } } });
  });

  it('refuses text fields, fields that take no files, an empty upload and a body that is not multipart', async () => {
    const id = await start();
    const withText = photos(['vehicle_photos', JPEG(), 'a.jpg']);
    withText.append('lead', '{}');
    expect(await send(app, { path: `/api/leads/${id}/files`, body: withText })).toMatchObject({
      status: 400,
      body: { fields: { lead: expect.any(String) as unknown } },
    });
    expect(await send(app, { path: `/api/leads/${id}/files`, body: photos(['cv', PDF(), 'cv.pdf']) })).toMatchObject({
      status: 400,
      body: { fields: { cv: 'Files are not accepted in this field.' } },
    });
    expect((await send(app, { path: `/api/leads/${id}/files`, body: new FormData() })).status).toBe(400);
    expect((await send(app, { path: `/api/leads/${id}/files`, body: { vehicle_photos: [] } })).status).toBe(415);
    expect(await filesOf(id)).toEqual([]);
    expect((await db.current.db.select().from(leads)).map((l) => l.status)).toEqual(['Incomplete']);
  });

  it('shares the lower rate limit of /api/leads/with-files', async () => {
    const limited = testApp({ database: db.current, filesDir, rateLimiter: memoryRateLimiter({ limit: 6, now: () => NOW }) });
    const id = String((await send(limited, { body: tradeInStarted(), ip: '198.51.100.1' })).body.id);
    const upload = (ip: string) => send(limited, { path: `/api/leads/${id}/files`, body: photos(['vehicle_photos', JPEG(), 'a.jpg']), ip });
    expect((await upload('198.51.100.1')).status).toBe(201);
    const refused = await upload('198.51.100.1');
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await upload('198.51.100.2')).status).toBe(201);
  });
});
