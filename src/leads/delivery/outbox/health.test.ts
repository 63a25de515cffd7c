import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { channelOf, checkOutboxFolder, checkOutboxFolderAtStart, checkSmtpAtStart, createDeliveryHealth } from './health';

const root = mkdtempSync(path.join(os.tmpdir(), 'delivery-health-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('createDeliveryHealth', () => {
  it('keeps a channel in trouble, from its first failure, until a delivery through it succeeds', () => {
    let now = new Date('2025-11-21T00:00:00Z');
    const health = createDeliveryHealth(() => now);
    health.failed('SMTP', 'refused (451)');
    now = new Date('2025-11-21T00:05:00Z');
    health.failed('SMTP', 'refused (421)');
    health.failed('webhook 0 of kingfisher-toyota', 'the webhook answered HTTP 500');
    expect(health.problems()).toEqual([
      { channel: 'SMTP', reason: 'refused (421)', since: '2025-11-21T00:00:00.000Z' },
      { channel: 'webhook 0 of kingfisher-toyota', reason: 'the webhook answered HTTP 500', since: '2025-11-21T00:05:00.000Z' },
    ]);
    health.succeeded('SMTP');
    expect(health.problems().map((p) => p.channel)).toEqual(['webhook 0 of kingfisher-toyota']);
  });

  it('names one channel per way out: one folder and one SMTP server for every dealer, each webhook apart', () => {
    expect(channelOf('folder', 'a')).toBe('outbox folder');
    expect(channelOf('adf_email:0', 'a')).toBe('SMTP');
    expect(channelOf('adf_email:default', 'b')).toBe('SMTP');
    expect(channelOf('webhook:1', 'a')).toBe('webhook 1 of a');
  });
});

describe('start-up checks', () => {
  it('finds an outbox folder it can write, creating it owner-only and leaving nothing behind', async () => {
    const dir = path.join(root, 'fresh', 'outbox');
    expect(await checkOutboxFolder(dir)).toBeUndefined();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('warns of an outbox folder it cannot write and reports it in health', async () => {
    const blocker = path.join(root, 'a-file');
    writeFileSync(blocker, '');
    const health = createDeliveryHealth();
    const warnings: string[] = [];
    await checkOutboxFolderAtStart({ env: { LEADS_OUTBOX_DIR: path.join(blocker, 'outbox') }, root, health, warn: (l) => warnings.push(l) });
    expect(health.problems()).toEqual([
      { channel: 'outbox folder', reason: `cannot be written: ${path.join(blocker, 'outbox')} (ENOTDIR)`, since: expect.any(String) as unknown },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^leads: WARNING the outbox folder \(LEADS_OUTBOX_DIR\) cannot be written: .* \(ENOTDIR\); leads are still stored/);
    // Off is off: nothing to check.
    const quiet = createDeliveryHealth();
    await checkOutboxFolderAtStart({ env: { LEADS_OUTBOX_DIR: 'off' }, root, health: quiet, warn: (l) => warnings.push(l) });
    expect(quiet.problems()).toEqual([]);
  });

  it('warns of an SMTP server that does not answer, naming no password, and reports it in health', async () => {
    const health = createDeliveryHealth();
    const warnings: string[] = [];
    // Nothing listens on port 1: refused at once.
    await checkSmtpAtStart({ env: { SMTP_URL: 'smtp://leads:s3cret-pass@127.0.0.1:1' }, health, warn: (l) => warnings.push(l) });
    expect(health.problems()).toEqual([
      { channel: 'SMTP', reason: expect.stringMatching(/^the SMTP server refused or failed .*ECONNREFUSED/) as unknown, since: expect.any(String) as unknown },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^leads: WARNING email delivery \(SMTP_URL\): the SMTP server refused or failed/);
    expect(warnings[0]).not.toContain('s3cret');
  });

  it('checks SMTP only when it is configured, and stays quiet when it answers', async () => {
    const health = createDeliveryHealth();
    let asked = 0;
    const checkSmtp = () => {
      asked++;
      return Promise.resolve();
    };
    await checkSmtpAtStart({ env: {}, health, checkSmtp });
    await checkSmtpAtStart({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' }, health, checkSmtp, warn: () => expect.fail('no warning') });
    expect(asked).toBe(1);
    expect(health.problems()).toEqual([]);
  });
});
