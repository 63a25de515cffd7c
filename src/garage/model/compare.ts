/**
 * The side-by-side comparison: which cars (2 to 4, from `/compare?ids=…` or the saved list) and
 * the rows a shopper weighs them by, each marked where the cars differ. The same URL opens the
 * same comparison on another device, since it names the cars and nothing else.
 */
import { priceText, repaymentPriceText, STATUS_LABELS, TERMS_MARKER, type CarSite, type CarView } from '../../stock/model/car';
import { formatDistance, wording } from '../../platform/formats/region';

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

const ID = /^[1-9][0-9]{0,15}$/;

/** `ids` from a query string: stock ids, comma-separated, the first four distinct; anything else is dropped. */
export function compareIdsFromQuery(search: string): string[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids: string[] = [];
  for (const part of raw.slice(0, 200).split(',')) {
    const id = part.trim();
    if (ID.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_COMPARE) break;
  }
  return ids;
}

/** The shareable address of a comparison. */
export const comparePath = (ids: readonly string[]): string => `/compare?ids=${ids.slice(0, MAX_COMPARE).join(',')}`;

export interface CompareRow {
  label: string;
  /** One value per car, in the cars' order, as shown ('—' when a car has none). */
  values: string[];
  /** The cars do not all have the same value: the row is highlighted. */
  differs: boolean;
}

/** `repayment` only where the page shows the advertised finance terms too (marked `*` to them); without it no repayment is shown. */
export type CompareSite = Pick<CarSite, 'region' | 'locale' | 'units' | 'repayment'>;

const NONE = '—';

/** The rows, in the order shoppers read them. Features are listed whole, one per line. */
export function compareRows(cars: readonly CarView[], site: CompareSite): CompareRow[] {
  const w = wording(site.locale);
  const row = (label: string, value: (car: CarView) => string | number | undefined): CompareRow => {
    const values = cars.map((car) => {
      const v = value(car);
      return v === undefined || v === '' || v === 0 ? NONE : String(v);
    });
    return { label: w(label), values, differs: new Set(values).size > 1 };
  };
  return [
    row('Price', (car) => (car.status === 'sold' ? STATUS_LABELS.sold : priceText(car.price, site))),
    row(site.repayment?.per === '/month' ? 'Estimated monthly payment' : 'Weekly price', (car) => {
      const repayment = repaymentPriceText(car, site);
      return repayment && repayment + TERMS_MARKER;
    }),
    row('Odometer', (car) => (car.km > 0 ? formatDistance(car.km, site.units, site.locale) : undefined)),
    row('Year', (car) => car.year),
    row('Body', (car) => car.body),
    row('Fuel', (car) => car.fuel && w(car.fuel)),
    row('Transmission', (car) => car.transmission),
    row('Drive', (car) => car.drive),
    row('Seats', (car) => car.seats),
    row('Colour', (car) => car.colour),
    row('Features', (car) => car.filtered_features.join('\n')),
    row('Location', (car) => car.location_name),
  ];
}
