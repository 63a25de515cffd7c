/**
 * Google Vehicle Ads: the Merchant Center primary feed behind vehicle ads in Search. XML (RSS 2.0
 * with Google's `g:` namespace), which holds the repeated attributes (additional images, the
 * vehicle_fulfillment group) without a second delimiter. Attribute names are those of Merchant
 * Center's vehicle ads specification (support.google.com/merchants/answer/11192663).
 */
import { truncateAtWord } from '../../platform/formats/text';
import { xmlText } from '../../platform/formats/xml';
import type { FeedCar, FeedSite } from './feed-car';
import { MAX_ADDITIONAL_IMAGES } from './google-vehicle-listings';
import { siteUrl } from '../../dealer/model/seo';

/** Merchant Center's limits on title and description. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;

/** Google's product category "Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans". */
export const CARS_TRUCKS_AND_VANS = 916;

const tag = (name: string, value: string | number | undefined): string =>
  value === undefined || value === '' ? '' : `<g:${name}>${xmlText(value)}</g:${name}>`;

/** One `<item>`: every attribute the specification requires, and the recommended ones the stock has. */
export function vehicleAdsItem(facts: FeedCar): string {
  const { car, store, photos } = facts;
  const code = store?.code ?? '';
  const parts = [
    tag('id', car.stocknum ?? String(car.id)),
    tag('title', truncateAtWord(car.name, TITLE_MAX).text),
    tag('description', truncateAtWord(car.description?.trim() || car.name, DESCRIPTION_MAX).text),
    tag('link', facts.link),
    // The store code as Google's ValueTrack parameter: the page ignores it, the ad reports it.
    tag('link_template', `${facts.link}?store={store_code}`),
    tag('image_link', photos[0]),
    ...photos.slice(1, 1 + MAX_ADDITIONAL_IMAGES).map((url) => tag('additional_image_link', url)),
    tag('price', facts.price),
    // No separate MSRP in the stock: a new car's advertised price stands in (decision note).
    facts.condition === 'new' ? tag('vehicle_msrp', facts.price) : '',
    tag('condition', facts.condition),
    tag('certified_pre-owned', facts.certified ? 'yes' : 'no'),
    tag('brand', car.make),
    tag('model', car.model),
    tag('trim', car.variant),
    tag('year', car.year),
    tag('mileage', `${facts.mileage.value} ${facts.mileage.unit}`),
    tag('color', car.colour),
    tag('vin', car.vin),
    tag('store_code', code),
    `<g:vehicle_fulfillment>${tag('option', 'in_store')}${tag('store_code', code)}</g:vehicle_fulfillment>`,
    tag('availability', 'in_stock'),
    tag('google_product_category', CARS_TRUCKS_AND_VANS),
  ];
  return `<item>\n${parts.filter(Boolean).join('\n')}\n</item>\n`;
}

export function vehicleAdsXml(cars: readonly FeedCar[], site: Pick<FeedSite, 'name' | 'url'>): string {
  const home = siteUrl(site, '/');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${xmlText(`${site.name} vehicles`)}</title>\n<link>${xmlText(home)}</link>\n` +
    `<description>${xmlText(`Vehicles for sale at ${site.name}`)}</description>\n` +
    cars.map(vehicleAdsItem).join('') +
    '</channel>\n</rss>\n'
  );
}
