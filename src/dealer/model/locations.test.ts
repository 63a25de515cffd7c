import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { locationSchema, type Location, type SpecialHours } from '../../platform/config/schema';
import {
  contactPageDescription,
  nearestFirst,
  contactPages,
  businessName,
  contactSlug,
  directionsUrl,
  formatAddress,
  locationKind,
  locationRating,
  mapMarkers,
  mapsKeyFor,
  locationsMapImageUrl,
  primaryLocation,
  sortLocations,
  specialHoursFor,
  telHref,
  isTrading,
  locationBadge,
  openingWarnings,
  testDriveLocation,
} from './locations';

type LocationInput = Partial<Omit<Location, 'address'>> & { address?: Partial<Location['address']> };

let nextId = 1;
function location(overrides: LocationInput = {}): Location {
  const id = overrides.id ?? nextId++;
  const name = overrides.name ?? `Location ${id}`;
  return locationSchema.parse({
    ...overrides,
    id,
    name,
    slug: overrides.slug ?? `location-${id}`,
    address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000', ...overrides.address },
  });
}

const names = (locations: Location[]) => locations.map((l) => l.name);

describe('sortLocations: primary first, then by position', () => {
  it('puts the primary location first, then orders by position', () => {
    // Arrange
    const locations = [location({ name: 'B', position: 2 }), location({ name: 'A', position: 1 }), location({ name: 'Main', position: 9, primary: true })];
    // Act
    const sorted = sortLocations(locations);
    // Assert
    expect(names(sorted)).toEqual(['Main', 'A', 'B']);
  });

  it('breaks position ties by name', () => {
    const sorted = sortLocations([location({ name: 'Zeta', position: 1 }), location({ name: 'Alpha', position: 1 })]);
    expect(names(sorted)).toEqual(['Alpha', 'Zeta']);
  });

  it('drops locations that are not visible', () => {
    const sorted = sortLocations([location({ name: 'Shown' }), location({ name: 'Hidden', visible: false })]);
    expect(names(sorted)).toEqual(['Shown']);
  });

  it('returns an empty list for no locations and does not mutate its input', () => {
    const input = [location({ name: 'B', position: 2 }), location({ name: 'A', position: 1 })];
    const before = [...input];
    expect(sortLocations([])).toEqual([]);
    sortLocations(input);
    expect(input).toEqual(before);
  });
});

describe('businessName', () => {
  it('drops a trailing department and keeps everything else', () => {
    expect(businessName('Kingfisher Toyota - Sales ')).toBe('Kingfisher Toyota');
    expect(businessName('Southern Lakes Caravans & Motorcycles')).toBe('Southern Lakes Caravans & Motorcycles');
    expect(businessName('City Auto-Parts')).toBe('City Auto-Parts');
  });
});

describe('contactSlug (trailing " - Sales", " - Service" or " - Parts" dropped in /contact-us/{location})', () => {
  it.each([
    ['Kingfisher Toyota - Service', 'kingfisher-toyota'],
    ['Kingfisher Toyota - Sales', 'kingfisher-toyota'],
    ['Kingfisher Toyota - Parts', 'kingfisher-toyota'],
    ['Kingfisher Toyota - SERVICE', 'kingfisher-toyota'],
    ['Kingfisher Toyota - parts ', 'kingfisher-toyota'],
    ['Kingfisher Toyota', 'kingfisher-toyota'],
  ])('%s → %s', (name, slug) => {
    expect(contactSlug(name)).toBe(slug);
  });

  it('keeps the department word when it is not a trailing " - " suffix', () => {
    expect(contactSlug('Service Centre Toowong')).toBe('service-centre-toowong');
    expect(contactSlug('City Auto-Parts')).toBe('city-auto-parts');
    expect(contactSlug('Sales - Kingfisher')).toBe('sales-kingfisher');
  });
});

