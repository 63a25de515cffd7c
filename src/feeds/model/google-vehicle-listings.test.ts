import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import type { DealerConfigInput } from '../../platform/config/schema';
import { feedCar } from './feed-car';
import { vehicleListingsCsv } from './google-vehicle-listings';

const base = testSite();

/** The fixture dealer with its one sales location's address changed. */
function siteWithAddress(address: Record<string, unknown>) {
  const [location] = base.locations;
  if (!location) throw new Error('the fixture dealer has a location');
  return testSite({ locations: [{ ...location, address: { ...location.address, ...address } }] as DealerConfigInput['locations'] });
}

const row = (site: ReturnType<typeof testSite>) => parse<Record<string, string>>(vehicleListingsCsv([feedCar(testCar(), site)]), { columns: true })[0];

describe('Google vehicle listings: place_id', () => {
  it('carries the car’s location’s Business Profile place id, next to its store code', () => {
    const listing = row(siteWithAddress({ place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' }));
    expect(listing).toMatchObject({ store_code: '1', place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
    expect(vehicleListingsCsv([]).split('\r\n')[0]).toMatch(/^vin,id,store_code,place_id,dealership_name,/);
  });

  it('leaves the cell empty where the location has none (or only spaces): the name and address match it instead', () => {
    expect(row(base)?.place_id).toBe('');
    expect(row(siteWithAddress({ place_id: '  ' }))?.place_id).toBe('');
  });
});
