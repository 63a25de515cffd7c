import { describe, expect, it } from 'vitest';
import { MAKE_DROPDOWN_LIMIT, MODEL_DROPDOWN_LIMIT, POPULAR_MAKES_COUNT } from '../state';
import { PREFERRED_MAKES, facetValues, makeDropdown, modelDropdown, modelOf, sortMakes } from './makes';

const distribution = { Toyota: 120, Mazda: 80, Kia: 80, Abarth: 2, 'Mercedes-Benz': 15, Zeekr: 1, Audi: 9, Holden: 30 };

describe('make order: by volume, alphabetically or in the preferred regional order', () => {
  it('by volume: most stock first, ties by name', () => {
    expect(sortMakes(facetValues(distribution), 'volume').map((m) => m.value)).toEqual([
      'Toyota',
      'Kia',
      'Mazda',
      'Holden',
      'Mercedes-Benz',
      'Audi',
      'Abarth',
      'Zeekr',
    ]);
  });

  it('alphabetically', () => {
    expect(sortMakes(facetValues(distribution), 'alphabetical').map((m) => m.value)).toEqual([
      'Abarth',
      'Audi',
      'Holden',
      'Kia',
      'Mazda',
      'Mercedes-Benz',
      'Toyota',
      'Zeekr',
    ]);
  });

  it('preferred: Audi, BMW, Ford, Honda, Holden, … Volvo, then others alphabetically', () => {
    expect(PREFERRED_MAKES).toEqual([
      'Audi',
      'BMW',
      'Ford',
      'Honda',
      'Holden',
      'Hyundai',
      'Isuzu',
      'Jeep',
      'Kia',
      'Land Rover',
      'Lexus',
      'Mazda',
      'Mercedes Benz',
      'Mitsubishi',
      'Nissan',
      'Subaru',
      'Suzuki',
      'Toyota',
      'Volkswagen',
      'Volvo',
    ]);
    // "Mercedes-Benz" as feeds spell it still takes Mercedes Benz's place.
    expect(sortMakes(facetValues(distribution), 'preferred').map((m) => m.value)).toEqual([
      'Audi',
      'Holden',
      'Kia',
      'Mazda',
      'Mercedes-Benz',
      'Toyota',
      'Abarth',
      'Zeekr',
    ]);
  });

  it('leaves out empty values and zero counts', () => {
    expect(facetValues({ '': 5, ' ': 2, Ford: 0, Kia: 1 })).toEqual([{ value: 'Kia', count: 1 }]);
    expect(facetValues(undefined)).toEqual([]);
  });
});

function manyMakes(n: number): Record<string, number> {
  // Make 001 has the most stock, make n the least.
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`Make ${String(i + 1).padStart(3, '0')}`, n - i]));
}

describe('make dropdown', () => {
  it('keeps the 100 makes with the most stock (make dropdown limit 100)', () => {
    expect(MAKE_DROPDOWN_LIMIT).toBe(100);
    const { popular, rest } = makeDropdown(manyMakes(130), { popular_makes: false, make_sort: 'alphabetical' });
    expect(popular).toEqual([]);
    expect(rest).toHaveLength(100);
    expect(rest[0]).toBe('Make 001');
    expect(rest.at(-1)).toBe('Make 100');
  });

  it("lists the 20 popular makes, then the rest under 'All Makes'", () => {
    expect(POPULAR_MAKES_COUNT).toBe(20);
    const { popular, rest } = makeDropdown(manyMakes(30), { popular_makes: true, make_sort: 'volume' });
    expect(popular).toEqual(Array.from({ length: 20 }, (_, i) => `Make ${String(i + 1).padStart(3, '0')}`));
    expect(rest).toEqual(Array.from({ length: 10 }, (_, i) => `Make ${String(i + 21).padStart(3, '0')}`));
  });

  it('orders both groups in the site order', () => {
    const makes = { ...manyMakes(25), Volvo: 500, BMW: 400, Abarth: 300 };
    const { popular, rest } = makeDropdown(makes, { popular_makes: true, make_sort: 'preferred' });
    expect(popular.slice(0, 3)).toEqual(['BMW', 'Volvo', 'Abarth']);
    expect(popular).toHaveLength(20);
    expect(rest).toHaveLength(8);
    expect(new Set([...popular, ...rest]).size).toBe(28);
  });
});

describe('model dropdown', () => {
  it("lists the chosen make's models sorted, labelled without the make", () => {
    expect(modelDropdown({ 'Toyota RAV4': 40, 'Toyota Camry': 10, 'Toyota 86': 2, 'Toyota HiLux': 60 }, 'Toyota')).toEqual([
      { value: 'Toyota 86', label: '86' },
      { value: 'Toyota Camry', label: 'Camry' },
      { value: 'Toyota HiLux', label: 'HiLux' },
      { value: 'Toyota RAV4', label: 'RAV4' },
    ]);
  });

  it('keeps the 250 models with the most stock (model dropdown limit 250)', () => {
    expect(MODEL_DROPDOWN_LIMIT).toBe(250);
    const models = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`Kia M${String(i).padStart(3, '0')}`, 300 - i]));
    const list = modelDropdown(models, 'Kia');
    expect(list).toHaveLength(250);
    expect(list.at(-1)?.value).toBe('Kia M249');
  });

  it('shows the whole value when it does not start with the make', () => {
    expect(modelDropdown({ 'Land Rover Defender': 1, Defender: 1 }, 'Land Rover')).toEqual([
      { value: 'Defender', label: 'Defender' },
      { value: 'Land Rover Defender', label: 'Defender' },
    ]);
  });
});

describe('modelOf', () => {
  it.each([
    ['Toyota', 'Toyota RAV4', 'RAV4'],
    ['Land Rover', 'Land Rover Range Rover Sport', 'Range Rover Sport'],
    ['toyota', 'Toyota HiLux', 'HiLux'],
    ['Toyota', 'Toyota', undefined],
    ['Toyota', 'ToyotaRAV4', undefined],
    ['Mercedes-Benz', 'Mercedes Benz GLC', undefined],
    ['', 'Toyota RAV4', undefined],
  ])('%s, %s → %s', (make, makeModel, expected) => {
    expect(modelOf(make, makeModel)).toBe(expected);
  });
});
