import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testSite } from '../../../../tests/support/test-site';
import { mailFolder, sendShopperMail } from './shopper-mail';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('shopper mail without SMTP', () => {
  it('writes a complete message into the dealer’s mail folder, with headers on one line each', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mail-'));
    dirs.push(dir);
    const site = testSite();
    const env = { LEADS_OUTBOX_DIR: dir };
    const receipt = await sendShopperMail(
      site,
      { to: 'shopper@example.com', subject: 'Your code\r\nBcc: evil@example.com', text: 'Code 123456', headers: { 'X-Test': 'a\nb' } },
      { env },
    );
    expect(receipt.via).toBe('folder');
    if (receipt.via !== 'folder') return;
    expect(path.dirname(receipt.file)).toBe(mailFolder(site.slug, { env }));
    const eml = await readFile(receipt.file, 'utf8');
    expect(eml).toMatch(/^To: shopper@example.com$/m);
    expect(eml).toMatch(/^Subject: Your code Bcc: evil@example.com$/m);
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toMatch(/^X-Test: a b$/m);
    expect(eml).toContain('Code 123456');
  });

  it('throws when there is neither SMTP nor an outbox folder', async () => {
    await expect(sendShopperMail(testSite(), { to: 'a@b.co', subject: 's', text: 't' }, { env: { LEADS_OUTBOX_DIR: 'off' } })).rejects.toThrow(
      /cannot be sent/,
    );
  });
});
