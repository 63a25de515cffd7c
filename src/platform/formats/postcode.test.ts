import { describe, expect, it } from 'vitest';
import { lookupPostcode, postcodeRule, POSTCODE_MESSAGE } from './postcode';

describe('the postcode rule', () => {
  it("'Postcode: required, exactly four digits, max length 4; message 'Invalid postcode. Please enter a 4-digit number.''", () => {
    const rule = postcodeRule('AU');
    expect(rule.message).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(rule.maxLength).toBe(4);
    expect(rule.pattern.test('4000')).toBe(true);
    for (const bad of ['400', '40000', '4OOO', ' 4000', '']) expect(rule.pattern.test(bad), bad).toBe(false);
    expect(postcodeRule('NZ').message).toBe(POSTCODE_MESSAGE);
  });

  it('takes a five-digit ZIP code (or ZIP+4) on US sites', () => {
    const rule = postcodeRule('US');
    expect(rule.message).toBe('Invalid ZIP code. Please enter a 5-digit number.');
    expect(rule.pattern.test('78745')).toBe(true);
    expect(rule.pattern.test('78745-1234')).toBe(true);
    expect(rule.pattern.test('7874')).toBe(false);
  });

  it("answers an unknown code in the region's own word: ZIP code in the US, postcode elsewhere", () => {
    expect(postcodeRule('US').unknown).toBe('Invalid ZIP code');
    expect(postcodeRule('AU').unknown).toBe('Invalid postcode');
    expect(postcodeRule('NZ').unknown).toBe('Invalid postcode');
  });

  it('gives the postcode a lookup uses, or null', () => {
    expect(lookupPostcode(' 4000 ', 'AU')).toBe('4000');
    expect(lookupPostcode('78745-1234', 'US')).toBe('78745');
    expect(lookupPostcode('40000', 'AU')).toBeNull();
    expect(lookupPostcode('4000', 'US')).toBeNull();
  });
});
