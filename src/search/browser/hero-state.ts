/**
 * The hero's remembered choice (car type, make, model) for this tab, one store per dealer in
 * sessionStorage under the key and in the JSON earlier visits wrote: src/search/browser/hero.ts
 * puts it back into the form, and the hero panels remember each change the shopper makes.
 */
import type { ReadableAtom } from 'nanostores';
import { sessionAtoms } from '../../platform/web/session-atoms';
import { heroStorageKey, parseHeroSelection, type HeroSelection } from '../model/hero/remembered';

const heroStore = sessionAtoms(parseHeroSelection);

/** What this tab remembers of the hero on the dealer's site; undefined when nothing (or nothing usable) is. */
export const heroSelection = (slug: string, storage?: Storage): ReadableAtom<HeroSelection | undefined> => heroStore(heroStorageKey(slug), storage);

/** Remembers the shopper's choice for the next page; blocked or full storage only loses the memory. */
export function rememberHeroSelection(slug: string, selection: HeroSelection, storage?: Storage): void {
  heroStore(heroStorageKey(slug), storage).set(selection);
}
