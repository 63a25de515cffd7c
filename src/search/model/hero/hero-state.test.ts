import { describe, expect, it } from 'vitest';
import { emptySelection, heroSearchState, heroStorageKey, loadHeroSelection, parseHeroSelection, saveHeroSelection } from './hero-state';

const allowed = ['', 'new', 'used'];

describe('the hero remembers car_type, make and make_model (spec §2)', () => {
  it('round-trips through storage, one key per dealer', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveHeroSelection(storage, 'kingfisher-toyota', { car_type: 'used', make: 'Toyota', make_model: 'Toyota RAV4' });
    expect([...store.keys()]).toEqual([heroStorageKey('kingfisher-toyota')]);
    expect(loadHeroSelection(storage, 'kingfisher-toyota', allowed)).toEqual({ car_type: 'used', make: 'Toyota', make_model: 'Toyota RAV4' });
    expect(loadHeroSelection(storage, 'another-dealer', allowed)).toBeUndefined();
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{car_type'],
    ['not an object', '"used"'],
    ['a field of the wrong type', '{"car_type":"used","make":3,"make_model":""}'],
    ['a missing field', '{"car_type":"used","make":"Kia"}'],
    ['an oversized make', JSON.stringify({ car_type: '', make: 'x'.repeat(61), make_model: '' })],
  ])('ignores %s', (_case, raw) => {
    expect(parseHeroSelection(raw, allowed)).toBeUndefined();
  });

  it('falls back to the first slider option for a car type the slider does not offer', () => {
    expect(parseHeroSelection('{"car_type":"demo","make":"Kia","make_model":"Kia EV6"}', ['new,demo', 'used'])?.car_type).toBe('new,demo');
  });

  it('drops a model without its make', () => {
    expect(parseHeroSelection('{"car_type":"","make":" ","make_model":"Kia EV6"}', allowed)).toEqual(emptySelection());
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadHeroSelection(broken, 'x', allowed)).toBeUndefined();
    expect(() => saveHeroSelection(broken, 'x', emptySelection())).not.toThrow();
    expect(loadHeroSelection(undefined, 'x', allowed)).toBeUndefined();
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
