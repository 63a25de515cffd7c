import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_PX, swipeStep } from './swipe';

describe('swipeStep', () => {
  it('shows the next photo for a swipe to the left and the previous for one to the right', () => {
    expect(swipeStep(-80, 5)).toBe(1);
    expect(swipeStep(80, -5)).toBe(-1);
  });

  it('moves nothing for a tap or a short nudge', () => {
    expect(swipeStep(0, 0)).toBe(0);
    expect(swipeStep(-(SWIPE_MIN_PX - 1), 0)).toBe(0);
  });

  it('leaves a mostly vertical drag to the page scrolling', () => {
    expect(swipeStep(-60, 80)).toBe(0);
    expect(swipeStep(60, 45)).toBe(0);
  });
});
