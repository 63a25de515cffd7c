import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import type { Vehicle } from '../../stock/model/vehicle';
import { feedCar } from './feed-car';
import { buildFeeds, formatFeedReport } from './feeds';
import { vehicleAdsXml } from './google-vehicle-ads';
import { vehicleListingsCsv } from './google-vehicle-listings';
import { metaVehiclesCsv } from './meta-vehicles';

const site = testSite();
const photo = { primary_image_url: 'https://photos.example/1.jpg', images: [{ image_url: 'https://photos.example/1.jpg' }] };

// What a dealer management system may send: markup, a CDATA end, quotes, delimiters, line breaks,
// a spreadsheet formula, bidirectional overrides, a zero-width joiner and astral characters.
const hostile = {
  name: `2021 "Toyota" <script>alert(1)</script> ]]> RAV4, GX & Co`,
  variant: `=HYPERLINK("https://evil.example","x")`,
  colour: 'Red\u202Eetihw\u202C 🚗',
  description: `Line one;\r\nline two,\t"quoted" </g:description><g:price>1 AUD</g:price> 👨\u200D👩\u200D👧 ü`,
};

const xmlItem = (xml: string): Record<string, string> => {
  const doc = new XMLParser({ parseTagValue: false, trimValues: false }).parse(xml) as { rss: { channel: { item: Record<string, string> } } };
  return doc.rss.channel.item;
};

describe('hostile stock text', () => {
  const car = feedCar(testCar({ ...photo, ...hostile }), site);

  it('comes back from the Vehicle Ads XML exactly as written, in one element each', () => {
    const xml = vehicleAdsXml([car], site);
    expect(xml).not.toContain('<script>');
    const item = xmlItem(xml);
    expect(item['g:title']).toBe(hostile.name);
    expect(item['g:trim']).toBe(hostile.variant);
    expect(item['g:color']).toBe(hostile.colour);
    expect(item['g:description']).toBe(hostile.description.replace('\r\n', '\n'));
    expect(item['g:price']).toBe('38990.00 AUD');
  });

  it('comes back from both CSV feeds cell for cell, a formula made inert', () => {
    const [listing] = parse<Record<string, string>>(vehicleListingsCsv([car]), { columns: true });
    expect(listing).toMatchObject({ model: 'RAV4', trim: `'${hostile.variant}`, exterior_color: hostile.colour, price: '38990.00 AUD' });
    const [meta] = parse<Record<string, string>>(metaVehiclesCsv([car]), { columns: true });
    expect(meta).toMatchObject({ title: hostile.name, description: hostile.description, trim: `'${hostile.variant}`, price: '38990.00 AUD' });
  });

  it('drops characters XML cannot hold, even where the stock schema was bypassed', () => {
    const raw: Vehicle = { ...testCar(photo), name: 'Bad\u0000\u0008\u001B\uFFFE name\uD800' };
    expect(xmlItem(vehicleAdsXml([feedCar(raw, site)], site))['g:title']).toBe('Bad name');
  });
});

describe('buildFeeds', () => {
  const cars = [testCar({ ...photo, id: 1, slug: 'car-one', stocknum: 'A1' }), testCar({ ...photo, id: 2, slug: 'car-two', stocknum: 'A2', price: 0 })];
  const { files, report } = buildFeeds(site, cars, 5);

  it('serves three feeds under /feeds/ and reports the cars left out of each, counted by reason', () => {
    expect(files.map((f) => f.path)).toEqual(['/feeds/google-vehicle-listings.csv', '/feeds/google-vehicle-ads.xml', '/feeds/meta-vehicles.csv']);
    // No time stamp: the same stock publishes the same report, byte for byte.
    expect(report).toMatchObject({ dealer: site.slug, listed: 2, not_listed: 5 });
    expect(report).not.toHaveProperty('generated_at');
    expect(report.feeds['meta-vehicles']).toMatchObject({
      cars_in: 1,
      cars_left_out: 1,
      reasons: { no_price: 1 },
      left_out: [{ id: 2, stocknum: 'A2', reasons: ['no_price'] }],
    });
  });

  it('prints one line per feed for the build log', () => {
    expect(formatFeedReport(report)).toEqual([
      '  Google vehicle listings (Business Profile): 1 in, 1 left out (no price (price on application) 1)',
      '  Google Vehicle Ads (Merchant Center): 1 in, 1 left out (no price (price on application) 1)',
      '  Meta automotive catalog: 1 in, 1 left out (no price (price on application) 1)',
    ]);
  });

  it('still writes each feed’s header when no car goes in', () => {
    const empty = buildFeeds(site, [], 0).files;
    expect(empty[0]?.body.split('\r\n')[0]).toMatch(/^vin,id,store_code,/);
    expect(xmlItem(empty[1]?.body ?? '')).toBeUndefined();
    expect(empty[2]?.body).toMatch(/^vehicle_id,vin,title,.*,image\[0\]\.url\r\n$/);
  });
});
