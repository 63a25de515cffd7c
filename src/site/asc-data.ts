/**
 * What a page's `window.asc_datalayer` starts with (the Automotive Standards Council data layer):
 * the store, the page type and, on a car page, the car. Written into each page at build time as
 * JSON (BaseLayout.astro); src/platform/web/asc-page.ts puts it on the window and sends the
 * page view. A JSON block, not an inline script: every page's would differ, and each inline
 * script's hash would join the site's Content-Security-Policy.
 */
import type { DealerConfig } from '../platform/config/schema';
import { regionDefaults } from '../platform/config/regions';
import type { AscDataLayer, AscItem } from '../platform/web/tracker';

/** The standard's page types this site has. */
export type AscPageType = 'home' | 'itemlist' | 'item' | 'specials' | 'finance' | 'service' | 'contact' | 'trade' | 'showroom' | 'checkout' | 'other';

// First match wins; paths as BaseLayout receives them (no trailing slash).
const PAGE_TYPES: ReadonlyArray<[RegExp, AscPageType]> = [
  [/^\/$/, 'home'],
  [/^\/(cars\/(?!trade-in$)[^/]+|shell\/car)$/, 'item'],
  [/^\/(search|pre-owned|electric-cars|find|shell\/search)(\/|$)/, 'itemlist'],
  [/^\/(contact|contact-us|our-location)(\/|$)/, 'contact'],
  [/^\/(service)(\/|$)/, 'service'],
  [/^\/(finance|apply-for-finance|finance-enquiry|personalised)(\/|$)/, 'finance'],
  [/^\/(sell-my-car|valuations|cars\/trade-in)(\/|$)/, 'trade'],
  [/^\/(checkout|shell\/checkout|online-payment)(\/|$)/, 'checkout'],
  [/^\/(spin-to-win)(\/|$)/, 'specials'],
  [/^\/(models|brands|dealerships)(\/|$)/, 'showroom'],
];

/**
 * The ASC page type of a path: home, itemlist (stock search and its landing pages), item (a car),
 * contact, service (and the booking pages, which name their type), finance, trade (trade-in and
 * valuations), checkout, specials (spin-to-win), showroom (models and brands), else other.
 */
export function ascPageType(path: string): AscPageType {
  return PAGE_TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? 'other';
}

/** The data layer of one page, without events: those are the page's own, sent as they happen. */
export function ascData(site: DealerConfig, pageType: AscPageType, items: AscItem[] = []): Omit<AscDataLayer, 'events'> {
  const { analytics } = site;
  const oemBrand = analytics.oem_brand ?? site.manufacturer?.name;
  return {
    measurement_ids: analytics.measurement_ids,
    store_name: analytics.store_name ?? site.name,
    ...(analytics.oem_code ? { oem_code: analytics.oem_code } : {}),
    ...(oemBrand ? { oem_brand: oemBrand.toLowerCase() } : {}),
    // The events come from the site itself, not a tool bolted onto it.
    affiliation: 'native',
    event_owner: (analytics.event_owner ?? site.footer.powered_by.name).toLowerCase(),
    language: site.locale.slice(0, 2),
    currency: regionDefaults[site.region].currency.toLowerCase(),
    page_type: pageType,
    items,
  };
}
