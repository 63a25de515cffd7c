import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLeadFiles, MAX_TOTAL_FILE_BYTES, removeLeadFiles, sniffFileKind, writeLeadFiles } from './files';

const bytes = (head: number[] | string, size = 64): Uint8Array => {
  const out = new Uint8Array(size);
  out.set(typeof head === 'string' ? Array.from(head, (c) => c.charCodeAt(0)) : head);
  return out;
};
const JPEG = (size = 64): Uint8Array => bytes([0xff, 0xd8, 0xff, 0xe0], size);
const PNG = (size = 64): Uint8Array => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size);
const PDF = (size = 64): Uint8Array => bytes('%PDF-1.7\n', size);
const WEBP = bytes('RIFF\0\0\0\0WEBPVP8 ');

describe('sniffFileKind', () => {
  it('reads the kind from the magic bytes', () => {
    expect(sniffFileKind(JPEG())).toBe('image/jpeg');
    expect(sniffFileKind(PNG())).toBe('image/png');
    expect(sniffFileKind(PDF())).toBe('application/pdf');
    expect(sniffFileKind(WEBP)).toBe('image/webp');
  });
  it('knows nothing else, however it is named', () => {
    expect(sniffFileKind(bytes('<svg onload=alert(1)>'))).toBeUndefined();
    expect(sniffFileKind(bytes('MZ\x90\0'))).toBeUndefined();
    expect(sniffFileKind(bytes('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('checkLeadFiles', () => {
  it('accepts files of the kinds each field takes', () => {
    const result = checkLeadFiles([
      { field: 'drivers_licence', bytes: PDF() },
      { field: 'payslips', bytes: JPEG() },
      { field: 'vehicle_photos', bytes: WEBP },
    ]);
    expect(result.ok && result.files.map((f) => f.kind)).toEqual(['application/pdf', 'image/jpeg', 'image/webp']);
  });
  it('refuses a kind the field does not take, unknown fields and too many files', () => {
    const result = checkLeadFiles([
      { field: 'vehicle_photos', bytes: PDF() },
      { field: 'cv', bytes: PDF() },
      ...Array.from({ length: 4 }, () => ({ field: 'payslips', bytes: PDF() })),
    ]);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fields: { vehicle_photos: 'Must be a JPEG, PNG, WebP file.', cv: 'Files are not accepted in this field.', payslips: 'At most 3 files.' },
    });
  });
  it('answers 413 for a file over its size or files over the total', () => {
    expect(checkLeadFiles([{ field: 'vehicle_photos', bytes: JPEG(8 * 1024 * 1024 + 1) }])).toMatchObject({ ok: false, status: 413 });
    const many = Array.from({ length: 5 }, () => ({ field: 'vehicle_photos', bytes: JPEG(MAX_TOTAL_FILE_BYTES / 5 + 1) }));
    expect(checkLeadFiles(many)).toMatchObject({ ok: false, status: 413 });
  });
});

describe('writeLeadFiles', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lead-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores the bytes under server-made names without extensions, and removes them again', async () => {
    const stored = await writeLeadFiles(dir, 'kingfisher-toyota', [{ field: 'payslips', kind: 'application/pdf', bytes: PDF() }]);
    expect(stored).toHaveLength(1);
    const [file] = stored;
    expect(file?.stored_name).toMatch(/^[0-9a-f-]{36}$/);
    expect(readdirSync(path.join(dir, 'kingfisher-toyota'))).toEqual([file?.stored_name]);
    expect(readFileSync(file?.file ?? '')).toEqual(Buffer.from(PDF()));
    await removeLeadFiles(stored);
    expect(existsSync(file?.file ?? '')).toBe(false);
  });
});
