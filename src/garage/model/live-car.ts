/**
 * A saved car's price and status line, as search lists the car now: the price (and weekly
 * price), a state badge when it is not simply in stock, or why there is no price to show.
 * Shared by /favourites and /my-garage so the two never word a car differently.
 */
import { priceText, repaymentPriceText, STATUS_LABELS, TERMS_MARKER, type CarView } from '../../stock/model/car';
import type { CompareSite } from './compare';

export interface LiveCarText {
  price: string;
  /** '' when in stock. */
  state: string;
  /** For styling: the car's status, 'unlisted', or undefined while unknown. */
  status?: CarView['status'] | 'unlisted';
}

/**
 * `now`: the car as search lists it, null when search no longer lists it, undefined when not yet
 * known (or search could not be asked: `failed`).
 */
export function liveCarText(now: CarView | null | undefined, site: CompareSite, failed: boolean): LiveCarText {
  if (now) {
    return {
      price: [priceText(now.price, site), repaymentPriceText(now, site)]
        .filter(Boolean)
        .map((text, i) => (i === 1 ? text + TERMS_MARKER : text))
        .join(' · '),
      state: now.status === 'in_stock' ? '' : STATUS_LABELS[now.status],
      status: now.status,
    };
  }
  if (now === null) return { price: '', state: 'No longer listed', status: 'unlisted' };
  return { price: failed ? 'Price unavailable right now' : 'Checking price…', state: '' };
}

/**
 * Whether the page's finance terms belong on screen: only beside a repayment one of its cars
 * shows (saved cars, My Garage, the comparison; here rather than in ./compare.ts so My Garage
 * does not load the comparison's rows). Sold and "price on application" cars show none, so a page of only those shows no terms.
 */
export function showsFinanceTerms(cars: readonly (CarView | null | undefined)[], site: CompareSite): boolean {
  return cars.some((car) => car != null && repaymentPriceText(car, site) !== '');
}
