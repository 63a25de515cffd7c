import { describe, expect, it } from 'vitest';
import { stockFeedFields } from '../../platform/config/schema';
import { vehicleSchema } from '../model/vehicle';
import { feedPresets, headerKey, ownShape, resolveHeader } from './feed-presets';
import { mapRow, slugWords, stockNumberId } from './feed-rows';

describe('feed presets', () => {
  it('map only to fields the import knows', () => {
    const converted = ['condition', 'odometer', 'miles', 'msrp', 'series', 'date_in_stock', 'location', 'ignore'];
    const vehicleFields = Object.keys(vehicleSchema.shape);
    for (const field of stockFeedFields) expect(vehicleFields.includes(field) || converted.includes(field), field).toBe(true);
    for (const preset of Object.values(feedPresets)) for (const field of Object.values(preset.columns)) expect(stockFeedFields).toContain(field);
  });

  it('match headers without regard to case, spaces or punctuation; the dealer file wins; unknown columns are named once', () => {
    expect(headerKey('Stock Number')).toBe(headerKey('stock_number'));
    const resolved = resolveHeader(['stock number', 'VIN', 'Kms', 'CostPrice', 'Notes', ''], feedPresets.au_nz_dms, { KMS: 'odometer', vin: 'ignore' });
    expect(resolved).toEqual({ fields: ['stocknum', undefined, 'odometer', undefined, undefined, undefined], unknown: ['Notes'], problems: [] });
  });

  it('refuse a header with two columns for one field', () => {
    expect(resolveHeader(['Price', 'Drive Away'], feedPresets.au_nz_dms, { 'Drive Away': 'price' }).problems).toEqual([
      'columns "Price" and "Drive Away" both hold price; map one of them to "ignore" in the dealer file\'s stock_feed.columns',
    ]);
  });
});

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
});
