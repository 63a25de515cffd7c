/**
 * Every demo dealer's three feeds, parsed back as Google and Meta would read them: each row has
 * every attribute its specification requires, and every car the site lists is either in a feed
 * or named in the report with its reasons. Hidden cars appear nowhere.
 */
import { readdirSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DEALER_FILES_DIR, dealerFileCopy } from '../../../tests/support/test-site';
import type { DealerConfig } from '../../platform/config/schema';
import { regionDefaults } from '../../platform/config/regions';
import { colourKey, kindForBody, placeholderUrls } from '../../stock/model/placeholder-image';
import { loadStock } from '../../stock/server/store';
import type { Vehicle } from '../../stock/model/vehicle';
import { listedVehicles } from '../../search/server/listed-stock';
import { FEEDS, feedIds, type FeedId } from '../model/eligibility';
import { storeCode } from '../model/feed-car';
import { siteFeeds } from './site-feeds';

const NOW = new Date('2026-11-20T03:00:00Z');
const slugs = readdirSync(DEALER_FILES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

type Row = Record<string, string>;
const csvRows = (text: string): Row[] => parse(text, { columns: true, bom: false, relax_column_count: false });
const xmlItems = (text: string): Row[] => {
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['item', 'g:additional_image_link'].includes(name) }).parse(
    text,
  ) as {
    rss: { channel: { item?: Row[] } };
  };
  return doc.rss.channel.item ?? [];
};

const withImages = (stock: readonly Vehicle[], urlsFor: (car: Vehicle) => string[]): Vehicle[] =>
  stock.map((car) => {
    const urls = urlsFor(car);
    return { ...car, primary_image_url: urls[0], images: urls.map((image_url) => ({ image_url })), thumbnails: urls };
  });
/** The same stock as a dealer management system sends it: photo URLs on the dealer's photo host. */
const withPhotos = (stock: readonly Vehicle[]): Vehicle[] =>
  withImages(stock, (car) => car.images.map((_, i) => `https://photos.example/${car.id}-${i + 1}.jpg`));
/** The same stock with the drawn SVG placeholders the demo showed before it had photos. */
const withPlaceholders = (stock: readonly Vehicle[]): Vehicle[] =>
  withImages(stock, (car) => placeholderUrls(kindForBody(car.body, car.item_type), colourKey(car.colour)));

