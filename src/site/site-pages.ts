/**
 * The pages each dealer site has, for the sitemap and the tests. Dynamic pages come from the
 * config and the stock so the sitemap cannot drift from what the build produced.
 */
import type { DealerConfig } from '../platform/config/schema';
import type { Vehicle } from '../stock/model/vehicle';
import { contactPages, sortLocations } from '../dealer/model/locations';
import { carPath } from '../stock/model/car';
import { dealershipsByMake, modelCards } from '../dealer/model/brands';
import { landingFacets, landingPages } from '../search/model/landing';
import { siteUrl } from '../dealer/model/seo';
import { xmlText } from '../platform/formats/xml';
import { listedVehicles } from '../search/server/listed-stock';

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
 * The cars that get a prerendered page: the cars the site lists at `nowSeconds` (the listing rule
 * of src/search/server/listed-stock.ts: not sold, or sold within the sold window and flagged for
 * the website). A car the site hides gets no page, so its VIN and stock number are in no file a
 * shopper can fetch; its address is answered by the car shell, whose search finds nothing, as
 * for an address no car ever had.
 */
export function carPageCars(site: Pick<DealerConfig, 'search'>, stock: readonly Vehicle[], nowSeconds: number): Vehicle[] {
  return listedVehicles(site, stock, nowSeconds);
}

/**
 * Car pages worth a search engine's time: every listed car is prerendered (sold ones in the sold
 * window say Sold), but only cars still for sale or on their way are in the sitemap.
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

/** Search engines read at most this many addresses from one sitemap file. */
export const SITEMAP_ENTRY_LIMIT = 45_000;

/**
 * The site's sitemaps as search engines read them: `/sitemap-index.xml`, which robots.txt names,
 * listing `/sitemap-0.xml` and on, each a plain list of at most SITEMAP_ENTRY_LIMIT addresses:
 * every page `sitemapPaths` lists, at its canonical address (no trailing slash), in address order.
 * The shell pages, the header search, the success, form and 404 pages, an empty /models,
 * landing pages only sold cars would fill and sold cars' pages are left out.
 */
export function sitemapFiles(site: DealerConfig, stock: readonly Vehicle[], limit = SITEMAP_ENTRY_LIMIT): { path: string; body: string }[] {
  const urls = sitemapPaths(site, stock)
    .map((path) => siteUrl(site, path))
    .sort();
  const parts: string[][] = [];
  for (let i = 0; i < urls.length || parts.length === 0; i += limit) parts.push(urls.slice(i, i + limit));
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  const part = (n: number): string => `/sitemap-${n}.xml`;
  return [
    {
      path: '/sitemap-index.xml',
      body: `${head}<sitemapindex ${ns}>${parts.map((_, n) => `<sitemap><loc>${xmlText(siteUrl(site, part(n)))}</loc></sitemap>`).join('')}</sitemapindex>`,
    },
    ...parts.map((list, n) => ({
      path: part(n),
      body: `${head}<urlset ${ns}>${list.map((url) => `<url><loc>${xmlText(url)}</loc></url>`).join('')}</urlset>`,
    })),
  ];
}
