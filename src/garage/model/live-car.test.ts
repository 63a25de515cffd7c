import { describe, expect, it } from 'vitest';
import { parseCarHit } from '../../stock/model/car-hit';
import { testCar } from '../../../tests/support/test-car';
import { liveCarText, showsFinanceTerms } from './live-car';

const site = { region: 'AU', locale: 'en-AU', units: 'km' } as const;
const view = (overrides: Parameters<typeof testCar>[0] = {}) => parseCarHit(testCar(overrides))!;

describe('liveCarText', () => {
  it('shows the price of a car in stock, with no badge, and a repayment only where the page shows its terms', () => {
    expect(liveCarText(view(), site, false)).toEqual({ price: '$38,990', state: '', status: 'in_stock' });
    const advertising = { ...site, repayment: { per_price: 0.005, per: '/week' as const } };
    expect(liveCarText(view(), advertising, false).price).toBe('$38,990 · $195/week*');
  });

  it('badges a sold or coming car', () => {
    expect(liveCarText(view({ status: 'sold', sold_date_timestamp: 1_760_000_000 }), site, false)).toMatchObject({ state: 'Sold', status: 'sold' });
    expect(liveCarText(view({ status: 'coming_soon' }), site, false)).toMatchObject({ state: 'Coming Soon' });
  });

  it('says a car the site no longer lists is gone, and why there is no price yet', () => {
    expect(liveCarText(null, site, false)).toEqual({ price: '', state: 'No longer listed', status: 'unlisted' });
    expect(liveCarText(undefined, site, false)).toEqual({ price: 'Checking price…', state: '' });
    expect(liveCarText(undefined, site, true)).toEqual({ price: 'Price unavailable right now', state: '' });
  });
});

describe('showsFinanceTerms', () => {
  const advertising = { ...site, repayment: { per_price: 0.005, per: '/week' as const } };

  it('prints the finance terms only beside a repayment: never for sold or price-on-application cars alone', () => {
    const sold = view({ status: 'sold', sold_date_timestamp: 1_760_000_000 });
    const onApplication = view({ price: 0 });
    expect(showsFinanceTerms([sold, onApplication], advertising)).toBe(false);
    expect(showsFinanceTerms([sold, view()], advertising)).toBe(true);
    // Not yet loaded, or no longer listed: no repayment on screen yet.
    expect(showsFinanceTerms([undefined, null], advertising)).toBe(false);
    expect(showsFinanceTerms([], advertising)).toBe(false);
    // Without advertised terms no repayment is shown, so no terms either.
    expect(showsFinanceTerms([view()], site)).toBe(false);
  });
});
