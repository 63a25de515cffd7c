import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { testCar as car } from '../../../tests/support/test-car';
import {
  carTitle,
  SHARE_POPUP,
  assistantCarMetadata,
  carDealershipId,
  checkoutLink,
  financeLink,
  findCarLocation,
  galleryImages,
  keySpecs,
  safetyBannerClasses,
  sharePopupFeatures,
  shareLinks,
  tradeInLink,
  personalisedFinanceLink,
} from './car-page';
import { carSite } from './car';

const site = testSite();
const us = testSite({ region: 'US', url: 'https://www.lonestar.example' });

describe('finance link', () => {
  it('carries dealership, budget, car id, car type and VIN, anchored at the form', () => {
    const link = financeLink(car(), 'kingfisher-toyota');
    expect(link).toBe('/finance?preferredDealership=kingfisher-toyota&vehiclePriceBudget=38990&car_id=48213&car_type=used&vin=JTMW1RFV10D012345#finance-form');
  });

  it('leaves out empty values and a price on application', () => {
    expect(financeLink(car({ price: 0, vin: undefined }))).toBe('/finance?car_id=48213&car_type=used#finance-form');
  });

  it('escapes what it is given', () => {
    expect(financeLink(car(), 'a&b=c')).toContain('preferredDealership=a%26b%3Dc&');
  });
});

describe('links', () => {
  it('trade-in is /cars/trade-in?car_id={id}', () => {
    expect(tradeInLink(car())).toBe('/cars/trade-in?car_id=48213');
    expect(personalisedFinanceLink(car())).toBe('/personalised/finance?car_id=48213');
  });

  it('checkout only where the site offers it', () => {
    expect(checkoutLink(car(), { features: { enabled_pages: [] } })).toBeUndefined();
    expect(checkoutLink(car(), { features: { enabled_pages: ['checkout'] } })).toBe('/cars/2021-toyota-rav4-gx-hybrid-48213/checkout');
  });
});

describe('key specs', () => {
  it('lists the facts a shopper compares, in AU wording', () => {
    expect(keySpecs(car(), carSite(site))).toEqual([
      { label: 'Year', value: '2021' },
      { label: 'Odometer', value: '41,250 km' },
      { label: 'Body', value: 'SUV' },
      { label: 'Fuel', value: 'Petrol' },
      { label: 'Transmission', value: 'Automatic' },
      { label: 'Drive', value: 'AWD' },
      { label: 'Colour', value: 'Crystal Pearl' },
      { label: 'Seats', value: '5' },
      { label: 'VIN', value: 'JTMW1RFV10D012345' },
      { label: 'Stock number', value: 'U4821' },
    ]);
  });

  it('uses US wording and miles on a US site (colour → color, petrol → gas)', () => {
    const specs = keySpecs(car(), carSite(us));
    expect(specs).toContainEqual({ label: 'Color', value: 'Crystal Pearl' });
    expect(specs).toContainEqual({ label: 'Fuel', value: 'Gas' });
    expect(specs).toContainEqual({ label: 'Mileage', value: '25,632 mi' });
  });

  it('leaves out what the feed does not say', () => {
    const labels = keySpecs(car({ seats: undefined, vin: undefined, drive: undefined }), carSite(site)).map((s) => s.label);
    expect(labels).not.toContain('Seats');
    expect(labels).not.toContain('VIN');
    expect(labels).not.toContain('Drive');
  });
});

describe('gallery', () => {
  it('puts the primary image first, once', () => {
    const images = galleryImages(car({ primary_image_url: '/stock-images/suv-white-2.svg' }), {});
    expect(images.map((i) => i.url)).toEqual(['/stock-images/suv-white-2.svg', '/stock-images/suv-white-1.svg']);
  });

  it('takes thumbnails from the feed, else sizes them through the image CDN', () => {
    const cdn = { image_cdn: { base_url: 'https://img.example', quality: 70 } };
    const images = galleryImages(
      car({
        primary_image_url: 'https://stock.example/1.jpg',
        images: [{ image_url: 'https://stock.example/1.jpg' }, { image_url: 'https://stock.example/2.jpg' }],
        thumbnails: ['https://stock.example/1-thumb.jpg'],
      }),
      cdn,
    );
    expect(images[0]).toEqual({
      url: 'https://stock.example/1.jpg',
      src: 'https://img.example/?url=https%3A%2F%2Fstock.example%2F1.jpg&w=800&q=70',
      thumb: 'https://stock.example/1-thumb.jpg',
    });
    expect(images[1]?.thumb).toBe('https://img.example/?url=https%3A%2F%2Fstock.example%2F2.jpg&w=240&q=70');
  });
});

