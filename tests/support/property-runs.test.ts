import { describe, expect, it } from 'vitest';
import { DEFAULT_PROPERTY_RUNS, propertyRuns } from './property-runs';

describe('propertyRuns', () => {
  it('reads PROPERTY_RUNS', () => {
    expect(propertyRuns({ PROPERTY_RUNS: '10000' })).toBe(10000);
    expect(propertyRuns({ PROPERTY_RUNS: ' 25 ' })).toBe(25);
  });

  it.each([undefined, '', '0', '-5', 'lots', '1e4', '2.5'])('falls back to the default for %j', (value) => {
    expect(propertyRuns({ PROPERTY_RUNS: value })).toBe(DEFAULT_PROPERTY_RUNS);
  });
});
