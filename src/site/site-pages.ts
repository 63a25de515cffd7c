/**
 * The pages each dealer site has, for the sitemap and the tests. Dynamic pages come from the
 * config and the stock so the sitemap cannot drift from what the build produced.
 */
import type { SitemapOptions } from '@astrojs/sitemap';
import type { DealerConfig } from '../platform/config/schema';
import type { Vehicle } from '../stock/model/vehicle';
import { contactPages, sortLocations } from '../dealer/model/locations';
import { carPath } from '../stock/model/car';
import { dealershipsByMake, modelCards } from '../dealer/model/brands';
import { landingFacets, landingPages } from '../search/model/landing';
import { siteUrl } from '../dealer/model/seo';

export const BROCHURE_PATHS = ['/', '/contact', '/privacy-policy', '/service', '/finance', '/sell-my-car', '/valuations'] as const;

/** Brochure, contact, location, models, brands and dealership pages: everything the config alone decides. */
export function sitePaths(site: DealerConfig): string[] {
  return [
    ...BROCHURE_PATHS,
    ...[...contactPages(site.locations).keys()].map((slug) => `/contact-us/${slug}`),
    ...sortLocations(site.locations).map((l) => `/our-location/${l.slug}`),
    ...site.leads.service_booking_pages.map((page) => page.path),
    ...cataloguePaths(site),
  ];
}

/** /models (when the site has models), /models/{slug}, /brands/{slug} and /dealerships/{make}. */
export function cataloguePaths(site: DealerConfig): string[] {
  const models = modelCards(site);
  return [
    ...(models.length > 0 ? ['/models', ...models.map((m) => `/models/${m.slug}`)] : []),
    ...site.manufacturers.map((m) => `/brands/${m.slug}`),
    ...dealershipsByMake(site).map((d) => `/dealerships/${d.slug}`),
  ];
}

/**
 * Car pages worth a search engine's time: every car is prerendered (sold ones say Sold), but
 * only cars still for sale or on their way are listed.
 */
export function carPaths(stock: readonly Vehicle[]): string[] {
  return stock.filter((car) => car.status !== 'sold').map((car) => carPath(car.slug));
}

/**
 * The search landing paths the search pages prerender (src/search/model/routing.ts `landingPages`),
 * from the cars a listing shows. Sold cars are left out of the counts: a landing page that
 * only sold cars would fill is not one to advertise.
 */
export function searchLandingPaths(site: DealerConfig, stock: readonly Vehicle[]): string[] {
  return landingPages(site, landingFacets(stock.filter((car) => car.status !== 'sold'))).map((page) => page.path);
}

/** Every page the sitemap lists: the config's pages, search landing pages with cars, cars for sale. */
export function sitemapPaths(site: DealerConfig, stock: readonly Vehicle[]): string[] {
  return [...new Set([...sitePaths(site), ...searchLandingPaths(site, stock), ...carPaths(stock)])];
}

/** A page address as a path without its trailing slash, the way the paths above are written. */
function pathOf(url: string, base: string): string {
  const { pathname } = new URL(url, base);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * What @astrojs/sitemap (astro.config.mjs) keeps of the pages the build wrote, and how it writes
 * them. The integration finds every page; only those `sitemapPaths` lists are worth a search
 * engine's time, so the rest stay out: the shell pages, the header search, the success page, the
 * form pages, an empty /models, landing pages only sold cars would fill and sold cars' pages.
 * Addresses are written as each page's canonical URL (no trailing slash). The stock is read
 * the first time a page is checked, once per build.
 */
export function sitemapOptions(site: DealerConfig, stock: () => readonly Vehicle[]): Pick<NonNullable<SitemapOptions>, 'filter' | 'serialize' | 'namespaces'> {
  let listed: Set<string> | undefined;
  return {
    filter: (page) => {
      listed ??= new Set(sitemapPaths(site, stock()).map((path) => pathOf(path, site.url)));
      return listed.has(pathOf(page, site.url));
    },
    serialize: (item) => ({ ...item, url: siteUrl(site, pathOf(item.url, site.url)) }),
    // A plain list of addresses, as search engines read it; no news, image or video entries.
    namespaces: { news: false, xhtml: false, image: false, video: false },
  };
}
