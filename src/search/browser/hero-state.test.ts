import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { emptySelection, heroStorageKey, onSlider } from '../model/hero/remembered';
import { heroSelection, rememberHeroSelection } from './hero-state';

const allowed = ['', 'new', 'used'];

describe('the hero remembers car_type, make and make_model across pages', () => {
  it('round-trips through storage, one key per dealer', () => {
    const storage = new MemoryStorage();
    rememberHeroSelection('kingfisher-toyota', { car_type: 'used', make: 'Toyota', make_model: 'Toyota RAV4' }, storage);
    expect([...storage.items.keys()]).toEqual([heroStorageKey('kingfisher-toyota')]);
    const remembered = heroSelection('kingfisher-toyota', storage).get();
    expect(remembered && onSlider(remembered, allowed)).toEqual({ car_type: 'used', make: 'Toyota', make_model: 'Toyota RAV4' });
    expect(heroSelection('another-dealer', storage).get()).toBeUndefined();
  });

  it('reads the JSON an earlier visit wrote', () => {
    const storage = new MemoryStorage();
    storage.setItem(heroStorageKey('k'), '{"car_type":"new","make":"Kia","make_model":"Kia EV6"}');
    expect(heroSelection('k', storage).get()).toEqual({ car_type: 'new', make: 'Kia', make_model: 'Kia EV6' });
  });

  it('is the store the hero script reads and the panels change', () => {
    const storage = new MemoryStorage();
    const seen: unknown[] = [];
    heroSelection('k', storage).listen((selection) => seen.push(selection));
    rememberHeroSelection('k', { car_type: '', make: 'Kia', make_model: '' }, storage);
    expect(seen).toEqual([{ car_type: '', make: 'Kia', make_model: '' }]);
  });

  it('survives storage that throws', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(heroSelection('x', broken).get()).toBeUndefined();
    expect(() => rememberHeroSelection('x', emptySelection(), broken)).not.toThrow();
    expect(heroSelection('x', undefined).get()).toBeUndefined();
  });
});