function expectRequired(feed: FeedId, row: Row, site: DealerConfig, byRef: Map<string, Vehicle>): void {
  const currency = regionDefaults[site.region].currency;
  const unit = site.units === 'miles' ? 'miles' : 'km';
  const codes = new Set(site.locations.map((l) => storeCode(l)));
  const price = new RegExp(`^\\d+\\.\\d{2} ${currency}$`);
  const link = new RegExp(`^${site.url.replace(/[.]/g, '\\.')}/cars/[a-z0-9-]+$`);
  // A photo host's JPEG, or the site's own rendered demo photo at its large width.
  const absoluteJpeg = new RegExp(`^(https://photos\\.example/\\d+-\\d+|${site.url.replace(/[.]/g, '\\.')}/stock-photos/800/[a-z]+-[a-z]+-\\d)\\.jpg$`);
  if (feed === 'google-vehicle-listings') {
    const car = byRef.get(row.id ?? '');
    expect(car, `row ${row.id}`).toBeDefined();
    expect(row).toMatchObject({ vin: car?.vin, make: car?.make, model: car?.model, year: String(car?.year) });
    expect(row.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(codes.has(row.store_code ?? '')).toBe(true);
    expect(row.dealership_name).not.toBe('');
    expect(row.dealership_address).toMatch(new RegExp(`^.+, .+ \\S+, ${site.region}$`));
    expect(row.price).toMatch(price);
    expect(row.condition).toMatch(/^(new|used)$/);
    if (row.condition === 'used') expect(row.mileage).toMatch(new RegExp(`^[1-9]\\d* ${unit}$`));
    expect(row.link).toMatch(link);
    if (row.image_link) expect(row.image_link).toMatch(absoluteJpeg);
  } else if (feed === 'google-vehicle-ads') {
    const car = byRef.get(row['g:id'] ?? '');
    expect(car, `item ${row['g:id']}`).toBeDefined();
    expect(row).toMatchObject({ 'g:vin': car?.vin, 'g:brand': car?.make, 'g:model': car?.model, 'g:year': String(car?.year), 'g:title': car?.name });
    expect(row['g:vin']).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(row['g:price']).toMatch(price);
    expect(row['g:condition']).toMatch(/^(new|used)$/);
    expect(row['g:mileage']).toMatch(new RegExp(`^\\d+ ${unit}$`));
    expect(row['g:link']).toMatch(link);
    expect(row['g:image_link']).toMatch(absoluteJpeg);
    expect(codes.has(row['g:store_code'] ?? '')).toBe(true);
    expect(row['g:vehicle_fulfillment']).toEqual({ 'g:option': 'in_store', 'g:store_code': row['g:store_code'] });
    expect(row['g:description']).not.toBe('');
  } else {
    const car = byRef.get(row.vehicle_id ?? '');
    expect(car, `vehicle ${row.vehicle_id}`).toBeDefined();
    expect(row).toMatchObject({ vin: car?.vin, make: car?.make, model: car?.model, year: String(car?.year), title: car?.name, exterior_color: car?.colour });
    expect(row.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(row.price).toMatch(price);
    expect(row.state_of_vehicle).toMatch(/^(NEW|USED|CPO)$/);
    expect(row['mileage.unit']).toBe(unit === 'miles' ? 'MI' : 'KM');
    expect(row['mileage.value']).toMatch(/^\d+$/);
    expect(row.body_style).toMatch(/^[A-Z_]+$/);
    expect(row.url).toMatch(link);
    expect(row['image[0].url']).toMatch(absoluteJpeg);
    expect(row.description).not.toBe('');
    for (const part of ['address.addr1', 'address.city', 'address.region', 'address.postal_code']) expect(row[part]).not.toBe('');
    expect(row['address.country']).toBe(site.region);
  }
}

function parseFeed(feed: FeedId, body: string): Row[] {
  return feed === 'google-vehicle-ads' ? xmlItems(body) : csvRows(body);
}

describe.each(slugs)('%s feeds', (slug) => {
  const site = dealerFileCopy(slug);
  const stock = loadStock(site, { STOCK_DIR: '/nonexistent-stock-dir' });
  const listed = listedVehicles(site, stock, Math.floor(NOW.getTime() / 1000));
  const listedIds = new Set(listed.map((car) => car.id));
  const hidden = stock.filter((car) => !listedIds.has(car.id));
  const byRef = new Map(stock.map((car) => [car.stocknum ?? String(car.id), car]));

  it.each([
    ['demo stock (rendered demo photos)', stock],
    ['stock with real photos', withPhotos(stock)],
  ])('with %s, every row carries every required attribute and every listed car is in or accounted for', (_, cars) => {
    const { files, report } = siteFeeds(site, cars, NOW);
    expect(report.listed).toBe(listed.length);
    expect(report.not_listed).toBe(hidden.length);
    for (const feed of feedIds) {
      const file = files.find((f) => f.path === FEEDS[feed].path);
      const rows = parseFeed(feed, file?.body ?? '');
      const summary = report.feeds[feed];
      expect(rows).toHaveLength(summary.cars_in);
      for (const row of rows) expectRequired(feed, row, site, byRef);
      const refs = rows.map((row) => row.id ?? row['g:id'] ?? row.vehicle_id);
      const leftOut = summary.left_out.map((car) => car.stocknum ?? String(car.id));
      expect(new Set([...refs, ...leftOut]).size, 'each listed car once').toBe(listed.length);
      expect(refs.length + leftOut.length).toBe(listed.length);
      expect(summary.left_out.every((car) => car.reasons.length > 0)).toBe(true);
      // A car the site does not list is in no feed and not named in the report.
      for (const car of hidden) {
        expect(file?.body).not.toContain(car.slug);
        expect(summary.left_out.some((c) => c.id === car.id)).toBe(false);
      }
    }
  });

  it('leaves each car out for the reasons it has', () => {
    const { report } = siteFeeds(site, withPhotos(stock), NOW);
    const byId = new Map(stock.map((car) => [car.id, car]));
    for (const feed of feedIds) {
      for (const { id, reasons } of report.feeds[feed].left_out) {
        const car = byId.get(id);
        expect(reasons.includes('sold'), `car ${id}`).toBe(car?.status === 'sold');
        expect(reasons.includes('not_in_stock')).toBe(car?.status !== 'in_stock' && car?.status !== 'sold');
        expect(reasons.includes('no_price')).toBe(car?.price === 0);
        expect(reasons.includes('no_photo')).toBe(false);
      }
    }
    // The demo's rendered JPEGs are photos the ads feeds take; the drawn SVG placeholders are not.
    const demo = siteFeeds(site, stock, NOW).report;
    expect(demo.feeds['google-vehicle-ads'].reasons.no_photo ?? 0).toBe(0);
    expect(demo.feeds['meta-vehicles'].reasons.no_photo ?? 0).toBe(0);
    const drawn = siteFeeds(site, withPlaceholders(stock), NOW).report;
    expect(drawn.feeds['google-vehicle-ads'].reasons.no_photo).toBe(listed.length);
    expect(drawn.feeds['meta-vehicles'].reasons.no_photo).toBe(listed.length);
  });
});
