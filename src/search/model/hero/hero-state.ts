/**
 * The search a hero selection (car type, make, model) stands for. What the hero remembers and how
 * it is read back is ./remembered.ts; the store that keeps it is src/search/browser/hero-state.ts.
 */
import { emptySearchState, type SearchState } from '../state';
import { modelOf } from './makes';
import { carTypesOf } from './options';
import type { HeroSelection } from './remembered';

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
