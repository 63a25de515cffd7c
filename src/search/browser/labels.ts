/**
 * What the search page offers and calls things, per dealer: facet lists, sliders and sort
 * options. Labels go through the region wording (colour → color on US sites); stock values are
 * shown as indexed.
 */
import { wording, type Units } from '../../platform/formats/region';
import { STATUS_LABELS } from '../../stock/model/car';
import { searchSort } from '../model/query';
import { PRICE_SLIDER, rangeFields, refinementFields, type RangeField, type RefinementField } from '../model/state';
import type { SearchSite } from '../model/site';
import { indexNameForSort } from './ui-state';

export interface FacetDefinition {
  attribute: RefinementField;
  label: string;
  /** Values shown before 'Show more'. */
  limit: number;
  /** Values shown after 'Show more'; no button when equal to `limit`. */
  showMoreLimit: number;
}

/** The search page's facets, in the order a shopper narrows: what kind, which car, how it drives, where. */
export function facetDefinitions(site: Pick<SearchSite, 'locale' | 'search'>): FacetDefinition[] {
  const say = wording(site.locale);
  const facet = (attribute: RefinementField, label: string, limit = 6, showMoreLimit = 50): FacetDefinition => ({
    attribute,
    label: say(label),
    limit,
    showMoreLimit,
  });
  return [
    facet('car_type', 'Condition', 3, 3),
    facet('status', 'Availability', 6, 6),
    ...(site.search.categories.length > 1 ? [facet('categories', 'Category', 6, 6)] : []),
    facet('make', 'Make', 8, 100),
    facet('make_model', 'Model', 8, 250),
    facet('body', 'Body type', 8, 20),
    facet('fuel', 'Fuel', 6, 20),
    facet('transmission', 'Transmission', 6, 20),
    facet('drive', 'Drive', 6, 20),
    facet('colour', 'Colour', 8, 50),
    facet('location_name', 'Location', 6, 50),
    facet('state', 'State', 6, 20),
    facet('city', 'City', 6, 50),
  ];
}

/** Refinement fields without a list of their own, kept in the search so URLs that name them work. */
export function hiddenRefinementFields(shown: readonly FacetDefinition[], all: readonly RefinementField[]): RefinementField[] {
  const visible = new Set(shown.map((f) => f.attribute));
  return all.filter((field) => !visible.has(field));
}

export interface RangeDefinition {
  attribute: RangeField;
  label: string;
  step: number;
  /** PageUp and PageDown move to the next multiple of this (range-steps.ts), in shown units. */
  pageStep: number;
  /** The distance slider on a site that counts miles shows and takes miles; the index keeps km. */
  miles?: true;
  /** The site's currency quick picks run $300,000 to $800,000 (hero/quick-picks.ts); the price slider's picks follow them. */
  luxuryPicks?: true;
  /** Fixed slider ends; otherwise the ends follow the stock (facet stats). */
  bounds?: { min: number; max: number };
  format: 'money' | 'distance' | 'year';
}

export function rangeDefinitions(site: Pick<SearchSite, 'locale' | 'search' | 'features'>, units: Units): RangeDefinition[] {
  const say = wording(site.locale);
  return [
    {
      attribute: 'price',
      label: 'Price',
      step: PRICE_SLIDER.step,
      pageStep: 10_000,
      ...(site.features.luxury_quick_picks ? { luxuryPicks: true } : {}),
      bounds: { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max },
      format: 'money',
    },
    ...(site.search.categories.includes('subscription')
      ? [{ attribute: 'subscription_price', label: say('Subscription per week'), step: 10, pageStep: 50, format: 'money' } satisfies RangeDefinition]
      : []),
    units === 'miles'
      ? { attribute: 'km', label: 'Mileage', step: 1000, pageStep: 10_000, miles: true, format: 'distance' }
      : { attribute: 'km', label: 'Kilometres', step: 1000, pageStep: 10_000, format: 'distance' },
    { attribute: 'year', label: 'Year', step: 1, pageStep: 5, format: 'year' },
  ];
}

const CAR_TYPE_LABELS: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };
const CATEGORY_LABELS: Record<string, string> = {
  cars: 'Cars',
  trucks: 'Trucks',
  caravans: 'Caravans',
  motorcycles: 'Motorcycles',
  rental: 'Rental cars',
  subscription: 'Subscription cars',
};

/** How a stock value reads in a list: car types and categories are codes, the rest as indexed. */
export function valueLabel(attribute: string, value: string, options: { preOwned?: boolean } = {}): string {
  if (attribute === 'car_type') return value === 'used' && options.preOwned ? 'Pre-Owned' : (CAR_TYPE_LABELS[value] ?? value);
  if (attribute === 'categories') return CATEGORY_LABELS[value] ?? value;
  if (attribute === 'status') return (STATUS_LABELS as Record<string, string>)[value] ?? value;
  return value;
}

export interface SortOption {
  sort: string;
  label: string;
}

export function sortOptions(units: Units): SortOption[] {
  return [
    { sort: 'custom_rank:desc', label: 'Featured' },
    { sort: 'price:asc', label: 'Price: low to high' },
    { sort: 'price:desc', label: 'Price: high to low' },
    { sort: 'km:asc', label: units === 'miles' ? 'Lowest mileage' : 'Lowest km' },
    { sort: 'year:desc', label: 'Newest year' },
    { sort: 'created_at_timestamp:desc', label: 'Newest listed' },
  ];
}

/**
 * Sort choices as InstantSearch index names. The site's default sort is the bare index name
 * (so it stays out of URLs) and comes first; every other option carries its sort.
 */
export function sortItems(site: Parameters<typeof searchSort>[1], indexUid: string, units: Units): Array<{ value: string; label: string }> {
  const options = sortOptions(units);
  const defaultSort = searchSort({ refinements: {}, ranges: {} }, site)[0];
  const defaultOption = options.find((o) => o.sort === defaultSort) ?? { sort: defaultSort ?? '', label: 'Recommended' };
  return [
    { value: indexUid, label: defaultOption.label },
    ...options.filter((o) => o.sort !== defaultOption.sort).map((o) => ({ value: indexNameForSort(o.sort, indexUid), label: o.label })),
  ];
}

const OTHER_FIELD_LABELS: Record<string, string> = {
  model: 'Model',
  dealership_name: 'Dealership',
  categories: 'Category',
  tag: 'Tag',
  badge: 'Badge',
  seats: 'Seats',
  subscription_price: 'Subscription per week',
  created_at_timestamp: 'Listed',
};

/** A field's name as the page shows it, for fields with and without a list or slider. */
export function attributeLabel(attribute: string, facets: readonly FacetDefinition[], ranges: readonly RangeDefinition[]): string {
  return (
    facets.find((f) => f.attribute === attribute)?.label ?? ranges.find((r) => r.attribute === attribute)?.label ?? OTHER_FIELD_LABELS[attribute] ?? attribute
  );
}

/** Fields kept in the search for URLs that name them, with no list or slider of their own. */
export function unshownFields(
  site: Pick<SearchSite, 'locale' | 'search' | 'features'>,
  units: Units,
): { refinements: RefinementField[]; ranges: RangeField[] } {
  const ranges = rangeDefinitions(site, units);
  return {
    refinements: hiddenRefinementFields(facetDefinitions(site), refinementFields),
    ranges: rangeFields.filter((field) => !ranges.some((r) => r.attribute === field)),
  };
}
