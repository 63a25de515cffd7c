/**
 * What the shopper chose in the hero (car type, make, model), the search it stands for, and how
 * its memory across pages is read back (the hero keeps car_type, make and make_model from page
 * to page); the store that keeps it is src/search/browser/hero-state.ts.
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
 * The stored selection, checked: anything but the three short texts reads as nothing
 * remembered, and a model without its make is dropped.
 */
export function parseHeroSelection(raw: string | null): HeroSelection | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const stored = attempt(storedSelection, value);
  if (!stored) return undefined;
  const make = stored.make.trim();
  const make_model = make ? stored.make_model.trim() : '';
  return { car_type: stored.car_type, make, make_model };
}

/** A car type the slider does not offer falls back to the slider's first option. */
export function onSlider(selection: HeroSelection, allowedCarTypes: readonly string[]): HeroSelection {
  return allowedCarTypes.includes(selection.car_type) ? selection : { ...selection, car_type: allowedCarTypes[0] ?? '' };
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
