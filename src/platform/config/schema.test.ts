import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseDealer, DealerConfigError, formatPath } from './load';
import type { DealerConfigInput } from './schema';

const fixtureFile = 'tests/fixtures/dealers/fixture-motors.json';
const valid = (): DealerConfigInput => JSON.parse(readFileSync(fixtureFile, 'utf8')) as DealerConfigInput;

/** Problems reported for `input`, as the build prints them. */
function problems(input: unknown, file = 'dealers/fixture-motors.json'): string[] {
  try {
    parseDealer(input, file);
  } catch (error) {
    if (error instanceof DealerConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('dealer config schema', () => {
  // "Logo image 85x50."
  it('gives the logo image 85x50 unless the dealer file sizes it', () => {
    const site = parseDealer({ ...valid(), logo: { url: '/assets/logo.svg' } }, 'dealers/fixture-motors.json');
    expect([site.logo.width, site.logo.height]).toEqual([85, 50]);
  });

  // Settings that promised behaviour nothing gave: a file naming one is refused, as any unknown field.
  it('refuses template, the push-leads switches and features.age_helper', () => {
    for (const retired of [
      { template: 'fixture-motors' },
      { push_leads_to_website_primary_location: true },
      { push_leads_to_website_primary_dealership: true },
      { features: { ...(valid().features ?? {}), age_helper: 3 } },
    ]) {
      expect(() => parseDealer({ ...valid(), ...retired }, 'dealers/fixture-motors.json'), Object.keys(retired)[0]).toThrow();
    }
  });

  it('accepts the fixture and fills defaults by region', () => {
    const site = parseDealer(valid(), 'dealers/fixture-motors.json');
    expect(site.locale).toBe('en-AU');
    expect(site.units).toBe('km');
    expect(site.features.phone_rule).toBe('au');
    expect(site.features.saved_cars).toBe('favourites');
    expect(site.header.buttons.map((b) => b.label)).toEqual(['Book a Service', 'Finance Pre-Approval']);
    expect(site.search.include_sold_cars_days).toBe(3);
    expect(site.locations[0]?.location_type).toBe('sales');
    expect(site.footer.variant).toBe('columns');
  });

  it('defaults US dealers to en-US wording, miles and the US phone rule', () => {
    const site = parseDealer({ ...valid(), region: 'US' }, 'dealers/fixture-motors.json');
    expect([site.locale, site.units, site.features.phone_rule]).toEqual(['en-US', 'miles', 'us']);
  });

  it('names every bad field with its path and reason', () => {
    const input = {
      ...valid(),
      colour: 'blue',
      url: 'not a url',
      phone: 42,
      locations: [{ ...valid().locations[0], address: { street: '1 Test St', city: 'Brisbane', state: 'QLD', postcode: 4000 } }],
    };
    expect(problems(input)).toMatchInlineSnapshot(`
      [
        "url: "not a url" is not a full web address; write it with https:// and the host name, e.g. "https://www.example.com.au"",
        "phone: is a number (42) but must be text in double quotes; put the text in double quotes",
        "locations[0].address.postcode: is a number (4000) but must be text in double quotes; put the text in double quotes",
        "colour: "colour" is not a field of a dealer file; remove it, or check its name in docs/dealer-files.md",
      ]
    `);
  });

  it('refuses duplicate location slugs', () => {
    const first = valid().locations[0]!;
    const input = { ...valid(), locations: [first, { ...first, id: 2, primary: false, name: 'Fixture Motors - Service' }] };
    expect(problems(input)).toEqual(['locations[1].slug: duplicate location slug "fixture-motors-sales" (also locations[0])']);
  });

  it('refuses a site search filter that could widen every search', () => {
    expect(problems({ ...valid(), search: { search_filters: 'make = "Kia") OR (make = "Ford"' } })).toEqual([
      'search.search_filters: has unbalanced parentheses or quotes',
    ]);
    expect(problems({ ...valid(), search: { search_filters: 'make = "Kia" AND (year > 2015 OR km < 1000)' } })).toEqual([]);
  });

  it('takes a search key uid only as a UUID v4, and only with the key it names', () => {
    const host = 'https://search.example';
    const uid = '5e2442b8-8cb8-4059-904d-dc2d13677c01';
    expect(problems({ ...valid(), search: { host, read_only_key: 'k', read_only_key_uid: uid } })).toEqual([]);
    expect(problems({ ...valid(), search: { host, read_only_key_uid: uid } })).toEqual([
      'search.read_only_key_uid: needs search.read_only_key, the key it is the uid of',
    ]);
    expect(problems({ ...valid(), search: { host, read_only_key: 'k', read_only_key_uid: 'not-a-uuid' } })).toEqual([
      'search.read_only_key_uid: "not-a-uuid" must be the key\'s uid, a UUID v4',
    ]);
  });

  it('cannot run without header navigation as a list', () => {
    const input = { ...valid(), navigation: { header: { name: 'Home' }, footer: [] } };
    expect(problems(input)).toContain(
      'navigation.header: Cannot run without navigation: header navigation must be a list; write a list in square brackets, e.g. ["a", "b"]',
    );
  });

  it('cannot run without footer navigation when the footer variant needs it', () => {
    const { footer: _footer, ...navigation } = valid().navigation;
    expect(problems({ ...valid(), navigation })).toEqual(['navigation.footer: Cannot run without navigation: the "columns" footer needs footer navigation']);
    expect(problems({ ...valid(), navigation, footer: { variant: 'minimal' } })).toEqual([]);
  });

  it('refuses script links and markup-carrying image paths', () => {
    const input = {
      ...valid(),
      logo: { url: '"><img src=x onerror=alert(1)>' },
      navigation: { ...valid().navigation, header: [{ name: 'Click', url: 'javascript:alert(1)' }] },
    };
    expect(problems(input)).toEqual([
      'logo.url: "\\"><img src=x onerror=alert(1)>" must be a site path ("/assets/logo.svg") or an http(s) URL',
      'navigation.header[0].url: "javascript:alert(1)" must be a site path ("/contact"), an anchor ("#form"), an http(s) URL, or a tel:/mailto: link',
    ]);
  });

  it('takes other domains of the site as lower-case host names only', () => {
    expect(parseDealer(valid(), 'dealers/fixture-motors.json').domains).toEqual([]);
    const domains = ['fixturemotors.example', 'fixture-motors.com.au', 'xn--fixture-motors.example'];
    expect(parseDealer({ ...valid(), domains }, 'dealers/fixture-motors.json').domains).toEqual(domains);
    const bad = [
      'Fixturemotors.example',
      'https://fixturemotors.example',
      'fixturemotors.example/cars',
      'fixturemotors.example:443',
      'fixturemotors',
      '203.0.113.5',
      '-fixture.example',
      'fixture..example',
      'fixture motors.example',
    ];
    for (const domain of bad) {
      expect(problems({ ...valid(), domains: [domain] }), domain).toEqual([
        `domains[0]: ${JSON.stringify(domain)} must be a lower-case host name such as "kingfishertoyota.com.au", without https://, a path or a port`,
      ]);
    }
    expect(problems({ ...valid(), domains: ['fixture-motors.localhost'] })).toEqual([
      'domains[0]: names under .localhost are for development; the local server answers <slug>.localhost itself',
    ]);
  });

  it("refuses a domain listed twice, or the url's own host", () => {
    expect(problems({ ...valid(), domains: ['fixturemotors.example', 'fixturemotors.example'] })).toEqual([
      'domains[1]: duplicate domain "fixturemotors.example" (also domains[0])',
    ]);
    expect(problems({ ...valid(), domains: ['www.fixturemotors.example'] })).toEqual(['domains[0]: "www.fixturemotors.example" is already the host of url']);
  });

  it('refuses a slug that does not match the file name', () => {
    expect(problems(valid(), 'dealers/other-motors.json')).toEqual([
      'slug: "fixture-motors" does not match the file name "other-motors.json"; set "slug": "other-motors", or rename the file',
    ]);
  });

  it('caps very long text', () => {
    const [problem] = problems({ ...valid(), name: 'x'.repeat(10_000) });
    expect(problem).toMatch(/^name: is 10000 characters long; at most 120 fit; shorten it$/);
  });

  it('prints the file name first in the error message', () => {
    expect(() => parseDealer({ ...valid(), region: 'UK' }, 'dealers/fixture-motors.json')).toThrowError(
      /^dealers\/fixture-motors\.json is not a valid dealer file:\n {2}- region: "UK" is not one of the values this field takes; use one of "AU", "NZ", "US"$/,
    );
  });

  it('formats paths as editors read them', () => {
    expect(formatPath(['locations', 1, 'contact_detail', 'opening_hours', 0, 'weekday'])).toBe('locations[1].contact_detail.opening_hours[0].weekday');
    expect(formatPath([])).toBe('(root)');
  });
});

describe('cross-references', () => {
  it('refuses holiday hours for a location that does not exist, and a weekday listed twice', () => {
    const base = valid();
    const location = base.locations[0]!;
    const hours = location.contact_detail?.opening_hours ?? [];
    const input = {
      ...base,
      special_hours: [{ date: '2099-12-25', status: 'Closed', location_id: 77 }],
      locations: [{ ...location, contact_detail: { ...location.contact_detail, opening_hours: [...hours.slice(0, 6), { weekday: 1, status: 'Open' }] } }],
    };
    expect(problems(input)).toEqual([
      'locations[0].contact_detail.opening_hours[6]: an Open day needs open and close times, or formated_hours',
      'locations[0].contact_detail.opening_hours[6].weekday: weekday 1 is listed twice',
      'special_hours[0].location_id: no location has id "77"',
    ]);
  });
});
