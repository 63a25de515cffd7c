/**
 * GET /api/leads/:id/files/:fileId: the dealer downloads a shopper's car photo by the signed link
 * the lead's delivery carries, and nobody opens a file without one.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { leadFiles, leads, outbox } from '../../platform/db/schema';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { startOutboxWorker } from '../delivery/outbox/worker';
import type { WebhookBody } from '../delivery/webhook';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER, JPEG, NOW, OTHER_DEALER, photos, PNG, send, testApp, tradeInComplete, tradeInStarted } from '../../../tests/support/lead-api';
import { dealerFileCopy } from '../../../tests/support/test-site';
import { downloadName } from './file-api';
import { FILE_LINK_LIFE_MS, fileLinkExpiry, fileUrl } from './file-links';
import { ackToken } from './response-tracking';

const SECRET = 'file-link-secret-for-tests-0123456789';
const site = { url: `http://${DEALER}.localhost` };
const work = mkdtempSync(path.join(tmpdir(), 'lead-file-links-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The address part of a link, as the request sends it. */
const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('downloadName', () => {
  it('is the field and the file id, with the extension of the sniffed kind', () => {
    expect(downloadName('vehicle_photos', '9b1d7c0e-1111-4b7e-9d59-0b5a1f0e2a22', 'image/jpeg')).toBe(
      'vehicle-photos-9b1d7c0e-1111-4b7e-9d59-0b5a1f0e2a22.jpg',
    );
    expect(downloadName('payslips', 'abc', 'application/pdf')).toBe('payslips-abc.pdf');
  });

  it('takes nothing a header or a file system could misread', () => {
    expect(downloadName('__proto__', '../"evil"\r\n.html', 'image/png')).toBe('file-evilhtml.png');
    expect(downloadName('vehicle_photos', '', 'image/webp')).toBe('vehicle-photos-file.webp');
  });
});

