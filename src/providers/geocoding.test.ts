import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { australianPostcodes, geocoderFromEnv, httpGeocoder, offlineGeocoder, usZipCodes } from './geocoding';

describe('offline postcode datasets', () => {
  it('places Australian postcodes from the published dataset', async () => {
    const geocode = offlineGeocoder();
    const brisbane = await geocode('4000', 'AU');
    expect(brisbane).toMatchObject({ postcode: '4000', country: 'AU' });
    expect(brisbane!.lat).toBeCloseTo(-27.47, 1);
    expect(brisbane!.lng).toBeCloseTo(153.02, 1);
    expect(australianPostcodes().size).toBeGreaterThan(2500);
  });

  it("'Postcode lookup for distance uses country AU; no result gives 'Invalid postcode'': an unknown postcode is null", async () => {
    await expect(offlineGeocoder()('0001', 'AU')).resolves.toBeNull();
  });

  it('places US ZIP codes', async () => {
    const austin = await offlineGeocoder()('78745', 'US');
    expect(austin!.lat).toBeCloseTo(30.2, 1);
    expect(austin!.lng).toBeCloseTo(-97.8, 1);
    expect(usZipCodes().size).toBeGreaterThan(30_000);
  });

  it('says it cannot look up a country it has no data for, rather than calling the postcode invalid', async () => {
    await expect(offlineGeocoder()('9300', 'NZ')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('loads each country once', async () => {
    let loads = 0;
    const geocode = offlineGeocoder({ AU: () => (loads++, new Map([['4000', { lat: -27, lng: 153 }]])) });
    await geocode('4000', 'AU');
    await geocode('4001', 'AU');
    expect(loads).toBe(1);
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
    await expect(geocoderFromEnv({})('4000', 'AU')).resolves.toMatchObject({ postcode: '4000' });
    expect(() => geocoderFromEnv({ GEOCODING_URL: 'not a url' })).toThrow(/GEOCODING_URL/);
  });
});
