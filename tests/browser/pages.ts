import { loadDealer } from '../../src/config/load';
import { contactPages, sortLocations } from '../../src/lib/locations';
import { BROCHURE_PATHS } from '../../src/lib/site-pages';

/** One path per page type of a dealer site (dynamic pages by their first instance). */
export function pageTypes(slug: string, dealersDir = 'dealers'): { type: string; path: string }[] {
  const site = loadDealer(slug, dealersDir);
  const firstContact = [...contactPages(site.locations).keys()][0];
  const firstLocation = sortLocations(site.locations)[0];
  return [
    ...BROCHURE_PATHS.map((path) => ({ type: path === '/' ? 'home' : path.slice(1), path })),
    ...(firstContact ? [{ type: 'contact-us', path: `/contact-us/${firstContact}` }] : []),
    ...(firstLocation ? [{ type: 'our-location', path: `/our-location/${firstLocation.slug}` }] : []),
    { type: '404', path: '/no-such-page' },
  ];
}