describe('contactPages', () => {
  it('gives one page per site, shown with the first location in sorted order', () => {
    // Arrange
    const service = location({ name: 'Kingfisher Toyota - Service', position: 2 });
    const sales = location({ name: 'Kingfisher Toyota - Sales', position: 1 });
    const other = location({ name: 'Northside Mazda', position: 3 });
    // Act
    const pages = contactPages([service, other, sales]);
    // Assert
    expect([...pages.keys()]).toEqual(['kingfisher-toyota', 'northside-mazda']);
    expect(pages.get('kingfisher-toyota')).toBe(sales);
  });

  it('lets the primary location win a shared slug', () => {
    const parts = location({ name: 'Kingfisher Toyota - Parts', position: 0 });
    const main = location({ name: 'Kingfisher Toyota - Sales', position: 5, primary: true });
    expect(contactPages([parts, main]).get('kingfisher-toyota')).toBe(main);
  });

  it('leaves out hidden locations and names with no slug', () => {
    const pages = contactPages([location({ name: 'Hidden Motors', visible: false }), location({ name: '!!!' })]);
    expect(pages.size).toBe(0);
  });

  it('is empty for no locations', () => {
    expect(contactPages([]).size).toBe(0);
  });
});

describe('contactPageDescription', () => {
  it('says inquiries on a US site and enquiries in AU and NZ, and leaves the location name as spelt', () => {
    const us = testSite({ region: 'US' });
    expect(contactPageDescription({ name: 'Colour City Enquiry Desk' }, us.locale)).toBe(
      'Contact Colour City Enquiry Desk: phone, opening hours, directions and inquiries.',
    );
    expect(contactPageDescription({ name: 'Northside' }, testSite().locale)).toBe('Contact Northside: phone, opening hours, directions and enquiries.');
  });
});

describe('primaryLocation', () => {
  it('is the primary location when visible', () => {
    const main = location({ primary: true, position: 5 });
    expect(primaryLocation([location({ position: 1 }), main])).toBe(main);
  });

  it('is the first by position without a primary', () => {
    const first = location({ position: 1 });
    expect(primaryLocation([location({ position: 2 }), first])).toBe(first);
  });

  it('skips a hidden primary in favour of the first visible location', () => {
    const visible = location({ position: 2 });
    expect(primaryLocation([location({ primary: true, visible: false }), visible])).toBe(visible);
  });

  it('falls back to hidden locations, then undefined for none', () => {
    const hidden = location({ visible: false });
    expect(primaryLocation([hidden])).toBe(hidden);
    expect(primaryLocation([])).toBeUndefined();
  });
});

describe('locationRating', () => {
  it('reads average_rating and review_count', () => {
    expect(locationRating(location({ average_rating: 4.6, review_count: 120 }))).toEqual({ average: 4.6, count: 120 });
  });

  it('falls back to the back-office reviews summary', () => {
    expect(locationRating(location({ reviews: { count: 33, average_rating: 4.2 } }))).toEqual({ average: 4.2, count: 33 });
  });

  it('prefers average_rating/review_count over reviews{}', () => {
    const l = location({ average_rating: 4.9, review_count: 10, reviews: { count: 3, average_rating: 3.1 } });
    expect(locationRating(l)).toEqual({ average: 4.9, count: 10 });
  });

  it('is null without a rating, with half a pair, or with zero reviews', () => {
    expect(locationRating(location())).toBeNull();
    expect(locationRating(location({ average_rating: 4.5 }))).toBeNull();
    expect(locationRating(location({ average_rating: 0, review_count: 0 }))).toBeNull();
  });
});

describe('formatAddress', () => {
  it("is one line: 'street, city STATE postcode'", () => {
    expect(formatAddress({ street: '12 Smith St', city: 'Fortitude Valley', state: 'QLD', postcode: '4006' })).toBe('12 Smith St, Fortitude Valley QLD 4006');
  });

  it('leaves out empty parts without stray separators', () => {
    expect(formatAddress({ street: '', city: 'Auckland', state: '', postcode: '1010' })).toBe('Auckland 1010');
    expect(formatAddress({ street: '1 Queen St', city: '', state: '', postcode: '' })).toBe('1 Queen St');
  });
});

describe('directionsUrl', () => {
  it('uses address.place_url when set', () => {
    const l = location({ address: { place_url: 'https://maps.app.goo.gl/abc' } });
    expect(directionsUrl(l)).toBe('https://maps.app.goo.gl/abc');
  });

  it('otherwise builds a Google Maps directions URL from the encoded full address', () => {
    const l = location({ address: { street: '12 Smith St', city: 'Fortitude Valley', state: 'QLD', postcode: '4006' } });
    expect(directionsUrl(l)).toBe('https://www.google.com/maps/dir/?api=1&destination=12%20Smith%20St%2C%20Fortitude%20Valley%20QLD%204006');
  });
});

