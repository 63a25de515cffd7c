import { describe, expect, it } from 'vitest';
import { MAX_SAVED_CARS, parseSavedList, removeSaved, savedCarOf, savedListKey, toggleSaved, type SavedCar } from './saved-list';

const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `2021 Toyota Corolla ${id}`,
  slug: `2021-toyota-corolla-${id}`,
  make: 'Toyota',
  model: 'Corolla',
  primary_image_url: `https://images.example/cars/${id}.jpg`,
  has_nvic: true,
  ...extra,
});

const entry = (id: number): SavedCar => savedCarOf(car(id))!;

describe('savedCarOf', () => {
  it("keeps the spec's favourite entry: id as text, name, slug, make, model, image and has_nvic", () => {
    expect(savedCarOf({ ...car(7), price: 20_000, vin: 'SECRET' })).toEqual({
      id: '7',
      name: '2021 Toyota Corolla 7',
      slug: '2021-toyota-corolla-7',
      make: 'Toyota',
      model: 'Corolla',
      primary_image_url: 'https://images.example/cars/7.jpg',
      has_nvic: true,
    });
  });

  it('refuses what no car of this site looks like', () => {
    for (const bad of [
      null,
      'car',
      car(0),
      car(1, { id: '1e3' }),
      car(1, { id: '12345678901234567' }),
      car(1, { slug: '../admin' }),
      car(1, { name: '' }),
      car(1, { name: 'x'.repeat(201) }),
      car(1, { make: 'x'.repeat(61) }),
      car(1, { model: '   ' }),
    ]) {
      expect(savedCarOf(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('drops an image that could run script or leave the site by a protocol-relative URL, keeping the car', () => {
    expect(savedCarOf(car(1, { primary_image_url: 'javascript:alert(1)' }))).not.toHaveProperty('primary_image_url');
    expect(savedCarOf(car(1, { primary_image_url: '//evil.example/x.jpg' }))).not.toHaveProperty('primary_image_url');
    expect(savedCarOf(car(1, { primary_image_url: '/stock-images/1.jpg' }))?.primary_image_url).toBe('/stock-images/1.jpg');
  });

  it('keeps markup as text: pages render it escaped', () => {
    expect(savedCarOf(car(1, { name: '<img src=x onerror=alert(1)>' }))?.name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('parseSavedList', () => {
  it('reads what this site wrote', () => {
    const list = [entry(1), entry(2)];
    expect(parseSavedList(JSON.stringify(list))).toEqual(list);
  });

  it('reads tampered storage as the entries it can trust, never throwing', () => {
    expect(parseSavedList('not json')).toEqual([]);
    expect(parseSavedList('{"id":"1"}')).toEqual([]);
    expect(parseSavedList(null)).toEqual([]);
    expect(parseSavedList(JSON.stringify([entry(1), { id: '2' }, 'x', null, entry(1), entry(3)]))).toEqual([entry(1), entry(3)]);
    expect(parseSavedList(JSON.stringify(Array.from({ length: 500 }, (_, i) => entry(i + 1))))).toHaveLength(MAX_SAVED_CARS);
    expect(parseSavedList('['.repeat(100_000))).toEqual([]);
  });
});

describe('toggleSaved', () => {
  it('adds a car that is absent (newest first) and removes one that is present, matched by id', () => {
    const first = toggleSaved([], entry(1));
    expect(first).toEqual({ list: [entry(1)], added: true });
    const second = toggleSaved(first.list, entry(2));
    expect(second.list.map((c) => c.id)).toEqual(['2', '1']);
    // The same car with another name (its listing changed) is still the same car.
    const removed = toggleSaved(second.list, { ...entry(1), name: 'Renamed' });
    expect(removed).toEqual({ list: [entry(2)], added: false });
  });

  it('acts on what the button showed: "not saved" keeps a car already saved, "saved" never adds', () => {
    const list = [entry(1), entry(2)];
    expect(toggleSaved(list, entry(1), false)).toEqual({ list, added: false });
    expect(toggleSaved(list, entry(3), true)).toEqual({ list, added: false });
    expect(toggleSaved(list, entry(1), true)).toEqual({ list: [entry(2)], added: false });
    expect(toggleSaved(list, entry(3), false)).toEqual({ list: [entry(3), ...list], added: true });
  });

  it('makes room in a full list by dropping the oldest', () => {
    const full = Array.from({ length: MAX_SAVED_CARS }, (_, i) => entry(i + 1));
    const { list } = toggleSaved(full, entry(999));
    expect(list).toHaveLength(MAX_SAVED_CARS);
    expect(list[0]!.id).toBe('999');
    expect(list.some((c) => c.id === String(MAX_SAVED_CARS))).toBe(false);
  });

  it('removes by id', () => {
    expect(removeSaved([entry(1), entry(2)], '1')).toEqual([entry(2)]);
  });
});

it('keeps one list per dealer site', () => {
  expect(savedListKey('kingfisher-toyota')).not.toBe(savedListKey('lone-star-auto'));
});