describe.each(testDatabaseKinds())('GET /api/leads/:id/files/:fileId on %s', (kind) => {
  const db = useTestDatabase(kind);
  let filesDir: string;
  let outboxRoot: string;
  let clock: number;
  let app: ReturnType<typeof testApp>;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    filesDir = mkdtempSync(path.join(work, 'files-'));
    outboxRoot = mkdtempSync(path.join(work, 'outbox-'));
    clock = NOW;
    app = testApp({ database: db.current, filesDir, env: { LEAD_ACK_SECRET: SECRET, LEADS_OUTBOX_DIR: outboxRoot }, now: () => clock });
  });

  /** A trade-in lead with its car photos, completed; its file rows, JPEG first. */
  async function leadWithPhotos(host = `${DEALER}.localhost`, on = app) {
    const started = await send(on, { body: tradeInStarted(host === `${DEALER}.localhost` ? {} : { website_slug: OTHER_DEALER }), host });
    expect(started.status).toBe(201);
    const id = String(started.body.id);
    const upload = await send(on, {
      path: `/api/leads/${id}/files`,
      body: photos(['vehicle_photos', JPEG(), 'front.jpg'], ['vehicle_photos', PNG(), 'side.png']),
      host,
    });
    expect(upload.status).toBe(201);
    const files = await db.current.db.select().from(leadFiles).where(eq(leadFiles.lead_id, id));
    files.sort((a, b) => a.content_type.localeCompare(b.content_type));
    return { id, files };
  }
  const linkTo = (leadId: string, fileId: string, expires = fileLinkExpiry(new Date(clock)), secret = SECRET) =>
    pathOf(fileUrl(site, leadId, fileId, secret, expires));

  it('serves the stored bytes as a download, by the link the delivered lead carries', async () => {
    const { id, files } = await leadWithPhotos();
    expect((await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: tradeInComplete() })).status).toBe(200);

    const worker = startOutboxWorker({
      database: db.current,
      configFor: (slug) => (slug === DEALER ? { ...dealerFileCopy(DEALER), url: site.url } : undefined),
      env: { LEADS_OUTBOX_DIR: outboxRoot },
      ackSecret: SECRET,
      now: () => new Date(clock),
      pollMs: 0,
      vehicleFor: () => undefined,
      log: () => undefined,
    });
    // Queued at the database's own time; the worker here runs on the test's clock.
    await db.current.db.update(outbox).set({ next_attempt_at: new Date(clock) });
    expect(await worker.runOnce()).toMatchObject({ delivered: 2, failed: 0, dead: 0 });
    await worker.stop();
    const delivered = JSON.parse(readFileSync(path.join(outboxRoot, DEALER, `${id}.json`), 'utf8')) as WebhookBody;
    const expiresAt = new Date(fileLinkExpiry(new Date(clock)) * 1000).toISOString();
    expect(delivered.files.map((f) => [f.content_type, f.url_expires_at])).toEqual(
      expect.arrayContaining([
        ['image/jpeg', expiresAt],
        ['image/png', expiresAt],
      ]),
    );
    const adf = readFileSync(path.join(outboxRoot, DEALER, `${id}.adf.xml`), 'utf8');

    for (const file of delivered.files) {
      const url = file.url ?? '';
      expect(url.startsWith(`${site.url}/api/leads/${id}/files/${file.id}?key=`)).toBe(true);
      // Word for word in the ADF's XML text: the link has nothing to escape.
      expect(adf).toContain(url);
      const response = await app.request(url, { headers: { host: `${DEALER}.localhost` } });
      expect(response.status).toBe(200);
      const stored = files.find((f) => f.id === file.id);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes).equals(readFileSync(path.join(filesDir, DEALER, stored?.stored_name ?? '')))).toBe(true);
      expect(response.headers.get('content-type')).toBe(file.content_type);
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="vehicle-photos-${file.id}.${file.content_type === 'image/png' ? 'png' : 'jpg'}"`,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('answers with the kind read from the bytes, never a name or type the shopper sent', async () => {
    const { id, files } = await leadWithPhotos();
    const [jpeg] = files;
    const response = await send(app, { method: 'GET', path: linkTo(id, jpeg?.id ?? '') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).not.toContain('front');
  });

  it('refuses a link without a valid signature with 403, whatever else is right', async () => {
    const { id, files } = await leadWithPhotos();
    const fileId = files[0]?.id ?? '';
    const good = new URL(linkTo(id, fileId), site.url);
    const [expires = '', sig = ''] = (good.searchParams.get('key') ?? '').split('.');
    const base = `/api/leads/${id}/files/${fileId}`;
    // One character changed, whatever the signature happens to be.
    const tampered = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    for (const target of [
      base,
      `${base}?key=${expires}`,
      `${base}?key=${expires}.`,
      `${base}?key=.${sig}`,
      `${base}?key=${sig}`,
      `${base}?key=${expires}.${tampered}`,
      `${base}?key=${Number(expires) + 86_400}.${sig}`,
      `${base}?key=${expires}.${ackToken(SECRET, id)}`,
      `${base}?expires=${expires}&sig=${sig}`,
      linkTo(id, fileId, Number(expires), 'another-secret-0123456789abcdef'),
      // The second photo's address with the first one's signature.
      `/api/leads/${id}/files/${files[1]?.id ?? ''}?key=${expires}.${sig}`,
    ]) {
      const answer = await send(app, { method: 'GET', path: target });
      expect(answer, target).toMatchObject({ status: 403, body: { error: expect.stringContaining('not valid') as unknown } });
    }
  });

  it('refuses a signed link past its expiry with 403, saying so', async () => {
    const { id, files } = await leadWithPhotos();
    const link = linkTo(id, files[0]?.id ?? '');
    clock = NOW + FILE_LINK_LIFE_MS - 1000;
    expect((await send(app, { method: 'GET', path: link })).status).toBe(200);
    clock = NOW + FILE_LINK_LIFE_MS;
    expect(await send(app, { method: 'GET', path: link })).toMatchObject({ status: 403, body: { error: expect.stringContaining('expired') as unknown } });
  });

  it('serves no other lead’s file, even by a link signed for that pair, and nothing to another dealer’s host', async () => {
    const first = await leadWithPhotos();
    const second = await leadWithPhotos();
    // Signed, but the file is the second lead's: 404, as for a file that does not exist.
    expect(await send(app, { method: 'GET', path: linkTo(first.id, second.files[0]?.id ?? '') })).toMatchObject({
      status: 404,
      body: { error: 'File not found' },
    });
    expect((await send(app, { method: 'GET', path: linkTo(first.id, '00000000-0000-4000-8000-000000000000') })).status).toBe(404);
    // The right link on another dealer's site: that dealer has no such lead.
    const own = linkTo(first.id, first.files[0]?.id ?? '');
    expect((await send(app, { method: 'GET', path: own, host: `${OTHER_DEALER}.localhost` })).status).toBe(404);
    expect((await send(app, { method: 'GET', path: own, host: 'stranger.example' })).status).toBe(404);
    expect((await send(app, { method: 'GET', path: own })).status).toBe(200);
    // The lead is another dealer's (its file still on disk where this host's files are): refused by the lead's dealer, not by where the file lies.
    await db.current.db.update(leads).set({ dealer: OTHER_DEALER }).where(eq(leads.id, first.id));
    expect((await send(app, { method: 'GET', path: own })).status).toBe(404);
  });

  it('follows no path from the address or a stored name', async () => {
    const logged: string[] = [];
    app = testApp({ database: db.current, filesDir, env: { LEAD_ACK_SECRET: SECRET }, now: () => clock, log: (line) => logged.push(line) });
    const { id, files } = await leadWithPhotos();
    // Ids that would climb out of the files folder are only ever looked up, even when signed.
    for (const [leadId, fileId] of [
      ['..', '..'],
      [id, `../${files[0]?.stored_name ?? ''}`],
      [`../${DEALER}`, files[0]?.stored_name ?? ''],
      [id, '..%2F..%2F..%2Fetc%2Fpasswd'],
      ['x'.repeat(101), files[0]?.id ?? ''],
    ] as const) {
      const answer = await send(app, { method: 'GET', path: linkTo(leadId, fileId) });
      expect([403, 404], `${leadId} ${fileId}`).toContain(answer.status);
      expect(answer.headers.get('content-type')).toContain('application/json');
    }
    // A row whose stored name is no name the server makes is not followed.
    await db.current.db
      .update(leadFiles)
      .set({ stored_name: '../../../../etc/passwd' })
      .where(eq(leadFiles.id, files[0]?.id ?? ''));
    expect((await send(app, { method: 'GET', path: linkTo(id, files[0]?.id ?? '') })).status).toBe(404);
    expect(logged).toEqual([expect.stringContaining('has a stored name or kind the server never makes')]);
  });

  it('answers 404 once the file itself is gone (removed with the lead’s retention)', async () => {
    const { id, files } = await leadWithPhotos();
    unlinkSync(path.join(filesDir, DEALER, files[0]?.stored_name ?? ''));
    expect((await send(app, { method: 'GET', path: linkTo(id, files[0]?.id ?? '') })).status).toBe(404);
  });

  it('is rate limited per client address, on its own count', async () => {
    const limited = testApp({
      database: db.current,
      filesDir,
      env: { LEAD_ACK_SECRET: SECRET },
      now: () => clock,
      rateLimiter: memoryRateLimiter({ limit: 6, now: () => NOW }),
    });
    const { id, files } = await leadWithPhotos(`${DEALER}.localhost`, limited);
    const link = linkTo(id, files[0]?.id ?? '');
    for (let i = 0; i < 6; i++) expect((await send(limited, { method: 'GET', path: link, ip: '198.51.100.9' })).status).toBe(200);
    const refused = await send(limited, { method: 'GET', path: link, ip: '198.51.100.9' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await send(limited, { method: 'GET', path: link, ip: '198.51.100.10' })).status).toBe(200);
  });
});
