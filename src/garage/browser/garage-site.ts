/** What the garage pages read off their root element: the site's slug, search, region and advertised repayment line. */
import type { CompareSite } from '../model/compare';
import { searchConfig, type SearchConfig } from '../../cars/browser/fetch-car';
import { repaymentLineFrom } from '../../stock/model/car';

export interface GarageSite extends CompareSite {
  slug: string;
  search: SearchConfig;
}

/** Shows the page's finance terms (GarageRoot.astro prints them hidden) only while a car on screen shows a repayment. */
export function showFinanceTerms(root: HTMLElement, shown: boolean): void {
  root.querySelectorAll<HTMLElement>('[data-repayment-terms]').forEach((terms) => {
    terms.hidden = !shown;
  });
}

export function garageSite(root: HTMLElement): GarageSite | undefined {
  const { siteSlug, locale, region, units, repaymentPerPrice, repaymentPer, repaymentFees } = root.dataset;
  const search = searchConfig(root);
  if (!siteSlug || !locale || !search || (region !== 'AU' && region !== 'NZ' && region !== 'US') || (units !== 'km' && units !== 'miles')) return undefined;
  // Repayments only where the page prints their terms (GarageRoot.astro does, with the line).
  const repayment = repaymentLineFrom(repaymentPerPrice, repaymentPer, repaymentFees);
  return { slug: siteSlug, locale, region, units, search, ...(repayment ? { repayment } : {}) };
}
