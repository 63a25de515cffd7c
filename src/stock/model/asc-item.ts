/**
 * A car as the Automotive Standards Council (ASC) data layer names a vehicle: the `item_*` fields
 * its events carry on a car page. Browser-safe and small: the car shell maps a car it reads from
 * search with it too.
 *
 * Values follow the standard's reference implementations: text in lower case (so reports group
 * "Toyota" and "TOYOTA" as one), ids and stock numbers as written, price and year as numbers, the
 * date the car was listed as "YYYY-MM-DD". A field the car does not have is left out rather than
 * sent empty. No shopper's detail is ever part of it.
 */
import type { AscItem } from '../../platform/web/tracker';
import type { CarView } from './car';

/** ASC's conditions are new, used and cpo (certified pre-owned); a demo has been registered and driven, so it is used. */
export function ascCondition(car: Pick<CarView, 'car_type'> & { certified?: boolean | undefined }): 'new' | 'used' | 'cpo' {
  if (car.car_type === 'new') return 'new';
  return car.certified ? 'cpo' : 'used';
}

const lower = (value: string | undefined): string | undefined => {
  const text = value?.trim().toLowerCase();
  return text ? text : undefined;
};

export function ascItem(car: CarView & { certified?: boolean | undefined }): AscItem {
  const fields: Record<string, string | number | undefined> = {
    item_id: car.vin ?? String(car.id),
    item_number: car.stocknum,
    item_price: car.price > 0 ? car.price : undefined,
    item_condition: ascCondition(car),
    item_year: car.year > 0 ? car.year : undefined,
    item_make: lower(car.make),
    item_model: lower(car.model),
    item_variant: lower(car.variant),
    item_color: lower(car.colour),
    item_type: lower(car.item_type) ?? 'car',
    item_category: lower(car.body),
    item_fuel_type: lower(car.fuel),
    item_inventory_date: car.created_at_timestamp ? new Date(car.created_at_timestamp * 1000).toISOString().slice(0, 10) : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as AscItem;
}
