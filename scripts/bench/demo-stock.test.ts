import { describe, expect, it } from 'vitest';
import { dealerFileCopy } from '../../tests/support/test-site';
import { medianOf, timeDemoStock } from './demo-stock';

describe('demo stock timing', () => {
  it('reports the middle run, the lower middle for an even count', () => {
    expect(medianOf([900, 120, 130])).toBe(130);
    expect(medianOf([140, 120, 130, 900])).toBe(130);
    expect(medianOf([])).toBeNaN();
  });

  it('times each run of the real generator and takes their median', () => {
    const timing = timeDemoStock(dealerFileCopy('kingfisher-toyota'), 50, 3, Date.UTC(2025, 5, 15));
    expect(timing.cars).toBe(50);
    expect(timing.timesMs).toHaveLength(3);
    expect(timing.timesMs.every((ms) => ms > 0)).toBe(true);
    expect(timing.medianMs).toBe(medianOf(timing.timesMs));
  });
});
