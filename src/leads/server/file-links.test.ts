import { describe, expect, it } from 'vitest';
import { checkFileLink, FILE_LINK_LIFE_MS, fileLinkExpiry, fileLinkSignature, fileUrl } from './file-links';
import { ackToken } from './response-tracking';

const SECRET = 'file-link-secret-0123456789abcdef';
const LEAD = '3f0c1a52-7f0e-4b7e-9d59-0b5a1f0e2a11';
const FILE = '9b1d7c0e-1111-4b7e-9d59-0b5a1f0e2a22';
const NOW = Date.UTC(2025, 10, 21, 3, 0, 0);
const site = { url: 'https://www.kingfishertoyota.example/' };

const partsOf = (url: string) => {
  const parsed = new URL(url);
  const [, , , leadId = '', , fileId = ''] = parsed.pathname.split('/').map(decodeURIComponent);
  return { leadId, fileId, key: parsed.searchParams.get('key') ?? undefined };
};

describe('fileUrl', () => {
  it('is the file’s address on the dealer’s own site, with its expiry and signature', () => {
    const expires = fileLinkExpiry(new Date(NOW));
    const url = fileUrl(site, LEAD, FILE, SECRET, expires);
    expect(url).toBe(`https://www.kingfishertoyota.example/api/leads/${LEAD}/files/${FILE}?key=${expires}.${fileLinkSignature(SECRET, LEAD, FILE, expires)}`);
    expect(checkFileLink(SECRET, partsOf(url), NOW)).toBe('valid');
  });

  it('expires a month after it is made', () => {
    expect(fileLinkExpiry(new Date(NOW)) * 1000).toBe(NOW + FILE_LINK_LIFE_MS);
    expect(FILE_LINK_LIFE_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });
});

describe('checkFileLink', () => {
  const expires = fileLinkExpiry(new Date(NOW));
  const good = partsOf(fileUrl(site, LEAD, FILE, SECRET, expires));

  it('opens until the expiry, and calls a signed link past it expired', () => {
    expect(checkFileLink(SECRET, good, expires * 1000 - 1)).toBe('valid');
    expect(checkFileLink(SECRET, good, expires * 1000)).toBe('expired');
  });

  it('refuses a link changed in any part, or signed with another secret', () => {
    expect(checkFileLink(SECRET, { ...good, fileId: 'another-file' }, NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, { ...good, leadId: 'another-lead' }, NOW)).toBe('invalid');
    const sig = (good.key ?? '').split('.')[1] ?? '';
    expect(checkFileLink(SECRET, { ...good, key: `${expires + 86_400}.${sig}` }, NOW)).toBe('invalid');
    expect(checkFileLink('another-secret-0123456789abcdef', good, NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, { ...good, key: `${good.key ?? ''}A` }, NOW)).toBe('invalid');
  });

  it('refuses a missing or malformed signature or expiry', () => {
    const sig = (good.key ?? '').split('.')[1] ?? '';
    for (const key of [
      undefined,
      '',
      `${expires}`,
      `${expires}.`,
      `.${sig}`,
      sig,
      `-1.${sig}`,
      `${expires}.0.${sig}`,
      `1e12.${sig}`,
      `${'9'.repeat(13)}.${sig}`,
    ]) {
      expect(checkFileLink(SECRET, { ...good, key }, NOW), String(key)).toBe('invalid');
    }
  });

  it('never takes an acknowledge token as a file signature', () => {
    expect(checkFileLink(SECRET, { ...good, key: `${expires}.${ackToken(SECRET, LEAD)}` }, NOW)).toBe('invalid');
    expect(fileLinkSignature(SECRET, LEAD, FILE, expires)).not.toBe(ackToken(SECRET, LEAD));
  });
});
