/**
 * What the save toggle and the header link are called on a site, by its `features.saved_cars`:
 * a favourites list, a garage or a compare list. One table, so a card, a car page and the strip
 * never disagree.
 */
import type { savedCarsModes } from '../../platform/config/sections/features';

type SavedCarsMode = (typeof savedCarsModes)[number];

export const SAVED_CARS_WORDS = {
  favourites: { save: 'Save to favourites', saveNamed: 'Save {name} to favourites', list: 'Favourites', path: '/favourites', icon: 'heart' },
  garage: { save: 'Save to my garage', saveNamed: 'Save {name} to my garage', list: 'My Garage', path: '/my-garage', icon: 'garage' },
  compare: { save: 'Add to compare', saveNamed: 'Add {name} to compare', list: 'Compare', path: '/compare', icon: 'compare' },
} as const satisfies Record<SavedCarsMode, { save: string; saveNamed: string; list: string; path: string; icon: string }>;