describe('telHref', () => {
  it('keeps digits only', () => {
    expect(telHref('(07) 3123 4567')).toBe('tel:0731234567');
  });

  it('keeps a leading plus', () => {
    expect(telHref(' +61 7 3123-4567 ')).toBe('tel:+61731234567');
  });

  it('drops a plus that is not leading', () => {
    expect(telHref('07 3123 4567 +1')).toBe('tel:07312345671');
  });
});

describe('locationKind', () => {
  it.each(['sales', 'service', 'parts'] as const)('returns %s', (kind) => {
    expect(locationKind(location({ location_type: kind }))).toBe(kind);
  });

  it('treats an empty type as sales', () => {
    expect(locationKind(locationSchema.parse({ ...location(), location_type: '' }))).toBe('sales');
    expect(locationKind({ location_type: '' as Location['location_type'] })).toBe('sales');
  });
});

describe('specialHoursFor', () => {
  const entry = (extra: Partial<SpecialHours>): SpecialHours => ({ date: '2026-12-25', status: 'Closed', ...extra });

  it('matches location_id and location.id, comparing numbers and strings as text', () => {
    // Arrange
    const byNumber = entry({ location_id: 7 });
    const byString = entry({ location_id: '7' });
    const byObject = entry({ location: { id: 7 } });
    const other = entry({ location_id: 8 });
    // Act
    const result = specialHoursFor([byNumber, byString, byObject, other], location({ id: '7' }));
    // Assert
    expect(result).toEqual([byNumber, byString, byObject]);
  });

  it('applies entries with no location to every location', () => {
    const everywhere = entry({ name: 'Christmas Day' });
    expect(specialHoursFor([everywhere, entry({ location: { id: 2 } })], location({ id: 1 }))).toEqual([everywhere]);
  });

  it('is empty for no entries', () => {
    expect(specialHoursFor([], location())).toEqual([]);
  });
});

describe('mapMarkers', () => {
  const at = (id: number, lat?: number, long?: number) => location({ id, address: { lat, long } });

  it('places one marker per location with coordinates, north up and east right, inside the padding', () => {
    const markers = mapMarkers([at(1, -27.47, 153.02), at(2, -23.38, 150.51), at(3)], { width: 640, height: 360, padding: 48 });
    expect(markers.map((m) => m.location.id)).toEqual([1, 2]);
    const [brisbane, rockhampton] = markers;
    expect(rockhampton!.y).toBeLessThan(brisbane!.y);
    expect(rockhampton!.x).toBeLessThan(brisbane!.x);
    for (const m of markers) {
      expect(m.x).toBeGreaterThanOrEqual(48);
      expect(m.x).toBeLessThanOrEqual(592);
      expect(m.y).toBeGreaterThanOrEqual(48);
      expect(m.y).toBeLessThanOrEqual(312);
    }
    // The farther-apart direction fills the box's height.
    expect(Math.abs(brisbane!.y - rockhampton!.y)).toBeCloseTo(264, 0);
  });

  it('puts a single location in the middle, and draws nothing without coordinates', () => {
    expect(mapMarkers([at(1, -27.47, 153.02)])).toMatchObject([{ x: 320, y: 180 }]);
    expect(mapMarkers([at(1)])).toEqual([]);
  });
});

describe('the locations map with a maps key', () => {
  const at = (id: number, lat?: number, long?: number, map_key?: string) => location({ id, address: { lat, long, map_key } });
  const markersOf = (url: string) => new URL(url).searchParams.getAll('markers');

  it('puts one numbered marker per location on one greyscale map, in the list’s order, the location being viewed in the brand colour', () => {
    const places = mapMarkers([at(1, -27.47, 153.02), at(2, -23.38, 150.51), at(3)]);
    const url = locationsMapImageUrl(places, 'SITE KEY', { currentId: 2, brand: '#0B3D91' });
    expect(url.startsWith('https://maps.googleapis.com/maps/api/staticmap?')).toBe(true);
    const params = new URL(url).searchParams;
    expect(markersOf(url)).toEqual(['color:0x4b5563|label:1|-27.47,153.02', 'color:0x0b3d91|label:2|-23.38,150.51']);
    expect(params.get('style')).toBe('feature:all|saturation:-100');
    expect(params.get('key')).toBe('SITE KEY');
    expect(params.get('size')).toBe('640x360');
    // Several places: the service fits them all in; the embed's one place is gone.
    expect(params.has('zoom')).toBe(false);
    expect(url).not.toContain('/maps/embed/');
  });

  it('zooms in on a single location, and leaves markers past the ninth unlabelled', () => {
    expect(new URL(locationsMapImageUrl(mapMarkers([at(1, -27.47, 153.02)]), 'K', { brand: '#000000' })).searchParams.get('zoom')).toBe('14');
    const eleven = mapMarkers(Array.from({ length: 11 }, (_, i) => at(100 + i, -27 - i / 10, 153 + i / 10)));
    const labels = markersOf(locationsMapImageUrl(eleven, 'K', { brand: '#000000' })).map((m) => /label:(\w)/.exec(m)?.[1]);
    expect(labels).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', undefined, undefined]);
  });

  it('uses the viewed location’s own key over the site’s, and no key is no keyed map', () => {
    expect(mapsKeyFor('SITE', at(1, 0, 0, 'LOC'))).toBe('LOC');
    expect(mapsKeyFor('SITE', at(2))).toBe('SITE');
    expect(mapsKeyFor(undefined)).toBeUndefined();
    expect(mapsKeyFor('  ', at(3))).toBeUndefined();
  });
});

