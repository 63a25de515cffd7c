import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { repeatExport } from './feed-import';

describe('repeatExport', () => {
  it('makes the rows asked for from the sample, each copy with its own stock numbers and VINs', () => {
    const sample = readFileSync('tests/fixtures/stock/us-syndication-export.csv', 'utf8');
    const [header, ...rows]: string[][] = parseCsv(repeatExport(sample, 'Stock', 120), { bom: true });
    expect(rows).toHaveLength(120);
    const stock = header!.indexOf('Stock');
    const vin = header!.indexOf('VIN');
    expect(rows[0]![stock]).toBe('N7200-0');
    expect(rows[50]![stock]).toBe('N7200-1');
    expect(rows[50]![vin]).toMatch(/^[A-HJ-NPR-Z0-9]{13}0001$/);
    // The sample's row without a stock number (row 21) stays without one in each of the three copies: its bad rows come along.
    expect(rows.filter((row) => row[stock] === '')).toHaveLength(3);
  });
});
