import { describe, expect, it } from 'vitest';
import { emptySelection, onSlider, parseHeroSelection } from './remembered';

describe('reading back what the hero remembered', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{car_type'],
    ['not an object', '"used"'],
    ['a field of the wrong type', '{"car_type":"used","make":3,"make_model":""}'],
    ['a missing field', '{"car_type":"used","make":"Kia"}'],
    ['an oversized make', JSON.stringify({ car_type: '', make: 'x'.repeat(61), make_model: '' })],
  ])('ignores %s', (_case, raw) => {
    expect(parseHeroSelection(raw)).toBeUndefined();
  });

  it('falls back to the first slider option for a car type the slider does not offer', () => {
    const stored = parseHeroSelection('{"car_type":"demo","make":"Kia","make_model":"Kia EV6"}');
    expect(stored && onSlider(stored, ['new,demo', 'used']).car_type).toBe('new,demo');
  });

  it('drops a model without its make', () => {
    expect(parseHeroSelection('{"car_type":"","make":" ","make_model":"Kia EV6"}')).toEqual(emptySelection());
  });

  it('keeps a stored selection of three short texts, trimmed', () => {
    expect(parseHeroSelection('{"car_type":"used","make":" Kia ","make_model":"Kia EV6 "}')).toEqual({ car_type: 'used', make: 'Kia', make_model: 'Kia EV6' });
  });

  it('ignores a list and a field inherited rather than stored', () => {
    expect(parseHeroSelection('["used","Kia","Kia EV6"]')).toBeUndefined();
    expect(parseHeroSelection('{"__proto__":{"car_type":"used","make":"Kia","make_model":""}}')).toBeUndefined();
  });
});
