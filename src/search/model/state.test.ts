/** "Search state: query, page, sortBy, refinement arrays per vehicle field, currentPath, isMinRange, isMaxRange." */
import { describe, expect, it } from 'vitest';
import { rangeEnds, sliderEnds } from './state';

describe('isMinRange and isMaxRange', () => {
  it('mark the open ends of a chosen range', () => {
    expect(rangeEnds(undefined)).toEqual({ isMinRange: true, isMaxRange: true });
    expect(rangeEnds({ max: 30_000 })).toEqual({ isMinRange: true, isMaxRange: false });
    expect(rangeEnds({ min: 5_000 })).toEqual({ isMinRange: false, isMaxRange: true });
    expect(rangeEnds({ min: 5_000, max: 30_000 })).toEqual({ isMinRange: false, isMaxRange: false });
  });

  it("are where a slider's thumbs sit against the stock's floor and ceiling", () => {
    expect(sliderEnds([5_000, 250_000], 5_000, 250_000)).toEqual({ isMinRange: true, isMaxRange: true });
    expect(sliderEnds([4_500, 100_000], 5_000, 250_000)).toEqual({ isMinRange: true, isMaxRange: false });
    expect(sliderEnds([10_000, 260_000], 5_000, 250_000)).toEqual({ isMinRange: false, isMaxRange: true });
  });
});
