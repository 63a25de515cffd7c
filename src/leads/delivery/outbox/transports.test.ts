import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealerFileCopy } from '../../../../tests/support/test-site';
import { adfEmail, deliverToFolder, deliverToWebhook, DeliveryError, emailSubject, headerText, outboxDir, shortError, type Delivery } from './transports';

const site = dealerFileCopy('kingfisher-toyota');
const delivery = (overrides: Partial<Delivery['lead']> = {}): Delivery => ({
  lead: {
    id: '6c1f2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    dealer: 'kingfisher-toyota',
    form: 'enquiry',
    category: 'General Enquiry',
    status: 'Complete',
    data: { first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com' },
    consent: { opt_in: false, wording: 'Keep me up to date', at: '2025-11-21T00:00:00.000Z' },
    created_at: new Date('2025-11-21T00:00:00Z'),
    ...overrides,
  },
  files: [],
  site,
  destination: 'webhook:0',
});

describe('shortError and headerText', () => {
  it('keeps errors to one short line with secrets blanked', () => {
    expect(shortError('connect failed for smtp://u:hunter22@mail\r\nsecond line', ['hunter22'])).toBe('connect failed for smtp://u:***@mail second line');
    expect(shortError('x'.repeat(500))).toHaveLength(300);
  });

  it('leaves no line break or control character in header text', () => {
    expect(headerText('a\r\nBcc: x@example.com\u0000\u2028b')).toBe('a Bcc: x@example.com b');
    expect(emailSubject(delivery().lead)).toBe('Lead: General Enquiry – Jane Citizen');
    expect(emailSubject(delivery({ data: {} }).lead)).toBe('Lead: General Enquiry – no name given');
    expect(emailSubject(delivery({ data: { name: 'Jane Citizen', source: 'AI assistant' } }).lead)).toBe('Lead (AI assistant): General Enquiry – Jane Citizen');
  });

  it('sends from SMTP_FROM, else from leads@ the dealer site host', () => {
    expect(adfEmail(delivery(), { to: ['crm@example.com'] }, {}).from).toEqual({
      name: 'Kingfisher Toyota website',
      address: 'leads@www.kingfishertoyota.example',
    });
    expect(adfEmail(delivery(), { to: ['crm@example.com'] }, { SMTP_FROM: 'noreply@platform.example' }).from.address).toBe('noreply@platform.example');
  });

  it('lists the link to each file sent with the lead in the email the dealer reads', () => {
    const url = (id: string) => `https://www.kingfishertoyota.example/api/leads/6c1f2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f/files/${id}?key=1766275200.abc`;
    const files = ['p-1', 'p-2'].map((id) => ({
      id,
      field: 'vehicle_photos',
      content_type: 'image/jpeg',
      size: 100,
      url: url(id),
      url_expires_at: '2025-12-21T00:00:00.000Z',
    }));
    const text = adfEmail({ ...delivery(), files }, { to: ['crm@example.com'] }, {}).text;
    expect(text).toContain(`Photos of the car 1 of 2 (JPEG): ${url('p-1')}`);
    expect(text).toContain(`Photos of the car 2 of 2 (JPEG): ${url('p-2')}`);
  });
});

describe('folder transport', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'folder-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves LEADS_OUTBOX_DIR from the root, defaulting to .data/outbox, and off means none', () => {
    expect(outboxDir({}, '/srv/app')).toBe('/srv/app/.data/outbox');
    expect(outboxDir({ LEADS_OUTBOX_DIR: 'leads-out' }, '/srv/app')).toBe('/srv/app/leads-out');
    expect(outboxDir({ LEADS_OUTBOX_DIR: 'off' }, '/srv/app')).toBeUndefined();
  });

  it('refuses ids that are not plain file names and leaves no temporary files', async () => {
    await expect(deliverToFolder(delivery({ id: '../../etc/passwd' }), dir)).rejects.toThrow('not a safe file name');
    await expect(deliverToFolder(delivery({ dealer: '..' }), dir)).rejects.toThrow(DeliveryError);
    await deliverToFolder(delivery(), dir);
    expect(readdirSync(path.join(dir, 'kingfisher-toyota')).sort()).toEqual([
      '6c1f2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f.adf.xml',
      '6c1f2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f.json',
    ]);
    await expect(deliverToFolder(delivery(), undefined)).rejects.toThrow('LEADS_OUTBOX_DIR is off');
  });
});

describe('webhook transport', () => {
  let server: http.Server;
  let url: string;
  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  beforeEach(async () => {
    server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const env = { SECRET_X: 'abcdef' };

  it('counts a redirect as a failure rather than following it', async () => {
    handler = (_req, res) => res.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere' }).end();
    await expect(deliverToWebhook(delivery(), { url, secret_env: 'SECRET_X' }, { env })).rejects.toThrow('the webhook answered HTTP 302');
  });

  it('gives up on a receiver that does not answer in time', async () => {
    handler = () => undefined;
    await expect(deliverToWebhook(delivery(), { url, secret_env: 'SECRET_X' }, { env, timeoutMs: 200 })).rejects.toThrow(
      'the webhook did not answer within 200 ms',
    );
  });

  it('resolves with the status on any 2xx', async () => {
    handler = (_req, res) => res.writeHead(202).end('accepted');
    await expect(deliverToWebhook(delivery(), { url, secret_env: 'SECRET_X' }, { env })).resolves.toBe(202);
  });
});
