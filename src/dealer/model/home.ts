/**
 * What the home page shows below its hero, as data: which block presents the dealer's makes and
 * how many columns the feature cards take. A home page is the dealer's shop window, so it shows
 * only what says something about this dealer: one brand tile on a one-brand dealer says nothing
 * the logo has not said, and a lone card on the last row looks like something went missing.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { modelCards, type ModelCard } from './brands';

/** The most models a one-brand dealer's home page shows; the rest are a link away. */
export const HOME_MODELS = 4;

export type MakesBlock = { kind: 'brands' } | { kind: 'models'; make: string; models: ModelCard[]; more: boolean } | { kind: 'none' };

/**
 * A dealer with two or more makes shows a tile per make. A one-brand dealer shows its range
 * instead (its first models in the site's order), and nothing when it has no models configured.
 */
export function makesBlock(site: Pick<DealerConfig, 'manufacturers' | 'manufacturer' | 'models'>): MakesBlock {
  if (site.manufacturers.length >= 2) return { kind: 'brands' };
  const make = site.manufacturer?.name ?? site.manufacturers[0]?.name;
  const models = modelCards(site);
  if (!make || models.length === 0) return { kind: 'none' };
  return { kind: 'models', make, models: models.slice(0, HOME_MODELS), more: models.length > HOME_MODELS };
}

export interface CardColumns {
  /** Columns from tablet width. */
  medium: number;
  /** Columns on a wide screen. */
  wide: number;
}

/**
 * Columns for `count` feature cards such that no row ends with one card alone: up to four cards
 * share one row on a wide screen; more fill rows of four or three, whichever leaves the fuller
 * last row. On a tablet, two columns, or three where that avoids one card alone (three, five,
 * nine cards); seven cards leave one alone either way.
 */
export function cardColumns(count: number): CardColumns {
  if (count <= 1) return { medium: 1, wide: 1 };
  const lastRow = (columns: number) => count % columns || columns;
  const wide = count <= 4 ? count : lastRow(4) >= lastRow(3) ? 4 : 3;
  const medium = count % 2 === 1 && lastRow(3) >= 2 ? 3 : 2;
  return { medium, wide };
}
