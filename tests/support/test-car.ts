/** A test car for the car model's unit tests. */
import { vehicleSchema, type Vehicle, type VehicleInput } from '../../src/stock/model/vehicle';

/** A used RAV4 as a feed would send it; every test car is checked against the stock schema. */
export function testCar(overrides: Partial<VehicleInput> = {}): Vehicle {
  return vehicleSchema.parse({
    id: 48213,
    slug: '2021-toyota-rav4-gx-hybrid-48213',
    name: '2021 Toyota RAV4 GX Hybrid',
    make: 'Toyota',
    model: 'RAV4',
    make_model: 'Toyota RAV4',
    variant: 'GX Hybrid',
    body: 'SUV',
    drive: 'AWD',
    fuel: 'Petrol',
    transmission: 'Automatic',
    car_type: 'used',
    status: 'in_stock',
    price: 38990,
    weekly_price: 189,
    km: 41250,
    year: 2021,
    seats: 5,
    colour: 'Crystal Pearl',
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: 1_760_000_000,
    location_id: 1,
    vin: 'JTMW1RFV10D012345',
    stocknum: 'U4821',
    filtered_features: ['Reversing camera', 'Apple CarPlay'],
    primary_image_url: '/stock-images/suv-white-1.svg',
    images: [{ image_url: '/stock-images/suv-white-1.svg' }, { image_url: '/stock-images/suv-white-2.svg' }],
    ...overrides,
  });
}
