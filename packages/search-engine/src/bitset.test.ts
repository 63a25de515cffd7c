import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';

describe('Bitset', () => {
  it('keeps positions across word boundaries and lists them in order', () => {
    const set = Bitset.of(70, [69, 0, 31, 32, 5]);
    expect([...set.toArray()]).toEqual([0, 5, 31, 32, 69]);
    expect(set.count()).toBe(5);
    expect(set.has(32)).toBe(true);
    expect(set.has(33)).toBe(false);
  });

  it('never reports positions past its size after full() or not()', () => {
    expect(Bitset.full(33).count()).toBe(33);
    expect(new Bitset(33).not().count()).toBe(33);
    expect([...Bitset.of(33, [0]).not().toArray()].at(-1)).toBe(32);
    expect(Bitset.full(0).count()).toBe(0);
  });

  it('combines sets', () => {
    const a = Bitset.of(40, [1, 2, 35]);
    const b = Bitset.of(40, [2, 3, 35]);
    expect([...a.and(b).toArray()]).toEqual([2, 35]);
    expect([...a.or(b).toArray()]).toEqual([1, 2, 3, 35]);
    expect([...a.andNot(b).toArray()]).toEqual([1]);
    const c = a.clone();
    c.orInPlace(b);
    expect(c.count()).toBe(4);
    expect(a.count()).toBe(3);
  });
});
