import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { ascCondition, ascItem } from './asc-item';

describe('ASC item fields of a car', () => {
  it('maps a car to the standard’s item_* fields: VIN as id, stock number, price, condition, year, make, model, variant, colour, type, body, fuel, listed date', () => {
    const car = testCar({ stocknum: 'KT10042', created_at_timestamp: 1_760_000_000 });
    expect(ascItem(car)).toEqual({
      item_id: 'JTMW1RFV10D012345',
      item_number: 'KT10042',
      item_price: 38990,
      item_condition: 'used',
      item_year: 2021,
      item_make: 'toyota',
      item_model: 'rav4',
      item_variant: 'gx hybrid',
      item_color: 'crystal pearl',
      item_type: 'car',
      item_category: 'suv',
      item_fuel_type: 'petrol',
      item_inventory_date: '2025-10-09',
    });
  });

  it('uses the stock id without a VIN, and leaves out a price on application and fields the car lacks', () => {
    const car = testCar({ vin: undefined, price: 0, variant: undefined, colour: undefined, fuel: undefined, stocknum: undefined });
    const item = ascItem(car);
    expect(item.item_id).toBe('48213');
    for (const key of ['item_price', 'item_variant', 'item_color', 'item_fuel_type', 'item_number']) expect(item).not.toHaveProperty(key);
  });

  it('calls new cars new, certified used cars cpo, and demo and other used cars used', () => {
    expect(ascCondition({ car_type: 'new' })).toBe('new');
    expect(ascCondition({ car_type: 'demo' })).toBe('used');
    expect(ascCondition({ car_type: 'used', certified: true })).toBe('cpo');
    expect(ascItem(testCar({ car_type: 'used', certified: true })).item_condition).toBe('cpo');
  });

  it('carries what the car is, never who is looking at it', () => {
    expect(Object.keys(ascItem(testCar())).every((key) => key.startsWith('item_'))).toBe(true);
  });
});
