import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Region } from '../platform/config/regions';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { derivedTables, geocoderFromEnv, httpGeocoder, offlineGeocoder, prepareGeocoding, type Geocoder } from './geocoding';
import { australianPostcodes, usZipCodes } from './postcode-datasets';

// Derived tables go to a folder of this file's own; one derivation per country serves every test here.
const dir = mkdtempSync(path.join(tmpdir(), 'geocoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const derived = offlineGeocoder(derivedTables(dir));

describe('offline postcode datasets', () => {
  it('places Australian postcodes from the published dataset', async () => {
    const brisbane = await derived('4000', 'AU');
    expect(brisbane).toMatchObject({ postcode: '4000', country: 'AU' });
    expect(brisbane!.lat).toBeCloseTo(-27.47, 1);
    expect(brisbane!.lng).toBeCloseTo(153.02, 1);
    expect(australianPostcodes().size).toBeGreaterThan(2500);
  });

  it("'Postcode lookup for distance uses country AU; no result gives 'Invalid postcode'': an unknown postcode is null", async () => {
    await expect(derived('0001', 'AU')).resolves.toBeNull();
  });

  it('places US ZIP codes', async () => {
    const austin = await derived('78745', 'US');
    expect(austin!.lat).toBeCloseTo(30.2, 1);
    expect(austin!.lng).toBeCloseTo(-97.8, 1);
    expect(usZipCodes().size).toBeGreaterThan(30_000);
  });

  it('says it cannot look up a country it has no data for, rather than calling the postcode invalid', async () => {
    await expect(derived('9300', 'NZ')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('loads each country once', async () => {
    let loads = 0;
    const geocode = offlineGeocoder({ AU: () => (loads++, new Map([['4000', { lat: -27, lng: 153 }]])) });
    await geocode('4000', 'AU');
    await geocode('4001', 'AU');
    expect(loads).toBe(1);
  });

  it('answers unavailable while its table cannot be had, and tries again on the next lookup', async () => {
    let tries = 0;
    const logs: string[] = [];
    const table = new Map([['4000', { lat: -27, lng: 153 }]]);
    const geocode = offlineGeocoder({ AU: () => (++tries === 1 ? Promise.reject(new Error('child died')) : table) }, (line) => void logs.push(line));
    await expect(geocode('4000', 'AU')).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(logs.join('\n')).toMatch(/AU postcode table is not available: child died/);
    await expect(geocode('4000', 'AU')).resolves.toMatchObject({ lat: -27 });
  });
});

describe('derived postcode tables', () => {
  // Every well-formed postcode (known or not, so 'Invalid postcode' too) and some that are not.
  const candidates = (digits: number): string[] => [
    ...Array.from({ length: 10 ** digits }, (_, n) => String(n).padStart(digits, '0')),
    ...['', '0', '200', '4000 ', ' 4000', '04000', '40000', '7874', '787450', '7874a', '+4000', '4e03', '４０００', '78745-1234'],
  ];

  async function same(country: Region, digits: number, direct: Geocoder): Promise<number> {
    let found = 0;
    for (const postcode of candidates(digits)) {
      const expected = await direct(postcode, country);
      expect(await derived(postcode, country), `${country} ${JSON.stringify(postcode)}`).toEqual(expected);
      if (expected) found++;
    }
    return found;
  }

  it('answers every AU postcode exactly as the package lookup does, and null where it does', async () => {
    const found = await same('AU', 4, offlineGeocoder({ AU: australianPostcodes }));
    expect(found).toBe(australianPostcodes().size);
  });

  it('answers every US ZIP code exactly as the package lookup does, and null where it does', async () => {
    const found = await same('US', 5, offlineGeocoder({ US: usZipCodes }));
    expect(found).toBe(usZipCodes().size);
  });
});

describe('geocoding HTTP adapter', () => {
  function adapter(answer: () => Response) {
    const urls: string[] = [];
    const geocode = httpGeocoder({
      url: 'https://geo.example/geocode/json',
      key: 'k',
      fetch: (u) => (urls.push(u), Promise.resolve(answer())),
      log: () => undefined,
    });
    return { geocode, urls };
  }
  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it("'Maps geocoding GET with components postal_code and country AU; reads results[0].geometry.location lat,lng'", async () => {
    const { geocode, urls } = adapter(json({ status: 'OK', results: [{ geometry: { location: { lat: -27.47, lng: 153.02 } } }] }));
    await expect(geocode('4000', 'AU')).resolves.toEqual({ postcode: '4000', country: 'AU', lat: -27.47, lng: 153.02 });
    const url = new URL(urls[0]!);
    expect(url.searchParams.get('components')).toBe('postal_code:4000|country:AU');
    expect(url.searchParams.get('key')).toBe('k');
  });

  it("'Invalid postcode: raised when geocoding gives no result': no result is null", async () => {
    await expect(adapter(json({ status: 'ZERO_RESULTS', results: [] })).geocode('0001', 'AU')).resolves.toBeNull();
  });

  it('a failing or nonsense answer is unavailable, not an invalid postcode', async () => {
    await expect(adapter(json({ error: 'denied' }, 403)).geocode('4000', 'AU')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(adapter(json({ status: 'OK', results: [{ geometry: {} }] })).geocode('4000', 'AU')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('is chosen by GEOCODING_URL, else the offline datasets', async () => {
    await expect(geocoderFromEnv({ POSTCODE_TABLES_DIR: dir })('4000', 'AU')).resolves.toMatchObject({ postcode: '4000' });
    expect(() => geocoderFromEnv({ GEOCODING_URL: 'not a url' })).toThrow(/GEOCODING_URL/);
  });
});

describe('preparing the offline tables at start', () => {
  it('prepares nothing when a geocoding service answers instead', async () => {
    const folder = path.join(dir, 'unused');
    const stop = prepareGeocoding({ GEOCODING_URL: 'https://geo.example/geocode/json', POSTCODE_TABLES_DIR: folder }, dir, ['AU', 'US']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(existsSync(folder)).toBe(false);
  });
});
