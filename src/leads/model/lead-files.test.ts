import { describe, expect, it } from 'vitest';
import { acceptOf, CAR_PHOTOS_FIELD, checkFileSamples, FILE_KIND_HEAD_BYTES, fileLimitsInWords, LEAD_FILE_RULES } from './lead-files';

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);
const WEBP_HEAD = new Uint8Array(Array.from('RIFF\0\0\0\0WEBP', (c) => c.charCodeAt(0)));
const photo = (size: number, head = JPEG_HEAD) => ({ field: CAR_PHOTOS_FIELD, size, head, name: 'car.jpg' });

describe('checkFileSamples', () => {
  it('judges a photo by its size and first bytes alone, as the browser sees a chosen file', () => {
    expect(WEBP_HEAD.length).toBeLessThanOrEqual(FILE_KIND_HEAD_BYTES);
    const result = checkFileSamples([photo(3_000_000), photo(100, WEBP_HEAD)]);
    expect(result.ok && result.files.map((f) => [f.kind, f.name])).toEqual([
      ['image/jpeg', 'car.jpg'],
      ['image/webp', 'car.jpg'],
    ]);
  });
  it('counts the files a field holds already', () => {
    expect(checkFileSamples([photo(100)], { [CAR_PHOTOS_FIELD]: 9 }).ok).toBe(true);
    expect(checkFileSamples([photo(100), photo(100)], { [CAR_PHOTOS_FIELD]: 9 })).toMatchObject({ ok: false, fields: { vehicle_photos: 'At most 10 files.' } });
    // A count held for a name no field has is no count.
    expect(checkFileSamples([photo(100)], JSON.parse('{"__proto__": 99}') as Record<string, number>).ok).toBe(true);
  });
  it('refuses an empty file, a file over the size and a file that is no photo', () => {
    expect(checkFileSamples([photo(0)])).toMatchObject({ ok: false, status: 400, fields: { vehicle_photos: 'The file is empty.' } });
    expect(checkFileSamples([photo(8 * 1024 * 1024 + 1)])).toMatchObject({ ok: false, status: 413 });
    expect(checkFileSamples([photo(100, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))])).toMatchObject({
      ok: false,
      fields: { vehicle_photos: 'Must be a JPEG, PNG, WebP file.' },
    });
  });
});

describe('the car photos field in words', () => {
  it('states the limits the rule holds', () => {
    expect(fileLimitsInWords(CAR_PHOTOS_FIELD)).toBe('Up to 10 JPEG, PNG or WebP files, at most 8 MB each and 40 MB together.');
    expect(acceptOf(CAR_PHOTOS_FIELD)).toBe('image/jpeg,image/png,image/webp');
    expect(LEAD_FILE_RULES[CAR_PHOTOS_FIELD]?.maxCount).toBe(10);
    expect(fileLimitsInWords('cv')).toBe('');
  });
});
