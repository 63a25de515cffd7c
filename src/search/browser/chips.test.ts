import { describe, expect, it } from 'vitest';
import { clearedUiState, refinementChips } from './chips';
import { searchStateToUiState, uiStateToSearchState } from './ui-state';
import type { SearchState } from '../model/state';

const labels = {
  attribute: (a: string) => ({ make: 'Make', price: 'Price', car_type: 'Condition' })[a] ?? a,
  value: (a: string, v: string) => (a === 'car_type' && v === 'used' ? 'Used' : v),
  number: (_a: string, n: number) => `$${n.toLocaleString('en-AU')}`,
};

const state: SearchState = {
  query: 'hybrid',
  page: 3,
  refinements: { car_type: ['used'], make: ['Toyota', 'Mazda'] },
  ranges: { price: { min: 5000, max: 20000 } },
};

describe('current refinement chips', () => {
  const chips = refinementChips(state, labels);
  const ui = searchStateToUiState(state, 'idx');
  const after = (label: string) => {
    const chip = chips.find((c) => c.label === label);
    if (!chip) throw new Error(`no chip ${label}`);
    return uiStateToSearchState(chip.remove(ui), 'idx');
  };

  it('names every choice', () => {
    expect(chips.map((c) => c.label)).toEqual(['Search: hybrid', 'Condition: Used', 'Make: Toyota', 'Make: Mazda', 'Price from $5,000', 'Price up to $20,000']);
  });

  it('removes one value, one side of a range, or the query, and goes back to page 1', () => {
    expect(after('Make: Toyota')).toEqual({ ...state, page: undefined, refinements: { car_type: ['used'], make: ['Mazda'] } });
    expect(after('Price from $5,000').ranges).toEqual({ price: { max: 20000 } });
    expect(after('Search: hybrid').query).toBeUndefined();
    expect(after('Condition: Used').page).toBeUndefined();
  });

  it('clears everything but fixed settings', () => {
    expect(clearedUiState({ ...ui, configure: { hitsPerPage: 21 } })).toEqual({ configure: { hitsPerPage: 21 } });
  });
});
