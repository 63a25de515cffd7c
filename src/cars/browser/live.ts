/**
 * Puts the live price and status from search onto a rendered car (prerendered page or shell):
 * a static page can be days old, and a car sold this morning must not read "In Stock".
 */
import {
  STATUS_LABELS,
  arrivalText,
  priceText,
  repaymentLineFrom,
  repaymentPriceText,
  subscriptionPriceText,
  type CarView,
  type RepaymentSite,
} from '../../stock/model/car';
import { financeLink } from '../../stock/model/car-page';
import { regions, type Region } from '../../platform/config/regions';

export function siteFromDataset(el: HTMLElement): RepaymentSite | undefined {
  const { locale, region, repaymentPerPrice, repaymentPer, repaymentFees } = el.dataset;
  const known = regions.find((r): r is Region => r === region);
  if (!locale || !known) return undefined;
  const repayment = repaymentLineFrom(repaymentPerPrice, repaymentPer, repaymentFees);
  return { locale, region: known, ...(repayment ? { repayment } : {}) };
}

/** `car` null means search no longer has it: shown as no longer available, like a sold car. */
export function applyLiveState(article: HTMLElement, car: CarView | null, site: RepaymentSite): void {
  const status = car?.status ?? 'sold';
  const unavailable = status === 'sold';
  article.dataset.status = status;
  const text = (selector: string, value: string) => {
    const el = article.querySelector<HTMLElement>(selector);
    if (el) el.textContent = value;
    return el;
  };
  const pill = text('[data-car-status]', car ? STATUS_LABELS[status] : 'No longer available');
  pill?.setAttribute('data-status', status);
  const arrival = car ? arrivalText(car, site.locale) : '';
  const arriving = text('[data-car-arrival]', arrival);
  if (arriving) arriving.hidden = arrival === '';
  if (car) {
    text('[data-car-price]', priceText(car.price, site));
    // "Drive away" qualifies a price, never "Price on application".
    const words = article.querySelector<HTMLElement>('[data-price-words]');
    if (words) words.hidden = !(car.price > 0);
    const subscription = text('[data-car-subscription]', subscriptionPriceText(car.subscription_price, site));
    if (subscription) subscription.hidden = !car.subscription_price;
    article.querySelectorAll<HTMLAnchorElement>('[data-finance-link]').forEach((link) => {
      link.href = financeLink(car, link.dataset.dealership || undefined);
    });
  }
  // The repayment, its footnote marker and the finance terms: all show, or none (a car sold since
  // the page was built, or gone from search, shows none).
  const repayment = car ? repaymentPriceText(car, site) : '';
  const line = text('[data-car-weekly]', repayment)?.parentElement;
  if (line) line.hidden = repayment === '';
  article.querySelectorAll<HTMLElement>('[data-repayment-terms]').forEach((terms) => {
    terms.hidden = repayment === '';
  });
  const note = article.querySelector<HTMLElement>('[data-car-sold-note]');
  if (note) {
    note.hidden = !unavailable;
    const message = note.querySelector<HTMLElement>('[data-car-sold-text]');
    if (message) message.textContent = car ? 'This car has been sold.' : 'This car is no longer available.';
  }
  article.querySelectorAll<HTMLElement>('[data-unless-sold]').forEach((el) => {
    el.hidden = unavailable;
  });
}
