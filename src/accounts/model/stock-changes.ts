/**
 * What changed in a dealer's stock since the alert job last looked: the stock as the job last saw
 * it (one watched row per car: price, and whether it was sold) against the stock just imported.
 *
 * - a price drop: a car for sale then and now, both prices given (not 0, "price on application"),
 *   the new one lower;
 * - sold: a car for sale then that is now sold or gone from the feed;
 * - new: a car for sale now that the last look did not see at all. A car that comes back after
 *   being sold is not new: it was seen before.
 *
 * Pure, so the rules are tested without a database.
 */
import type { Vehicle } from '../../stock/model/vehicle';

/** One car as the job last saw it (a stock_watch row). */
export interface WatchedCar {
  car_id: string;
  price: number | null;
  sold: boolean;
}

export interface PriceDrop {
  car_id: string;
  was: number;
  now: number;
}

export interface StockChanges {
  priceDrops: Map<string, PriceDrop>;
  /** Sold, or no longer in the feed. */
  sold: Set<string>;
  /** Ids of cars for sale now that the last look did not see. */
  arrived: Set<string>;
}

const forSale = (car: Pick<Vehicle, 'status'>): boolean => car.status !== 'sold';
/** Prices are watched in whole units, as pages show them: a feed's stray cents are no price drop. */
const whole = (price: number): number => Math.round(price);

export function stockChanges(previous: readonly WatchedCar[], current: readonly Vehicle[]): StockChanges {
  const now = new Map(current.map((car) => [String(car.id), car]));
  const before = new Map(previous.map((row) => [row.car_id, row]));
  const changes: StockChanges = { priceDrops: new Map(), sold: new Set(), arrived: new Set() };
  for (const row of previous) {
    if (row.sold) continue;
    const car = now.get(row.car_id);
    if (!car || !forSale(car)) {
      changes.sold.add(row.car_id);
      continue;
    }
    const price = whole(car.price);
    if (row.price !== null && row.price > 0 && price > 0 && price < row.price) {
      changes.priceDrops.set(row.car_id, { car_id: row.car_id, was: row.price, now: price });
    }
  }
  for (const [id, car] of now) if (!before.has(id) && forSale(car)) changes.arrived.add(id);
  return changes;
}

/** The watch rows for a stock: every car in the feed, sold ones marked sold. */
export function watchRows(current: readonly Vehicle[]): WatchedCar[] {
  return current.map((car) => ({ car_id: String(car.id), price: whole(car.price), sold: !forSale(car) }));
}

/**
 * The watch to keep after a run: the new stock, except for cars whose alert could not be sent to
 * someone. Those keep the row they had (or stay unseen, for a new car), so the next run finds the
 * same change again and sends it then; those already told are skipped by their sent keys.
 */
export function nextWatch(previous: readonly WatchedCar[], current: readonly Vehicle[], held: ReadonlySet<string>): WatchedCar[] {
  if (held.size === 0) return watchRows(current);
  const rows = watchRows(current).filter((row) => !held.has(row.car_id));
  for (const row of previous) if (held.has(row.car_id)) rows.push(row);
  return rows;
}
