import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv } from './csv';

const parseCsv = (text: string): string[][] => parse(text);

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', `"'\r=cmd"`],
    ['=HYPERLINK("https://evil.example","click")', `"'=HYPERLINK(""https://evil.example"",""click"")"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])('disarms the formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves ordinary text alone and quotes only when RFC 4180 needs it', () => {
    expect(csvCell('Jane Citizen')).toBe('Jane Citizen');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('quotes a cell with a semicolon, which Excel splits on where ";" is the list separator', () => {
    expect(csvCell('Call after 5; not before')).toBe('"Call after 5; not before"');
    expect(csvCell('=a;b')).toBe(`"'=a;b"`);
    expect(parseCsv(csvRow(['a;b', 'c']))).toEqual([['a;b', 'c']]);
  });

  it('writes empty cells for null and undefined, ISO dates, JSON for objects', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell(new Date('2025-11-21T00:00:00Z'))).toBe('2025-11-21T00:00:00.000Z');
    expect(csvCell({ a: '=x', b: [1] })).toBe('"{""a"":""=x"",""b"":[1]}"');
  });
});

describe('toCsv', () => {
  it('round-trips hostile values through a real CSV parser, one record per row', () => {
    const hostile = ['=1+1', 'a,b', 'a;b', 'line\r\nbreak', '"quoted"', '@x', '', '<script>alert(1)</script>', 'ünïcødé 🚗', '\u0000nul'];
    const text = toCsv(
      ['value', 'n'],
      hostile.map((v, i) => [v, i]),
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(hostile.length + 1);
    rows.slice(1).forEach(([cell, n], i) => {
      const original = hostile[i] ?? '';
      expect(n).toBe(String(i));
      expect(cell).toBe(/^[=+\-@\t\r]/.test(original) ? `'${original}` : original);
    });
  });

  it('never lets a cell start a formula, for any string', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), (values) => {
        const [record] = parseCsv(csvRow(values));
        expect(record).toHaveLength(values.length);
        record?.forEach((cell, i) => {
          expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          const original = values[i] ?? '';
          expect(cell === original || cell === `'${original}`).toBe(true);
        });
      }),
    );
  });
});
