import { describe, expect, it } from 'vitest';
import type { DealerConfigInput } from '../../platform/config/schema';
import { testSite } from '../../../tests/support/test-site';
import { formOptionsFor } from './form-options';

type LocationInput = DealerConfigInput['locations'][number];

const address = { street: '1 Test Street', city: 'Brisbane', state: 'QLD', postcode: '4000' };
const location = (id: number, name: string, extra: Partial<LocationInput> = {}): LocationInput => ({
  id,
  name,
  slug: name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, ''),
  address,
  ...extra,
});

describe('formOptionsFor', () => {
  it('reads the dealer’s switches with every "show" off', () => {
    const options = formOptionsFor(testSite());
    expect(options).toEqual({
      region: 'AU',
      phone_rule: 'au',
      message_optional: false,
      remove_message: false,
      show_category: false,
      categories: ['General Enquiry', 'Sales Enquiry', 'Service Enquiry', 'Parts Enquiry', 'Finance Enquiry', 'Careers Enquiry'],
      show_location: false,
      locations: [{ id: '1', name: 'Fixture Motors - Sales' }],
      show_preferred_dealership: false,
      dealerships: [],
      hear_about_us: 'none',
      additional_services: [],
      service_locations: [],
      states: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
    });
  });

  it('follows features and region', () => {
    const options = formOptionsFor(
      testSite({
        region: 'NZ',
        features: {
          phone_rule: 'au_nz_uk',
          message_optional: true,
          hear_about_us: 'alternate',
          enquiry_categories: ['General Enquiry'],
          additional_services: ['Tint'],
        },
      }),
    );
    expect(options).toMatchObject({
      region: 'NZ',
      phone_rule: 'au_nz_uk',
      message_optional: true,
      hear_about_us: 'alternate',
      categories: ['General Enquiry'],
      additional_services: ['Tint'],
      states: [],
    });
    expect(formOptionsFor(testSite({ region: 'US' })).phone_rule).toBe('us');
  });

  it('offers visible, open locations in card order, and service locations for bookings', () => {
    const site = testSite({
      locations: [
        location(1, 'Zeta Motors - Sales', { position: 2, dealership_slug: 'zeta' }),
        location(2, 'Alpha Motors - Service', { position: 1, location_type: 'service', dealership_slug: 'alpha' }),
        location(3, 'Hidden Yard', { visible: false, dealership_slug: 'hidden' }),
        location(4, 'New Yard', { status_label: 'COMING EARLY 2026', dealership_slug: 'soon' }),
        location(5, 'Main Motors - Sales', { primary: true, position: 9, dealership_slug: 'zeta' }),
      ],
      dealerships: [{ id: 7, name: 'Zeta Group', slug: 'zeta' }],
    });
    const options = formOptionsFor(site);
    expect(options.locations).toEqual([
      { id: '5', name: 'Main Motors - Sales' },
      { id: '2', name: 'Alpha Motors - Service' },
      { id: '1', name: 'Zeta Motors - Sales' },
    ]);
    expect(options.service_locations).toEqual([{ id: '2', name: 'Alpha Motors - Service' }]);
    expect(options.dealerships).toEqual([
      { slug: 'zeta', name: 'Zeta Group' },
      { slug: 'alpha', name: 'Alpha Motors' },
    ]);
  });

  it('falls back to the site’s dealership list', () => {
    const site = testSite({
      dealerships: [
        { id: 1, name: 'North', slug: 'north' },
        { id: 2, name: 'South', slug: 'south' },
      ],
    });
    expect(formOptionsFor(site).dealerships).toEqual([
      { slug: 'north', name: 'North' },
      { slug: 'south', name: 'South' },
    ]);
  });

  it('lets a page override what it shows', () => {
    const options = formOptionsFor(testSite(), { show_category: true, show_location: true, remove_message: true });
    expect(options).toMatchObject({ show_category: true, show_location: true, remove_message: true, phone_rule: 'au' });
  });
});
