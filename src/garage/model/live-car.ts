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