describe('nearest location first', () => {
  it('puts the measured locations in distance order, then the rest as the page had them', () => {
    const measured = [{ slug: 'north-lakes' }, { slug: 'southport' }, { slug: 'elsewhere' }, { slug: 'penrith' }];
    expect(nearestFirst(['penrith', 'southport', 'no-coordinates', 'north-lakes'], measured)).toEqual([
      'north-lakes',
      'southport',
      'penrith',
      'no-coordinates',
    ]);
    expect(nearestFirst(['a', 'b'], [])).toEqual(['a', 'b']);
  });
});

describe('a location still to open', () => {
  const soon = location({ name: 'Dandenong', opens_on: '2027-02-01' });

  it('reads "Opening <month year>" until its opening day, and is an open location from that day', () => {
    expect(locationBadge(soon, 'en-AU', '2026-11-24')).toBe('Opening February 2027');
    expect(isTrading(soon, '2026-11-24')).toBe(false);
    expect(locationBadge(soon, 'en-AU', '2027-02-01')).toBeUndefined();
    expect(isTrading(soon, '2027-02-01')).toBe(true);
    expect(locationBadge(location({ status_label: 'BY APPOINTMENT' }), 'en-AU', '2026-11-24')).toBe('BY APPOINTMENT');
  });

  it('warns the editor of a past opening day and of a status label promising an opening', () => {
    expect(openingWarnings([soon], '2026-11-24')).toEqual([]);
    expect(openingWarnings([soon], '2027-03-01')).toEqual([
      'location "Dandenong" was due to open on 2027-02-01: it now shows as open; remove opens_on or set the new date',
    ]);
    expect(openingWarnings([location({ name: 'New Yard', status_label: 'COMING EARLY 2026' })], '2026-11-24')).toEqual([
      'location "New Yard" promises an opening in its status label ("COMING EARLY 2026"): give its opening day as opens_on so the promise cannot go stale',
    ]);
    expect(openingWarnings([location({ status_label: 'BY APPOINTMENT' })], '2026-11-24')).toEqual([]);
  });
});

describe('testDriveLocation: the sales yard that has the car, while it is there', () => {
  const yard = location({ location_type: 'sales' });
  it('books at a sales yard for a car in stock', () => {
    expect(testDriveLocation({ status: 'in_stock' }, yard)).toBe(yard);
  });
  it('books nowhere for a car not there to drive, at a workshop, or without a location', () => {
    expect(testDriveLocation({ status: 'coming_soon' }, yard)).toBeUndefined();
    expect(testDriveLocation({ status: 'sold' }, yard)).toBeUndefined();
    expect(testDriveLocation({ status: 'in_stock' }, location({ location_type: 'service' }))).toBeUndefined();
    expect(testDriveLocation({ status: 'in_stock' }, undefined)).toBeUndefined();
  });
  it('books no test drive of a caravan or trailer, which is towed, but one of a motorcycle', () => {
    expect(testDriveLocation({ status: 'in_stock', item_type: 'Caravan' }, yard)).toBeUndefined();
    expect(testDriveLocation({ status: 'in_stock', item_type: 'Trailer' }, yard)).toBeUndefined();
    expect(testDriveLocation({ status: 'in_stock', item_type: 'Motorcycle' }, yard)).toBe(yard);
  });
});
