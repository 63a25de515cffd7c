/**
 * Car type refinement: empty, new, used, demo. Choosing 'new' when new and demo are
 * joined sets both. Car types always show in the order new, demo, used.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { CAR_TYPE_ORDER, type CarType } from './search-path';

export { CAR_TYPE_ORDER, type CarType };

export function isCarType(value: string): value is CarType {
  return (CAR_TYPE_ORDER as readonly string[]).includes(value);
}

/** Known car types only, once each, in display order. */
export function orderCarTypes(values: readonly string[]): CarType[] {
  return CAR_TYPE_ORDER.filter((type) => values.includes(type));
}

/** Whether this site offers new and demo as one choice ('New / Demo' in the hero options). */
export function newAndDemoJoined(site: Pick<DealerConfig, 'search'>): boolean {
  return site.search.hero_options.includes('new_demo');
}

/** The car types one choice stands for: 'new' is new and demo where they are joined; '' is all. */
export function carTypesFor(choice: CarType | '', joined: boolean): CarType[] {
  if (choice === '') return [];
  return choice === 'new' && joined ? ['new', 'demo'] : [choice];
}

/**
 * Toggle a car type in a refinement list: chosen again, it (with demo, when joined to new) is
 * removed; otherwise added. The empty choice clears the refinement.
 *
 *   chooseCarType([], 'new', true)               → ['new', 'demo']
 *   chooseCarType(['new', 'demo'], 'new', true)  → []
 *   chooseCarType(['used'], 'new', false)        → ['new', 'used']
 */
export function chooseCarType(current: readonly string[], choice: CarType | '', joined: boolean): CarType[] {
  const target = carTypesFor(choice, joined);
  if (target.length === 0) return [];
  const chosen = orderCarTypes(current);
  const alreadyChosen = target.every((type) => chosen.includes(type));
  return orderCarTypes(alreadyChosen ? chosen.filter((type) => !target.includes(type)) : [...chosen, ...target]);
}
