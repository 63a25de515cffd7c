import { describe, expect, it } from 'vitest';
import { labelPoint, segmentAt, segmentPath, stopRotation } from './wheel';

describe('the wheel', () => {
  it('stops with the drawn prize under the pointer, wherever it starts and whatever the offset', () => {
    for (const count of [2, 3, 5, 8, 12]) {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 90, 1980, 3617.5]) {
          for (const offset of [-0.49, 0, 0.3]) {
            const rotation = stopRotation(index, count, { from, offset });
            expect(segmentAt(rotation, count)).toBe(index);
            // It always turns forward, at least the full turns.
            expect(rotation).toBeGreaterThanOrEqual(from + 5 * 360 - 360);
            expect(rotation).toBeGreaterThan(from);
          }
        }
      }
    }
  });

  it('draws segments edge to edge around the circle', () => {
    expect(segmentPath(0, 4, 100)).toBe('M 100 100 L 100 0 A 100 100 0 0 1 200 100 Z');
    expect(segmentPath(3, 4, 100)).toBe('M 100 100 L 0 100 A 100 100 0 0 1 100 0 Z');
    expect(segmentPath(0, 2, 100)).toContain('A 100 100 0 0 1 100 200');
    expect(labelPoint(0, 4, 100, 0.5)).toEqual({ x: 135.36, y: 64.64 });
  });
});
