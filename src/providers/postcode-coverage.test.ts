import { describe, expect, it } from 'vitest';
import { DATASETS } from './postcode-datasets';
import { OFFLINE_POSTCODE_COUNTRIES, postcodeLookupOffered } from '../platform/config/postcode-coverage';

describe('postcodeLookupOffered', () => {
  it('offers the postcode box where the offline datasets answer: AU and US', () => {
    expect(postcodeLookupOffered('AU', {})).toBe(true);
    expect(postcodeLookupOffered('US', {})).toBe(true);
  });

  it('hides it on NZ sites until a geocoder is configured, as no NZ postcode data ships', () => {
    expect(postcodeLookupOffered('NZ', {})).toBe(false);
    expect(postcodeLookupOffered('NZ', { GEOCODING_URL: '  ' })).toBe(false);
    expect(postcodeLookupOffered('NZ', { GEOCODING_URL: 'https://maps.googleapis.com/maps/api/geocode/json' })).toBe(true);
  });

  it('knows the same countries as the datasets', () => {
    expect([...OFFLINE_POSTCODE_COUNTRIES].sort()).toEqual(Object.keys(DATASETS).sort());
  });
});
