import { describe, expect, it } from 'vitest';
import { postcodeInWords } from './stock-search';

describe('postcodeInWords: "near 4000" is where the shopper is, not a word to match', () => {
  it.each([
    ['white Toyota SUV under $40,000 near 4000', '4000', 'white Toyota SUV under $40,000'],
    ['hilux around 4506, diesel', '4506', 'hilux , diesel'],
    ['close to 90210 f-150', '90210', 'f-150'],
  ])('%s', (words, postcode, rest) => {
    expect(postcodeInWords(words)).toEqual({ postcode, rest });
  });
  it('leaves prices and model numbers alone', () => {
    expect(postcodeInWords('under 4000')).toBeUndefined();
    expect(postcodeInWords('Peugeot 3008')).toBeUndefined();
  });
});
