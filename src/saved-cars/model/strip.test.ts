import { describe, expect, it } from 'vitest';
import { savedCarOf } from './saved-list';
import { coversAction, STRIP_HIDE_AFTER_MS, stripShowsOn, stripView } from './strip';

const saved = (n: number) =>
  Array.from({ length: n }, (_, i) => savedCarOf({ id: i + 1, name: `Car ${i + 1}`, slug: `car-${i + 1}`, make: 'Mazda', model: 'CX-5' })!);

describe('the favourites strip', () => {
  it('appears only on paths containing cars or search', () => {
    for (const path of ['/used-cars', '/cars/2021-mazda-cx-5-1', '/search/used-cars/mazda', '/new-cars/', '/search'])
      expect(stripShowsOn(path), path).toBe(true);
    for (const path of ['/', '/contact', '/finance', '/service', '/about-us', '/favourites']) expect(stripShowsOn(path), path).toBe(false);
  });

  it('stays off a car checkout, where it would cover the Pay button', () => {
    expect(stripShowsOn('/cars/2021-mazda-cx-5-1/checkout')).toBe(false);
    expect(stripShowsOn('/cars/2021-mazda-cx-5-1/checkout/')).toBe(false);
  });

  it("offers 'Get Started' when nothing is saved", () => {
    expect(stripView([])).toEqual({ cars: [], badge: '', empty: true });
  });

  it('shows up to 3 saved cars and counts the rest in a +N badge capped at 9', () => {
    expect(stripView(saved(2))).toMatchObject({ badge: '', empty: false });
    expect(stripView(saved(3)).cars).toHaveLength(3);
    expect(stripView(saved(4))).toMatchObject({ badge: '+1' });
    expect(stripView(saved(12)).badge).toBe('+9');
    expect(stripView(saved(40)).badge).toBe('+9');
    expect(stripView(saved(40)).cars.map((c) => c.id)).toEqual(['1', '2', '3']);
  });

  it('hides itself after 5 seconds', () => {
    expect(STRIP_HIDE_AFTER_MS).toBe(5000);
  });
});

describe('coversAction', () => {
  // A phone 390 px wide and 844 tall: the strip over its bottom 72 px.
  const strip = { top: 772, right: 390, bottom: 844, left: 0 };
  const box = (top: number, height: number, left = 16, width = 160) => ({ top, bottom: top + height, left, right: left + width });

  it('says the strip covers a button it overlaps, even by a few pixels', () => {
    expect(coversAction(strip, [box(780, 44)])).toBe(true);
    expect(coversAction(strip, [box(730, 44)])).toBe(true);
  });

  it('leaves buttons above the strip, below the screen, and hidden ones alone', () => {
    expect(coversAction(strip, [box(100, 44), box(720, 44)])).toBe(false);
    expect(coversAction(strip, [box(900, 44)])).toBe(false);
    expect(coversAction(strip, [{ top: 0, right: 0, bottom: 0, left: 0 }])).toBe(false);
    expect(coversAction(strip, [box(790, 0)])).toBe(false);
  });

  it('finds the one covered button among many', () => {
    expect(coversAction(strip, [box(100, 44), box(300, 44), box(800, 44, 200)])).toBe(true);
  });
});
