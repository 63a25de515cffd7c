/**
 * One alert email for one account: every change found for it in a run, grouped (price drops,
 * then sold cars, then new cars per saved search), as plain text and simple HTML, with the
 * one-click unsubscribe headers (RFC 8058) and an unsubscribe link in the body.
 *
 * Shopper-supplied text (search names, and car names from a saved entry) is made single-line
 * everywhere and escaped in the HTML, so a name cannot add a header, a fake line or markup.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { carPath, priceText } from '../../stock/model/car';
import { simpleSearchPath } from '../../search/model/routing';
import { defaultSearchPath } from '../../search/model/search-path';
import { accountPaths } from './api';
import type { Alert, AlertCar, AlertSearch } from './alerts';
import { safeReturnPath } from './return-path';
import { escapeHtml, singleLine } from '../../platform/formats/text';

export type AlertMailSite = Pick<DealerConfig, 'name' | 'url' | 'region' | 'locale' | 'search'>;

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The shopper's unsubscribe page (GET shows it, with the token in the link). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/** Cars listed per saved search in one email; the rest are counted with a link to the search. */
export const MAX_CARS_PER_SEARCH = 10;

const absolute = (site: AlertMailSite, path: string): string => new URL(path, site.url).href;

export function unsubscribeLinks(site: AlertMailSite, token: string): { page: string; oneClick: string } {
  const page = new URL(UNSUBSCRIBE_PAGE, site.url);
  page.searchParams.set('token', token);
  const oneClick = new URL(accountPaths.unsubscribe, site.url);
  oneClick.searchParams.set('token', token);
  return { page: page.href, oneClick: oneClick.href };
}

const carName = (car: AlertCar): string => singleLine(car.name);
const shortName = (car: AlertCar): string => singleLine(`${car.make} ${car.model}`, 80);
const searchName = (search: AlertSearch, max = 80): string => singleLine(search.name, max);
/** The saved search's own page; a path that is not this site's falls back to the search page. */
const searchUrl = (site: AlertMailSite, search: AlertSearch): string => absolute(site, safeReturnPath(search.path) ?? defaultSearchPath(site));

interface SearchGroup {
  search: AlertSearch;
  cars: AlertCar[];
}

interface Grouped {
  drops: Extract<Alert, { kind: 'price_drop' }>[];
  sold: Extract<Alert, { kind: 'sold' }>[];
  searches: SearchGroup[];
}

function group(alerts: readonly Alert[]): Grouped {
  const grouped: Grouped = { drops: [], sold: [], searches: [] };
  const bySearch = new Map<string, SearchGroup>();
  for (const alert of alerts) {
    if (alert.kind === 'price_drop') grouped.drops.push(alert);
    else if (alert.kind === 'sold') grouped.sold.push(alert);
    else {
      let entry = bySearch.get(alert.search.id);
      if (!entry) {
        entry = { search: alert.search, cars: [] };
        bySearch.set(alert.search.id, entry);
        grouped.searches.push(entry);
      }
      entry.cars.push(alert.car);
    }
  }
  return grouped;
}

export function alertSubject(alerts: readonly Alert[]): string {
  const [only] = alerts;
  if (alerts.length === 1 && only) {
    if (only.kind === 'price_drop') return `Price drop on the ${shortName(only.car)} you saved`;
    if (only.kind === 'sold') return `The ${shortName(only.car)} you saved has sold`;
    return `A new ${shortName(only.car)} matches your search “${searchName(only.search, 60)}”`;
  }
  const { searches } = group(alerts);
  const [first] = searches;
  if (first && searches.length === 1 && alerts.every((a) => a.kind === 'new_match')) {
    return `${alerts.length} new cars match your search “${searchName(first.search, 60)}”`;
  }
  if (searches.length === 0) return `${alerts.length} updates on cars you saved`;
  return `${alerts.length} updates on your saved cars and searches`;
}

export function alertMail(site: AlertMailSite, alerts: readonly Alert[], unsubscribeToken: string): AlertMail {
  const { drops, sold, searches } = group(alerts);
  const links = unsubscribeLinks(site, unsubscribeToken);
  const price = (amount: number): string => priceText(amount, site);
  const dealer = singleLine(site.name, 120);
  const text: string[] = ['Hello,', '', `Here is what changed at ${dealer} for the cars and searches you saved.`];
  const html: string[] = [`<p>Hello,</p>`, `<p>Here is what changed at ${escapeHtml(dealer)} for the cars and searches you saved.</p>`];
  const link = (href: string, label: string): string => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

  if (drops.length > 0) {
    text.push('', drops.length === 1 ? 'Price drop' : 'Price drops');
    html.push(`<h2>${drops.length === 1 ? 'Price drop' : 'Price drops'}</h2>`, '<ul>');
    for (const { car, was, now } of drops) {
      const href = absolute(site, carPath(car.slug));
      const change = `Was ${price(was)}, now ${price(now)} (${price(was - now)} less).`;
      text.push(`- ${carName(car)}`, `  ${change}`, `  ${href}`);
      html.push(`<li>${link(href, carName(car))}<br>${escapeHtml(change)}</li>`);
    }
    html.push('</ul>');
  }
  if (sold.length > 0) {
    text.push('', sold.length === 1 ? 'Sold' : 'Sold or no longer for sale');
    html.push(`<h2>${sold.length === 1 ? 'Sold' : 'Sold or no longer for sale'}</h2>`, '<ul>');
    for (const { car } of sold) {
      const similar = absolute(site, simpleSearchPath(site, { make: car.make, model: car.model }));
      const note = `It has sold or is no longer for sale. Other ${shortName(car)} cars:`;
      text.push(`- ${carName(car)}`, `  ${note}`, `  ${similar}`);
      html.push(`<li>${escapeHtml(carName(car))}<br>${escapeHtml(note)} ${link(similar, `See ${shortName(car)} cars`)}</li>`);
    }
    html.push('</ul>');
  }
  for (const { search, cars } of searches) {
    const heading = `New for your search “${searchName(search)}”`;
    const all = searchUrl(site, search);
    text.push('', heading);
    html.push(`<h2>${escapeHtml(heading)}</h2>`, '<ul>');
    for (const car of cars.slice(0, MAX_CARS_PER_SEARCH)) {
      const href = absolute(site, carPath(car.slug));
      const shown = car.price === undefined ? '' : price(car.price);
      text.push(`- ${carName(car)}${shown ? `, ${shown}` : ''}`, `  ${href}`);
      html.push(`<li>${link(href, carName(car))}${shown ? ` ${escapeHtml(shown)}` : ''}</li>`);
    }
    html.push('</ul>');
    const more = cars.length - MAX_CARS_PER_SEARCH;
    const seeAll = more > 0 ? `And ${more} more. See them all:` : 'See the search:';
    text.push(`  ${seeAll} ${all}`);
    html.push(`<p>${escapeHtml(seeAll)} ${link(all, searchName(search))}</p>`);
  }

  const why = `You get these emails because you turned on alerts in your account at ${dealer}.`;
  text.push('', '--', why, `Unsubscribe from every alert: ${links.page}`);
  html.push('<hr>', `<p>${escapeHtml(why)} ${link(links.page, 'Unsubscribe from every alert')}.</p>`);

  const subject = alertSubject(alerts);
  return {
    subject,
    text: `${text.join('\n')}\n`,
    html: `<!doctype html>\n<html lang="${escapeHtml(site.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${html.join('\n')}\n</body></html>\n`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
