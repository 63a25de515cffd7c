import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { vehicleSchema } from './vehicle';

describe('feed text', () => {
  const name = vehicleSchema.shape.name;

  it('keeps markup, emoji and bidirectional marks as text to escape on the page', () => {
    for (const text of ['<b>RAV4</b> "GX"', 'Corolla 😀', 'ok\u202eevil', 'Line one\nline two']) expect(name.safeParse(text).success, text).toBe(true);
  });

  it('refuses control characters', () => {
    for (const text of ['Bell\u0007car', 'a\u0000b', 'x\u001b[2J', 'a\u007fb']) expect(name.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  // A lone half cannot be written as UTF-8: the page would show U+FFFD, and Meilisearch's JSON
  // reader refuses a payload holding one, so the push of that stock would fail.
  it('refuses lone surrogate halves', () => {
    for (const text of ['Hilux \ud800', '\udc00 Ranger']) expect(name.safeParse(text).success, JSON.stringify(text)).toBe(false);
    expect(name.safeParse('Hilux \ud83d\ude99').success).toBe(true);
  });
});

describe('availability', () => {
  const car = (overrides: Record<string, unknown>) => vehicleSchema.safeParse({ ...testCar(), ...overrides });

  it('takes every status a feed sends, sale pending and cars on their way included', () => {
    for (const status of ['in_stock', 'sale_pending', 'in_transit', 'in_production', 'coming_soon']) expect(car({ status }).success, status).toBe(true);
    expect(car({ status: 'sold', sold_date_timestamp: 1_760_100_000 }).success).toBe(true);
    expect(car({ status: 'on_order' }).success).toBe(false);
  });

  it('keeps an arrival date, a real calendar date, on a car that is on its way only', () => {
    expect(car({ status: 'in_transit', arrival_date: '2026-03-14' }).success).toBe(true);
    expect(car({ status: 'in_production', arrival_date: '2026-02-30' }).success).toBe(false);
    expect(car({ status: 'coming_soon', arrival_date: '14/03/2026' }).success).toBe(false);
    const onLot = car({ status: 'in_stock', arrival_date: '2026-03-14' });
    expect(onLot.success ? [] : onLot.error.issues.map((i) => i.path.join('.'))).toEqual(['arrival_date']);
  });
});
