import { describe, expect, it } from 'vitest';
import { emptySelection, heroSearchState, onSlider, parseHeroSelection } from './hero-state';

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
});

describe('heroSearchState', () => {
  it('leaves out what was not chosen', () => {
    expect(heroSearchState(emptySelection())).toEqual({ refinements: {}, ranges: {} });
  });
  it("splits the joined 'new,demo' option into both car types", () => {
    expect(heroSearchState({ car_type: 'new,demo', make: 'Kia', make_model: 'Kia EV6' }).refinements).toEqual({
      car_type: ['new', 'demo'],
      make: ['Kia'],
      model: ['EV6'],
    });
  });
  it('sends a make_model that does not start with its make as it is', () => {
    expect(heroSearchState({ car_type: '', make: 'Mercedes-Benz', make_model: 'Mercedes Benz GLC' }).refinements).toEqual({
      make: ['Mercedes-Benz'],
      make_model: ['Mercedes Benz GLC'],
    });
  });
  it('never sends a model without its make', () => {
    expect(heroSearchState({ car_type: 'used', make: '', make_model: 'Kia EV6' }).refinements).toEqual({ car_type: ['used'] });
  });
});