describe('location', () => {
  const locations = [
    { id: 31001, name: 'Kingfisher Toyota - Sales' },
    { id: '31002', name: 'Kingfisher Toyota - Service' },
  ];
  it('finds the car’s location by id (number or text), else by name', () => {
    expect(findCarLocation({ location_id: '31001' }, locations)?.id).toBe(31001);
    expect(findCarLocation({ location_id: 31002 }, locations)?.id).toBe('31002');
    expect(findCarLocation({ location_id: 9, location_name: 'kingfisher toyota - service' }, locations)?.id).toBe('31002');
    expect(findCarLocation({ location_name: 'Elsewhere' }, locations)).toBeUndefined();
  });
});

describe('safety-rating banner classes (V passenger, N commercial)', () => {
  it('shows the configured classes when no car narrows them', () => {
    expect(safetyBannerClasses(['V', 'N'])).toEqual(['V', 'N']);
  });
  it('shows only N for utes, vans and trucks, only V for passenger cars', () => {
    expect(safetyBannerClasses(['V', 'N'], car({ body: 'Ute' }))).toEqual(['N']);
    expect(safetyBannerClasses(['V', 'N'], car({ body: 'Cab Chassis' }))).toEqual(['N']);
    expect(safetyBannerClasses(['V', 'N'], car({ body: 'Pickup', categories: ['trucks'] }))).toEqual(['N']);
    expect(safetyBannerClasses(['V', 'N'], car({ body: 'Hatchback' }))).toEqual(['V']);
  });
  it('shows nothing when the site does not rate the car’s class, or for caravans and motorcycles', () => {
    expect(safetyBannerClasses(['N'], car({ body: 'Sedan' }))).toEqual([]);
    expect(safetyBannerClasses(['V', 'N'], car({ body: 'Caravan', categories: ['caravans'] }))).toEqual([]);
  });
});

describe('sharing', () => {
  it('opens a 550×400 popup centred on the window', () => {
    expect(SHARE_POPUP).toEqual({ width: 550, height: 400 });
    expect(sharePopupFeatures({ left: 100, top: 50, width: 1250, height: 900 })).toBe('popup=yes,width=550,height=400,left=450,top=300');
  });
  it('encodes the page address into each network’s share link', () => {
    const links = shareLinks('https://d.example/cars/a-1', 'A & B');
    expect(links.map((l) => l.href)).toEqual([
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fd.example%2Fcars%2Fa-1',
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fd.example%2Fcars%2Fa-1&text=A%20%26%20B',
      'mailto:?subject=A%20%26%20B&body=https%3A%2F%2Fd.example%2Fcars%2Fa-1',
    ]);
  });
});

describe('assistant-readable car metadata', () => {
  const group = testSite({
    dealerships: [
      { id: 71, name: 'North', slug: 'north' },
      { id: 72, name: 'South', slug: 'south' },
    ],
    features: { enabled_pages: ['checkout'] },
  });
  it('gives message, name, id, checkout link, reserved flag, category and dealership id', () => {
    expect(assistantCarMetadata(car({ dealership_slug: 'south' }), carSite(group))).toEqual({
      message: "Hi, I'm interested in the 2021 Toyota RAV4 GX Hybrid (stock number U4821). Is it still available?",
      name: '2021 Toyota RAV4 GX Hybrid',
      id: '48213',
      checkout_link: 'https://www.fixturemotors.example/cars/2021-toyota-rav4-gx-hybrid-48213/checkout',
      reserved: false,
      category: 'used-vehicle-enquiry',
      dealership_id: '72',
    });
  });
  it('flags sold and coming-soon cars as reserved; no checkout or dealership where there is none', () => {
    const sold = assistantCarMetadata(car({ status: 'sold', sold_date_timestamp: 1_760_100_000, car_type: 'demo' }), carSite(site));
    expect(sold).toMatchObject({ reserved: true, checkout_link: null, dealership_id: null, category: 'demo-vehicle-enquiry' });
    expect(assistantCarMetadata(car({ status: 'coming_soon' }), carSite(site)).reserved).toBe(true);
  });
  it('falls back to the location’s dealership id', () => {
    expect(carDealershipId(car(), carSite(site), { dealership_id: 'D9' })).toBe('D9');
  });
});

describe('car page title', () => {
  it('adds colour and stock number, so cars of one name have titles of their own', () => {
    expect(carTitle(car({ colour: 'White', stocknum: 'KT1' }))).toBe('2021 Toyota RAV4 GX Hybrid, White, stock KT1');
    expect(carTitle(car({ colour: 'White', stocknum: 'KT2' }))).not.toBe(carTitle(car({ colour: 'White', stocknum: 'KT1' })));
    expect(carTitle(car({ colour: undefined, stocknum: undefined, id: 7 }))).toBe('2021 Toyota RAV4 GX Hybrid, stock 7');
    expect(carTitle(car({ stocknum: 'KT1', status: 'sold', sold_date_timestamp: 1 }))).toMatch(/ \(Sold\)$/);
  });
});
