import { describe, expect, it } from 'vitest';
import { toCardHit, toCardHits } from './hits';

const good = { id: 7, slug: '2021-toyota-rav4-gx', name: '2021 Toyota RAV4 GX', price: 0, km: 30_100, car_type: 'used', status: 'in_stock' };

describe('hits from the network', () => {
  it('keeps the card fields of a car (not the feed’s weekly price: cards work repayments out from the price)', () => {
    expect(
      toCardHit({ ...good, weekly_price: 120, primary_image_url: '/stock-images/suv-red-1.svg', badge: 'Certified', vin: 'X', _highlightResult: {} }),
    ).toEqual({
      ...good,
      primary_image_url: '/stock-images/suv-red-1.svg',
      badge: 'Certified',
    });
  });

  it('keeps what a saved car needs: make, model and has_nvic', () => {
    expect(toCardHit({ ...good, make: 'Toyota', model: 'RAV4', has_nvic: false })).toMatchObject({ make: 'Toyota', model: 'RAV4', has_nvic: false });
    expect(toCardHit({ ...good, make: 7, model: '', has_nvic: 'yes' })).toEqual(good);
  });

  it('keeps the reserved flag the search API sets on held cars, and only a true one', () => {
    expect(toCardHit({ ...good, reserved: true })).toEqual({ ...good, reserved: true });
    expect(toCardHit({ ...good, reserved: 'yes' })).toEqual(good);
  });

  it('keeps a car’s availability and an arrival date shaped as a date, nothing else', () => {
    expect(toCardHit({ ...good, status: 'in_transit', arrival_date: '2026-03-14' })).toEqual({ ...good, status: 'in_transit', arrival_date: '2026-03-14' });
    expect(toCardHit({ ...good, status: 'sale_pending', arrival_date: '<img src=x>' })).toEqual({ ...good, status: 'sale_pending' });
  });

  it('keeps the distance search gives a car sorted nearest first, in metres', () => {
    expect(toCardHit({ ...good, _geoDistance: 12_480 })).toEqual({ ...good, distance: 12_480 });
    expect(toCardHit({ ...good, _geoDistance: -1 })).toEqual(good);
    expect(toCardHit({ ...good, _geoDistance: '5' })).toEqual(good);
  });

  it('leaves out hits that are not cars', () => {
    expect(toCardHits([good, null, 'x', { ...good, id: '7' }, { ...good, slug: '../admin' }, { ...good, car_type: 'stolen' }, { ...good, price: -1 }])).toEqual(
      [good],
    );
  });

  it('drops image URLs that are not a site path or http(s)', () => {
    expect(toCardHit({ ...good, primary_image_url: 'javascript:alert(1)' })?.primary_image_url).toBeUndefined();
    expect(toCardHit({ ...good, primary_image_url: '//evil.test/x.png' })?.primary_image_url).toBeUndefined();
  });
});
