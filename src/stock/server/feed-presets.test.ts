import { describe, expect, it } from 'vitest';
import { stockFeedFields } from '../../platform/config/schema';
import { vehicleSchema } from '../model/vehicle';
import { feedPresets, headerKey, resolveHeader } from './feed-presets';

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
