/**
 * The garage pages a dealer site has: /my-garage on every site, and the dealer's own garage page
 * at the path its file names (`features.garage_page`). Both are the same signed-in page, gated for
 * every shopper whatever the dealer gates; neither is indexed or in the sitemap.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { MY_GARAGE_PATH } from '../../accounts/model/sign-in-target';

export interface GaragePage {
  path: string;
  title: string;
}

/** The dealer's own garage page, if its file names one. */
export function dealerGaragePage(site: Pick<DealerConfig, 'name' | 'features'>): GaragePage | undefined {
  const page = site.features.garage_page;
  return page ? { path: page.path, title: page.title ?? `${site.name} Garage` } : undefined;
}

/** Every garage page of the site: My Garage first. */
export function garagePages(site: Pick<DealerConfig, 'name' | 'features'>, myGarageTitle = 'My Garage'): GaragePage[] {
  const own = dealerGaragePage(site);
  return [{ path: MY_GARAGE_PATH, title: myGarageTitle }, ...(own ? [own] : [])];
}
