import { loadDealer } from '../../src/platform/config/load';
import { contactPages, sortLocations } from '../../src/dealer/model/locations';
import { defaultSearchPath } from '../../src/search/model/search-path';
import { BROCHURE_PATHS } from '../../src/site/site-pages';
import { loadStock } from '../../src/stock/server/store';
import { financePageGate, needsSignIn } from '../../src/accounts/model/gating';

/**
 * One path per page type of a dealer site (dynamic pages by their first instance): brochure
 * pages, the default search page, the first car in stock, the models list, the trade-in valuation,
 * favourites and compare pages, the lead success page, the account pages, online payment,
 * personalised finance and spin-to-win where the dealer offers them, and the 404 page.
 * `gated` pages show their content only to a signed-in shopper: tests that look at them answer
 * the account API for the page (./account-stub.ts), and wait for `ready` (by default the gate's
 * content) before they look.
 */
export function pageTypes(slug: string, dealersDir = 'dealers', stockDir?: string): { type: string; path: string; gated?: true; ready?: string }[] {
  const site = loadDealer(slug, dealersDir);
  const firstContact = [...contactPages(site.locations).keys()][0];
  const firstLocation = sortLocations(site.locations)[0];
  const car = loadStock(site, stockDir ? { ...process.env, STOCK_DIR: stockDir } : process.env).find((v) => v.status === 'in_stock');
  return [
    ...BROCHURE_PATHS.map((path) => ({ type: path === '/' ? 'home' : path.slice(1), path })),
    ...(firstContact ? [{ type: 'contact-us', path: `/contact-us/${firstContact}` }] : []),
    ...(firstLocation ? [{ type: 'our-location', path: `/our-location/${firstLocation.slug}` }] : []),
    { type: 'search', path: defaultSearchPath(site) },
    ...(car ? [{ type: 'car', path: `/cars/${car.slug}` }] : []),
    { type: 'models', path: '/models' },
    { type: 'trade-in', path: '/cars/trade-in' },
    { type: 'favourites', path: '/favourites' },
    { type: 'compare', path: '/compare' },
    { type: 'success', path: '/success' },
    { type: 'sign-in', path: '/sign-in' },
    { type: 'my-garage', path: '/my-garage', gated: true, ready: '[data-gate-content] [data-part="searches"]' },
    { type: 'unsubscribe', path: '/unsubscribe' },
    ...(site.features.enabled_pages.includes('online_payment')
      ? [{ type: 'online-payment', path: '/online-payment', ...(needsSignIn('online_payment', site.features) ? { gated: true as const } : {}) }]
      : []),
    ...(site.features.enabled_pages.includes('personalised_finance')
      ? [{ type: 'personalised-finance', path: '/personalised/finance', ...(financePageGate(site.features) ? { gated: true as const } : {}) }]
      : []),
    ...(site.features.enabled_pages.includes('spin_to_win') && site.spin_to_win
      ? [{ type: 'spin-to-win', path: '/spin-to-win', ...(site.features.gated_pages.includes('spin_to_win') ? { gated: true as const } : {}) }]
      : []),
    { type: '404', path: '/no-such-page' },
  ];
}
