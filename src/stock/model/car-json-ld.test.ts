import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../platform/formats/json-ld';
import { testSite } from '../../../tests/support/test-site';
import { testCar as car } from '../../../tests/support/test-car';
import { carJsonLd } from './car-json-ld';

const site = testSite();
const us = testSite({ region: 'US', url: 'https://www.lonestar.example' });

describe('Car JSON-LD', () => {
  const sellerId = `${new URL('/', site.url).href}#dealer`;

  it('is a Car with an offer: price, currency by region, availability, condition, VIN, odometer', () => {
    const data = carJsonLd(car(), { site, sellerId });
    expect(data).toMatchObject({
      '@type': 'Car',
      name: '2021 Toyota RAV4 GX Hybrid',
      url: 'https://www.fixturemotors.example/cars/2021-toyota-rav4-gx-hybrid-48213',
      image: ['https://www.fixturemotors.example/stock-images/suv-white-1.svg', 'https://www.fixturemotors.example/stock-images/suv-white-2.svg'],
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'RAV4',
      vehicleModelDate: '2021',
      bodyType: 'SUV',
      fuelType: 'Petrol',
      vehicleTransmission: 'Automatic',
      color: 'Crystal Pearl',
      seatingCapacity: 5,
      vehicleIdentificationNumber: 'JTMW1RFV10D012345',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 41250, unitCode: 'KMT' },
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: 38990,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@id': sellerId },
      },
    });
  });

  it('maps status to availability and car type to condition; miles and USD in the US', () => {
    expect(carJsonLd(car({ status: 'coming_soon', car_type: 'new' }), { site, sellerId })).toMatchObject({
      itemCondition: 'https://schema.org/NewCondition',
      offers: { availability: 'https://schema.org/PreOrder' },
    });
    const sold = carJsonLd(car({ status: 'sold', sold_date_timestamp: 1_760_100_000 }), { site: us, sellerId });
    expect(sold).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut', priceCurrency: 'USD' },
      mileageFromOdometer: { value: 25632, unitCode: 'SMI' },
    });
  });

  it('maps sale pending, in transit and in production to Reserved, BackOrder and PreOrder, with the arrival date as availabilityStarts', () => {
    const offer = (overrides: Parameters<typeof car>[0]) => carJsonLd(car(overrides), { site, sellerId }).offers;
    expect(offer({ status: 'sale_pending' })).toMatchObject({ availability: 'https://schema.org/Reserved' });
    expect(offer({ status: 'sale_pending' })).not.toHaveProperty('availabilityStarts');
    expect(offer({ status: 'in_transit', arrival_date: '2026-03-14' })).toMatchObject({
      availability: 'https://schema.org/BackOrder',
      availabilityStarts: '2026-03-14',
    });
    expect(offer({ status: 'in_production', car_type: 'new' })).toMatchObject({ availability: 'https://schema.org/PreOrder' });
    expect(offer({ status: 'in_production', car_type: 'new' })).not.toHaveProperty('availabilityStarts');
  });

  it('leaves the price out for price on application', () => {
    expect(carJsonLd(car({ price: 0 }), { site, sellerId }).offers).not.toHaveProperty('price');
  });

  it('survives hostile feed text when serialised', () => {
    const hostile = car({ name: '</script><script>alert(1)</script>', description: '<!-- & \u2028' });
    const json = serializeJsonLd(carJsonLd(hostile, { site, sellerId }));
    expect(json).not.toMatch(/<|>/);
    expect((JSON.parse(json) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });
});
