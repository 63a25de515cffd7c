/**
 * The alerts a shopper can be emailed after a stock import, and the key each is remembered by
 * once sent (alert_sends): account, kind, car and, for a price drop, the new price. The same
 * change found again by a later run has the same key, so it is never sent twice; a further drop
 * has a new price and so a new key.
 */

export type AlertKind = 'price_drop' | 'sold' | 'new_match';
export const ALERT_KINDS: readonly AlertKind[] = ['price_drop', 'sold', 'new_match'];

/** What an email says about a car: from the stock when the car is in it, else from the saved entry. */
export interface AlertCar {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  /** The price now; absent for a car that left the feed. */
  price?: number;
}

/** The saved search a new car matched: the shopper's own name for it and its path. */
export interface AlertSearch {
  id: string;
  name: string;
  path: string;
}

export type Alert =
  { kind: 'price_drop'; car: AlertCar; was: number; now: number } | { kind: 'sold'; car: AlertCar } | { kind: 'new_match'; car: AlertCar; search: AlertSearch };

export function alertKey(accountId: string, alert: Alert): string {
  const change = alert.kind === 'price_drop' ? String(alert.now) : '';
  return [accountId, alert.kind, alert.car.id, change].join(':');
}

export type AlertCounts = Record<AlertKind, number>;

export const noAlerts = (): AlertCounts => ({ price_drop: 0, sold: 0, new_match: 0 });

export function countAlerts(alerts: readonly Alert[], into: AlertCounts = noAlerts()): AlertCounts {
  for (const alert of alerts) into[alert.kind] += 1;
  return into;
}
