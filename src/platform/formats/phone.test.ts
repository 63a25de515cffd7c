/** "Display formats vary by country and prefix." */
import { describe, expect, it } from 'vitest';
import { displayPhone } from './phone';

describe("a dealer's phone in its country's format", () => {
  it('writes Australian mobiles, landlines and 13/1300/1800 numbers the Australian way', () => {
    expect(displayPhone('0412345678', 'AU')).toBe('0412 345 678');
    expect(displayPhone('+61 7 3000 1234', 'AU')).toBe('(07) 3000 1234');
    expect(displayPhone('07 3000 1234', 'AU')).toBe('(07) 3000 1234');
    expect(displayPhone('1300123456', 'AU')).toBe('1300 123 456');
    expect(displayPhone('1800 123 456', 'AU')).toBe('1800 123 456');
    expect(displayPhone('131234', 'AU')).toBe('13 12 34');
  });

  it('writes New Zealand numbers the New Zealand way', () => {
    expect(displayPhone('+64 9 123 4567', 'NZ')).toBe('(09) 123 4567');
    expect(displayPhone('0211234567', 'NZ')).toBe('021 123 4567');
    expect(displayPhone('0800 123 456', 'NZ')).toBe('0800 123 456');
  });

  it('writes US numbers the US way', () => {
    expect(displayPhone('512-555-0134', 'US')).toBe('(512) 555-0134');
    expect(displayPhone('+1 512 555 0134', 'US')).toBe('1 (512) 555-0134');
  });

  it('shows a number in no known form as written', () => {
    expect(displayPhone(' 07 3000 1234 ext 5 ', 'AU')).toBe('07 3000 1234 ext 5');
    expect(displayPhone('555-TOYOTA', 'US')).toBe('555-TOYOTA');
  });
});
