import { describe, expect, it } from 'vitest';
import { freshMemoryCost, msPerGiB } from './fresh-memory';

describe('fresh memory cost', () => {
  it('scales the milliseconds a child measured to one GiB', () => {
    expect(msPerGiB('800\n', 256)).toBe(3200);
    expect(msPerGiB('1.5', 1024)).toBe(1.5);
  });

  it('refuses output that is not a positive number', () => {
    expect(msPerGiB('', 256)).toBeUndefined();
    expect(msPerGiB('Error: out of memory', 256)).toBeUndefined();
    expect(msPerGiB('0', 256)).toBeUndefined();
  });

  it('measures a real child process', () => {
    const cost = freshMemoryCost(1, 16);
    expect(cost).toBeGreaterThan(0);
  });
});
