import { describe, expect, it } from 'vitest';
import type { CarView } from '../../stock/model/car';
import { compareIdsFromQuery, comparePath, compareRows, MAX_COMPARE } from './compare';

const au = { region: 'AU', locale: 'en-AU', units: 'km' } as const;

const car = (id: number, extra: Partial<CarView> = {}): CarView => ({
  id,
  slug: `car-${id}`,
  name: `Car ${id}`,
  make: 'Mazda',
  model: 'CX-5',
  body: 'SUV',
  car_type: 'used',
  status: 'in_stock',
  price: 30_000,
  km: 45_000,
  year: 2021,
  categories: ['cars'],
  filtered_features: ['Reversing camera', 'Apple CarPlay'],
  thumbnails: [],
  images: [],
  fuel: 'Petrol',
  transmission: 'Automatic',
  drive: 'AWD',
  seats: 5,
  colour: 'Red',
  location_name: 'Penrith',
  weekly_price: 120,
  ...extra,
});

describe('compareIdsFromQuery', () => {
  it('reads up to four distinct stock ids, dropping anything else', () => {
    expect(compareIdsFromQuery('?ids=3,1,2')).toEqual(['3', '1', '2']);
    expect(compareIdsFromQuery('?ids=1,1,2,%3Cscript%3E,0,-4,2.5,5,6,7')).toEqual(['1', '2', '5', '6']);
    expect(compareIdsFromQuery('?ids=')).toEqual([]);
    expect(compareIdsFromQuery('')).toEqual([]);
    expect(compareIdsFromQuery(`?ids=${'9,'.repeat(10_000)}`)).toEqual(['9']);
  });

  it('round-trips through the shareable path', () => {
    const ids = ['12', '7'];
    expect(compareIdsFromQuery(comparePath(ids).split('?')[1]!)).toEqual(ids);
    expect(compareIdsFromQuery(comparePath(['1', '2', '3', '4', '5']).split('?')[1]!)).toHaveLength(MAX_COMPARE);
  });
});

describe('compareRows', () => {
  it("has the spec's rows: price, weekly price, km, year, body, fuel, transmission, drive, seats, colour, features, location", () => {
    expect(compareRows([car(1), car(2)], au).map((r) => r.label)).toEqual([
      'Price',
      'Weekly price',
      'Odometer',
      'Year',
      'Body',
      'Fuel',
      'Transmission',
      'Drive',
      'Seats',
      'Colour',
      'Features',
      'Location',
    ]);
  });

  it('marks the rows where the cars differ, and only those', () => {
    const rows = compareRows([car(1), car(2, { price: 28_500, colour: 'Blue' }), car(3)], au);
    const differing = rows.filter((r) => r.differs).map((r) => r.label);
    expect(differing).toEqual(['Price', 'Colour']);
    expect(rows[0]!.values).toEqual(['$30,000', '$28,500', '$30,000']);
  });

  it('says a sold car is sold, and shows a dash where a car has no value', () => {
    const rows = compareRows([car(1, { status: 'sold' }), car(2, { drive: undefined, weekly_price: undefined })], au);
    expect(rows[0]!.values[0]).toBe('Sold');
    expect(rows.find((r) => r.label === 'Drive')!.values).toEqual(['AWD', '—']);
    expect(rows.find((r) => r.label === 'Weekly price')!.values[1]).toBe('—');
  });

  it('shows repayments on the advertised terms only, never for a sold car', () => {
    const advertising = { ...au, repayment: { per_price: 0.005, per: '/week' as const } };
    const rows = compareRows([car(1, { status: 'sold' }), car(2)], advertising);
    expect(rows.find((r) => r.label === 'Weekly price')!.values).toEqual(['—', '$150/week*']);
  });

  it('calls a US repayment an estimated monthly payment, marked to its APR terms', () => {
    const us = { region: 'US', locale: 'en-US', units: 'miles', repayment: { per_price: 0.02, per: '/month' as const } } as const;
    const rows = compareRows([car(1)], us);
    expect(rows.find((r) => r.label === 'Estimated monthly payment')!.values[0]).toMatch(/^\$[\d,]+\/month\*$/);
    expect(rows.map((r) => r.label)).not.toContain('Weekly price');
  });

  it('speaks US English and miles on a US site', () => {
    const rows = compareRows([car(1)], { region: 'US', locale: 'en-US', units: 'miles' });
    expect(rows.map((r) => r.label)).toContain('Color');
    expect(rows.find((r) => r.label === 'Odometer')!.values[0]).toMatch(/mi/);
  });
});
