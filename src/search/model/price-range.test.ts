import { describe, expect, it } from 'vitest';
import { priceRangeEnds } from './price-range';

describe('priceRangeEnds', () => {
  it('splits at a hyphen, any dash, a minus sign or "to", whatever spaces surround it', () => {
    for (const label of [
      '$20,000 - $30,000',
      '$20,000 – $30,000',
      '$20,000\u00a0–\u00a0$30,000',
      '$20,000\u2009–\u2009$30,000',
      '$20,000  –  $30,000',
      '$20,000—$30,000',
      '$20,000 − $30,000',
      '$20,000 to $30,000',
      '$20,000 TO $30,000',
    ]) {
      expect(priceRangeEnds(label), label).toEqual(['$20,000', '$30,000']);
    }
  });

  it('keeps an open end empty', () => {
    expect(priceRangeEnds('$20,000 –')).toEqual(['$20,000', '']);
    expect(priceRangeEnds('— $30,000')).toEqual(['', '$30,000']);
  });

  it('finds no range without exactly one separator, or in a word that only contains "to"', () => {
    expect(priceRangeEnds('$20,000')).toBeUndefined();
    expect(priceRangeEnds('Toyota')).toBeUndefined();
    expect(priceRangeEnds('$10 - $20 - $30')).toBeUndefined();
  });
});
