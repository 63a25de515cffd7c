/**
 * What the hero remembers for the tab (car type, make, model) and how it is read back: the home
 * page's first script puts it into the form before the shopper touches anything, so this module
 * imports nothing and checks the three short texts itself rather than through ./checks, which would
 * bring every check onto the home page's first load.
 */

export interface HeroSelection {
  /** The slider's value: '' (all), 'new', 'used', 'demo' or 'new,demo'. */
  car_type: string;
  make: string;
  make_model: string;
}

export const emptySelection = (car_type = ''): HeroSelection => ({ car_type, make: '', make_model: '' });

/** One key per dealer, so two dealer sites on one origin (local development) never mix. */
export const heroStorageKey = (slug: string): string => `hero-search:${slug}`;

/** The longest text each field may hold; anything longer was not written by the hero. */
const LIMITS = { car_type: 20, make: 60, make_model: 150 } as const;

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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const texts: Partial<HeroSelection> = {};
  for (const [name, limit] of Object.entries(LIMITS) as [keyof HeroSelection, number][]) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (typeof field !== 'string' || field.length > limit) return undefined;
    texts[name] = field;
  }
  const make = (texts.make ?? '').trim();
  const make_model = make ? (texts.make_model ?? '').trim() : '';
  return { car_type: texts.car_type ?? '', make, make_model };
}

/** A car type the slider does not offer falls back to the slider's first option. */
export function onSlider(selection: HeroSelection, allowedCarTypes: readonly string[]): HeroSelection {
  return allowedCarTypes.includes(selection.car_type) ? selection : { ...selection, car_type: allowedCarTypes[0] ?? '' };
}
