/**
 * How a car page words the vehicle it shows: by its kind (the stock's `item_type`), so a caravan's
 * page says "this caravan" and a motorcycle's "this motorcycle", and what a shopper can try before
 * buying: a test drive, a test ride on a motorcycle, nothing for a caravan or trailer, which is
 * towed, not driven.
 */

// Feeds name kinds freely ('Camper Trailer', 'Horse Float'); these words decide, case aside.
const TOWED = /caravan|trailer|camper|float|pop[- ]?top/i;
const RIDDEN = /motorcycle|motorbike|scooter|\bbike\b|atv|quad/i;

/** The noun for one vehicle of this kind: car, truck, caravan, trailer, motorcycle, else vehicle. */
export function vehicleNoun(itemType: string | undefined): string {
  const kind = (itemType ?? 'car').trim().toLowerCase();
  if (kind === '' || kind === 'car') return 'car';
  if (/trailer/.test(kind)) return 'trailer';
  if (/caravan|camper|pop[- ]?top/.test(kind)) return 'caravan';
  if (RIDDEN.test(kind)) return 'motorcycle';
  if (/truck|ute|pickup/.test(kind)) return kind === 'ute' ? 'ute' : 'truck';
  return 'vehicle';
}

/** The noun for several: "See similar Jayco Journey caravans". */
export const vehicleNounPlural = (itemType: string | undefined): string => `${vehicleNoun(itemType)}s`;

/** Whether a shopper can take it out before buying: not a caravan or trailer. */
export const canTestDrive = (itemType: string | undefined): boolean => !TOWED.test(itemType ?? '');

/** What trying it out is called: a test ride on two wheels, else a test drive. */
export const testDriveWords = (itemType: string | undefined): string => (RIDDEN.test(itemType ?? '') ? 'Book a test ride' : 'Book a test drive');
