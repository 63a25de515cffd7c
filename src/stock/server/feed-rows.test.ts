import { describe, expect, it } from 'vitest';
import { ownShape, resolveHeader } from './feed-presets';
import { mapRow, slugWords, stockNumberId } from './feed-rows';

describe('rows of an export', () => {
  const context = { dates: 'dmy' as const, units: 'km' as const, now: 1_800_000_000, previous: new Map() };

  it('give a car the same id and page from its stock number in every feed', () => {
    expect(stockNumberId('AB123')).toBe(stockNumberId(' ab123 '));
    expect(stockNumberId('AB123')).not.toBe(stockNumberId('AB124'));
    expect(stockNumberId('AB123')).toBeLessThan(2 ** 40);
    expect(slugWords('2022 Škoda Octavia RS "Wagon" AB/12')).toBe('2022-skoda-octavia-rs-wagon-ab-12');
  });

  it('carry the first-seen date over from the stock before, and read the odometer in the site units', () => {
    const shape = ownShape('dmy');
    const columns = ['stocknum', 'year', 'make', 'model', 'body', 'condition', 'odometer', 'price'];
    const fields = resolveHeader(columns, shape, {}).fields;
    const cells = ['A1', '2020', 'Ford', 'Focus', 'Hatch', 'Used', '10,000', '$9,990'];
    const id = stockNumberId('A1');
    const before = new Map([[id, { created_at_timestamp: 1_700_000_000 } as never]]);
    expect(mapRow(cells, fields, columns, { ...context, previous: before }).raw).toMatchObject({
      id,
      km: 10_000,
      created_at_timestamp: 1_700_000_000,
      price: 9990,
    });
    expect(mapRow(cells, fields, columns, { ...context, units: 'miles' }).raw).toMatchObject({ km: 16_093, created_at_timestamp: 1_800_000_000 });
  });

  it('name the dealer’s column in problems, and take the MSRP only when there is no selling price', () => {
    const columns = ['Stock', 'Year', 'Make', 'Model', 'Body', 'Type', 'Miles', 'SellingPrice', 'MSRP'];
    const fields = resolveHeader(columns, ownShape('mdy'), {
      Stock: 'stocknum',
      Type: 'condition',
      SellingPrice: 'price',
      MSRP: 'msrp',
    }).fields;
    const row = (cells: string[]) => mapRow(cells, fields, columns, context);
    expect(row(['N1', '2026', 'Ford', 'F-150', 'Pickup', 'New', '', '', '$52,995']).raw).toMatchObject({ price: 52_995, km: 0, car_type: 'new' });
    expect(row(['N1', '2026', 'Ford', 'F-150', 'Pickup', 'New', '', '49995', 'n/a']).raw).toMatchObject({ price: 49_995 });
    const bad = row(['', '26', 'Ford', 'F-150', 'Pickup', 'Wholesale', '10', '', '']);
    expect(bad.problems).toEqual([
      { field: 'stocknum', column: 'Stock', reason: 'is missing: every car needs one, it is how the car is known from one feed to the next' },
      { field: 'year', column: 'Year', reason: '"26" is not a year such as 2022' },
      { field: 'car_type', column: 'Type', reason: '"Wholesale" is not New, Used, Demo or Certified' },
    ]);
    expect(bad.columnOf).toMatchObject({ price: 'SellingPrice', km: 'Miles', car_type: 'Type' });
  });
});
