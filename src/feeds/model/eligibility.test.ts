import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import type { VehicleInput } from '../../stock/model/vehicle';
import { FEEDS, leftOutBecause, selectCars, type FeedId } from './eligibility';
import { carStore, feedCar, isFeedPhoto, storeCode } from './feed-car';

const site = testSite();
const photo = { primary_image_url: 'https://photos.example/48213-1.jpg', images: [{ image_url: 'https://photos.example/48213-1.jpg' }] };
const reasons = (overrides: Partial<VehicleInput>, feed: FeedId, where = site) =>
  leftOutBecause(feedCar(testCar({ ...photo, ...overrides }), where), FEEDS[feed]);
const everyFeed = (overrides: Partial<VehicleInput>) => Object.fromEntries((Object.keys(FEEDS) as FeedId[]).map((id) => [id, reasons(overrides, id)]));

describe('leftOutBecause', () => {
  it('takes a used car in stock with a VIN, price, photo, odometer, colour and location into every feed', () => {
    expect(everyFeed({})).toEqual({ 'google-vehicle-listings': [], 'google-vehicle-ads': [], 'meta-vehicles': [] });
  });

  it('leaves sold cars, and cars not for sale on the lot (sale pending or on their way), out of every feed', () => {
    expect(reasons({ status: 'sold', sold_date_timestamp: 1_760_100_000, show_on_dealer_website: true }, 'meta-vehicles')).toEqual(['sold']);
    expect(everyFeed({ status: 'coming_soon' })['google-vehicle-ads']).toEqual(['not_in_stock']);
    for (const status of ['sale_pending', 'in_transit', 'in_production'] as const)
      expect(everyFeed({ status })['google-vehicle-listings'], status).toEqual(['not_in_stock']);
  });

  it('names every missing attribute at once', () => {
    expect(
      reasons(
        { vin: undefined, price: 0, km: 0, colour: undefined, location_id: 999, primary_image_url: '/stock-images/suv-white-1.svg', images: [] },
        'meta-vehicles',
        testSite({ locations: [...site.locations, { ...site.locations[0]!, primary: false, id: 2, slug: 'second-yard' }] }),
      ),
    ).toEqual(['no_vin', 'no_price', 'no_photo', 'no_mileage', 'no_colour', 'no_location']);
  });

  it('asks for a photo only where the specification does: vehicle listings recommend one, ads require one', () => {
    const placeholders = { primary_image_url: '/stock-images/suv-white-1.svg', images: [{ image_url: '/stock-images/suv-white-1.svg' }] };
    expect(everyFeed(placeholders)).toEqual({ 'google-vehicle-listings': [], 'google-vehicle-ads': ['no_photo'], 'meta-vehicles': ['no_photo'] });
  });

  it('takes a short VIN on a pre-1981 classic for Google, never for Meta', () => {
    expect(everyFeed({ vin: 'F10GCR12345', year: 1979 })).toEqual({
      'google-vehicle-listings': [],
      'google-vehicle-ads': [],
      'meta-vehicles': ['invalid_vin'],
    });
    expect(reasons({ vin: 'JTMW1RFV10D01', year: 2015 }, 'google-vehicle-listings')).toEqual(['invalid_vin']);
  });

  it('leaves rental- and subscription-only cars out, but not a car also offered for rent', () => {
    expect(reasons({ categories: ['rental'] }, 'google-vehicle-listings')).toEqual(['not_for_sale']);
    expect(reasons({ categories: ['subscription'] }, 'meta-vehicles')).toEqual(['not_for_sale']);
    expect(reasons({ categories: ['cars', 'rental'] }, 'meta-vehicles')).toEqual([]);
  });

  it('keeps caravans and motorcycles to Meta, and does not ask a towed caravan for an odometer', () => {
    const caravan = { item_type: 'caravan', categories: ['caravans'] as const, body: 'Caravan', km: 0 };
    expect(everyFeed({ ...caravan, categories: [...caravan.categories] })).toEqual({
      'google-vehicle-listings': ['vehicle_type'],
      'google-vehicle-ads': ['vehicle_type'],
      'meta-vehicles': [],
    });
    expect(reasons({ item_type: 'motorcycle', categories: ['motorcycles'], km: 0 }, 'meta-vehicles')).toEqual(['no_mileage']);
  });

  it('does not ask a new car for an odometer reading', () => {
    expect(reasons({ car_type: 'new', km: 0 }, 'google-vehicle-ads')).toEqual([]);
  });
});

describe('selectCars', () => {
  it('splits cars into those in and those left out, naming each left-out car and its reasons', () => {
    const cars = [testCar({ ...photo, id: 1 }), testCar({ ...photo, id: 2, stocknum: 'U2', price: 0 })].map((car) => feedCar(car, site));
    const { cars: taken, leftOut } = selectCars(cars, FEEDS['google-vehicle-listings']);
    expect(taken.map((c) => c.car.id)).toEqual([1]);
    expect(leftOut).toEqual([{ id: 2, stocknum: 'U2', name: '2021 Toyota RAV4 GX Hybrid', reasons: ['no_price'] }]);
  });
});

describe('store codes and locations', () => {
  it("uses the location's store code, else its id", () => {
    expect(storeCode({ id: 31001 })).toBe('31001');
    expect(storeCode({ id: 31001, store_code: 'KFT-MORAYFIELD' })).toBe('KFT-MORAYFIELD');
  });

  it("puts a car without a known location at a dealer's only sales location, with the full address and country", () => {
    const store = carStore({ location_id: undefined }, site);
    expect(store?.code).toBe(String(site.locations[0]?.id));
    expect(store?.name).toBe('Fixture Motors');
    expect(store?.fullAddress).toMatch(/, AU$/);
  });
});

describe('isFeedPhoto', () => {
  it.each([
    ['https://photos.example/a.jpg', true],
    ['https://photos.example/a.JPEG?w=800', true],
    ['https://cdn.example/photo/123?w=800', true],
    ['/uploads/cars/1.webp', true],
    ['/stock-images/suv-white-1.svg', false],
    ['https://photos.example/a.svg', false],
    ['https://photos.example/a.heic', false],
  ])('%s → %s', (url, expected) => {
    expect(isFeedPhoto(url)).toBe(expected);
  });
});

describe('feedCar', () => {
  it('gives US sites miles and USD, AU sites km and AUD, and demo cars as used', () => {
    const us = feedCar(testCar({ km: 10_000 }), testSite({ region: 'US' }));
    expect(us.mileage).toEqual({ value: 6214, unit: 'miles' });
    expect(us.price).toBe('38990.00 USD');
    const au = feedCar(testCar({ car_type: 'demo', km: 10_000 }), site);
    expect(au).toMatchObject({
      mileage: { value: 10_000, unit: 'km' },
      price: '38990.00 AUD',
      condition: 'used',
      link: 'https://www.fixturemotors.example/cars/2021-toyota-rav4-gx-hybrid-48213',
    });
  });
});
