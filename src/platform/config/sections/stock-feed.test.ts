import { describe, expect, it } from 'vitest';
import { stockFeedSchema } from './stock-feed';

describe('stock_feed in the dealer file', () => {
  it('takes a preset, the dealer’s own columns and a share, with the default share of 30 %', () => {
    expect(stockFeedSchema.parse({ preset: 'au_nz_dms', columns: { 'Stock No': 'stocknum', Kms: 'odometer' } })).toEqual({
      preset: 'au_nz_dms',
      columns: { 'Stock No': 'stocknum', Kms: 'odometer' },
      max_removed_share: 0.3,
    });
  });

  it('refuses a preset, a field or a share it does not know, and a misspelt key', () => {
    const problems = (value: unknown) => stockFeedSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(problems({ preset: 'dms' })).toEqual(['preset']);
    expect(problems({ columns: { Price: 'cost_price' } })).toEqual(['columns.Price']);
    expect(problems({ max_removed_share: 30 })).toEqual(['max_removed_share']);
    expect(problems({ max_removed: 0.5 })).toEqual(['']);
  });
});
