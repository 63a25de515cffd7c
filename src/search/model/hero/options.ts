/**
 * The hero's vehicle-type slider: ALL VEHICLES (empty value),
 * NEW VEHICLES (new), USED VEHICLES (used) by default, or the site's own options in its order.
 */
// Not stock/vehicle: that module carries zod, and this one runs on the home page.
import { CAR_TYPE_ORDER, type CarType } from '../search-path';
import type { SearchSite } from '../site';

export type HeroOptionKey = SearchSite['search']['hero_options'][number];

export interface HeroOption {
  key: HeroOptionKey;
  label: string;
  /** The car_type value the form sends: '' for all, 'new,demo' for the joined option. */
  value: string;
}

const OPTIONS: Record<HeroOptionKey, Omit<HeroOption, 'key'>> = {
  all: { label: 'ALL VEHICLES', value: '' },
  new_demo: { label: 'NEW / DEMO', value: 'new,demo' },
  new: { label: 'NEW VEHICLES', value: 'new' },
  used: { label: 'USED VEHICLES', value: 'used' },
  demo: { label: 'DEMO', value: 'demo' },
};

/**
 * The one region variant whose slider shows even with fewer than 3 options. We chose
 * NZ: its dealers often sell only new and used, and two visible choices beat a hidden one; even a
 * single option tells the shopper what the search covers.
 */
export const ALWAYS_SHOW_SLIDER_REGION: SearchSite['region'] = 'NZ';

export interface HeroSlider {
  options: HeroOption[];
  /** Hidden with fewer than 3 options, except on the NZ variant. */
  visible: boolean;
  /** The value chosen on arrival: the first option, which is 'All' whenever 'All' comes first. */
  initial: string;
}

export function heroSlider(site: Pick<SearchSite, 'region' | 'search'>): HeroSlider {
  const keys = [...new Set(site.search.hero_options)];
  const options = (keys.length > 0 ? keys : (['all'] as const)).map((key) => ({ key, ...OPTIONS[key] }));
  const visible = options.length >= 3 || site.region === ALWAYS_SHOW_SLIDER_REGION;
  return { options, visible, initial: options[0]?.value ?? '' };
}

/** 'new,demo' → ['new', 'demo']; anything that is not a car type is dropped. */
export function carTypesOf(value: string): CarType[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is CarType => (CAR_TYPE_ORDER as readonly string[]).includes(part));
}
