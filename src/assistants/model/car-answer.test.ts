import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import { carDetails, carSummary, priceWording } from './car-answer';

const site = testSite();
const yard = site.locations[0]!;
const car = testCar({ location_id: yard.id, colour: 'White', price: 38990 });

describe('priceWording: the price as the car page words it in the region', () => {
  it('says drive away in Australia, nothing more in New Zealand or the US', () => {
    expect(priceWording(38990, { region: 'AU', locale: 'en-AU' })).toBe('$38,990 Drive away');
    expect(priceWording(38990, { region: 'NZ', locale: 'en-NZ' })).toBe('$38,990');
    expect(priceWording(38990, { region: 'US', locale: 'en-US' })).toBe('$38,990');
  });
  it('says price on application for a car priced at 0, without drive-away words', () => {
    expect(priceWording(0, { region: 'AU', locale: 'en-AU' })).toBe('Price on application');
  });
});

describe('carSummary and carDetails: what an assistant is told about a car', () => {
  it('tells the page facts in the page words, and nothing the page does not show', () => {
    const summary = carSummary(car, site, false);
    expect(summary).toMatchObject({
      id: String(car.id),
      colour: 'White',
      condition: 'Used',
      odometer: '41,250 km',
      price: '$38,990 Drive away',
      availability: 'In Stock',
      location: yard.name,
      url: `https://www.fixturemotors.example/cars/${car.slug}`,
    });
    const told = JSON.stringify(carDetails(car, site, false));
    for (const kept of [car.vin!, car.stocknum!, 'custom_rank', 'weekly_price']) expect(told).not.toContain(kept);
  });

  it('says a car held by a deposit is reserved, not for sale now and not for a test drive', () => {
    expect(carDetails(car, site, false)).toMatchObject({
      available_to_buy: true,
      reserved: false,
      test_drive_location: { id: String(yard.id), name: yard.name },
    });
    const held = carDetails(car, site, true);
    expect(held).toMatchObject({ availability: 'Reserved', available_to_buy: false, reserved: true });
    expect(held.test_drive_location).toBeUndefined();
  });

  it('tells when a car on its way arrives, and offers no test drive until then', () => {
    const coming = carDetails(testCar({ location_id: yard.id, status: 'coming_soon', arrival_date: '2099-03-14' }), site, false);
    expect(coming).toMatchObject({ availability: 'Coming Soon', available_to_buy: false, arriving: 'Arriving 14 March 2099' });
    expect(coming.test_drive_location).toBeUndefined();
  });
});
