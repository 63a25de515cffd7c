/**
 * What the shopper chose in the hero (car type, make, model), the search it stands for, and
 * its memory across pages (spec §2: "The hero persists car_type, make and make_model").
 */
import { emptySearchState, type SearchState } from '../state';
import { attempt, object, text } from './checks';
import { modelOf } from './makes';
import { carTypesOf } from './options';

export interface HeroSelection {
  /** The slider's value: '' (all), 'new', 'used', 'demo' or 'new,demo'. */
  car_type: string;
  make: string;
  make_model: string;
}

export const emptySelection = (car_type = ''): HeroSelection => ({ car_type, make: '', make_model: '' });

/** One key per dealer, so two dealer sites on one origin (local development) never mix. */
export const heroStorageKey = (slug: string): string => `hero-search:${slug}`;

const storedSelection = object({ car_type: text(20), make: text(60), make_model: text(150) });

/**
 * The stored selection, checked: a car type the slider does not offer falls back to the
 * slider's first option, and a model without its make is dropped.
 */
export function parseHeroSelection(raw: string | null, allowedCarTypes: readonly string[]): HeroSelection | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const stored = attempt(storedSelection, value);
  if (!stored) return undefined;
  const car_type = allowedCarTypes.includes(stored.car_type) ? stored.car_type : (allowedCarTypes[0] ?? '');
  const make = stored.make.trim();
  const make_model = make ? stored.make_model.trim() : '';
  return { car_type, make, make_model };
}

/** Storage can be absent or refuse (private modes, full quota); the hero works without it. */
export function loadHeroSelection(storage: Pick<Storage, 'getItem'> | undefined, slug: string, allowedCarTypes: readonly string[]): HeroSelection | undefined {
  try {
    return parseHeroSelection(storage?.getItem(heroStorageKey(slug)) ?? null, allowedCarTypes);
  } catch {
    return undefined;
  }
}

export function saveHeroSelection(storage: Pick<Storage, 'setItem'> | undefined, slug: string, selection: HeroSelection): void {
  try {
    storage?.setItem(heroStorageKey(slug), JSON.stringify(selection));
  } catch {
    // A full or blocked storage only costs the shopper their remembered choice.
  }
}

/**
 * The search state a selection stands for; empty choices are left out. A chosen model is sent
 * as make + model ("Toyota" + "RAV4", the same cars as make_model "Toyota RAV4") so the path
 * builder can give it the /search/{make}/{model} path; a make_model that does not start with
 * its make stays as it is.
 */
export function heroSearchState(selection: HeroSelection): SearchState {
  const state = emptySearchState();
  const carTypes = carTypesOf(selection.car_type);
  if (carTypes.length > 0) state.refinements.car_type = carTypes;
  if (!selection.make) return state;
  state.refinements.make = [selection.make];
  if (selection.make_model) {
    const model = modelOf(selection.make, selection.make_model);
    if (model) state.refinements.model = [model];
    else state.refinements.make_model = [selection.make_model];
  }
  return state;
}
