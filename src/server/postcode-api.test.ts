import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dealer, mountAtApi, routerDeps, sites } from '../../tests/support/provider-routes';
import { testSite } from '../../tests/support/test-site';
import type { Geocoder } from '../providers/geocoding';
import { memoryRateLimiter } from '../platform/http/rate-limit';
import { createPostcodeApi, POSTCODE_LOOKUPS_PER_MINUTE } from './postcode-api';

const base = testSite().locations[0]!;
const yard = (id: number, slug: string, name: string, lat: number, long: number) => ({
  ...base,
  id,
  slug,
  name,
  primary: id === 1,
  address: { ...base.address, lat, long },
});

// The offline geocoder derives its postcode tables here, not into the project's .data.
const tablesDir = mkdtempSync(path.join(tmpdir(), 'postcode-api-'));
afterAll(() => rmSync(tablesDir, { recursive: true, force: true }));

function mount(geocoder?: Geocoder, rateLimiter?: ReturnType<typeof memoryRateLimiter>) {
  const deps = routerDeps({ env: { POSTCODE_TABLES_DIR: tablesDir } });
  return mountAtApi(
    createPostcodeApi({ configFor: deps.configFor, geocoder: geocoder ?? deps.providers.geocoder, log: deps.log, ...(rateLimiter ? { rateLimiter } : {}) }),
  );
}

describe('GET /postcode', () => {
  it('answers the point and the dealer’s locations nearest first, in km', async () => {
    sites.yards = dealer('yards', {
      locations: [
        yard(1, 'penrith', 'Penrith', -33.756, 150.686),
        yard(2, 'north-lakes', 'North Lakes', -27.2361, 153.0206),
        yard(3, 'southport', 'Southport', -27.979, 153.405),
      ],
    });
    try {
      const response = await mount().request('/api/postcode?postcode=4000', { headers: { 'x-dealer': 'yards' } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { postcode: string; unit: string; locations: { slug: string; distance: string; metres: number }[] };
      expect(body.postcode).toBe('4000');
      expect(body.unit).toBe('km');
      expect(body.locations.map((l) => l.slug)).toEqual(['north-lakes', 'southport', 'penrith']);
      expect(body.locations[0]!.distance).toMatch(/^\d+ km$/);
    } finally {
      delete sites.yards;
    }
  });

  it('shows miles on a US site and looks the ZIP code up in the US', async () => {
    const asked: string[] = [];
    sites.texas = dealer('texas', { region: 'US', locations: [yard(1, 'austin', 'Austin', 30.183, -97.778)] });
    try {
      const app = mount((postcode, country) => (asked.push(`${country} ${postcode}`), Promise.resolve({ postcode, country, lat: 30.53, lng: -97.689 })));
      const response = await app.request('/api/postcode?postcode=78681-1234', { headers: { 'x-dealer': 'texas' } });
      const body = (await response.json()) as { unit: string; locations: { distance: string }[] };
      expect(asked).toEqual(['US 78681']);
      expect(body.unit).toBe('miles');
      expect(body.locations[0]!.distance).toMatch(/miles$/);
    } finally {
      delete sites.texas;
    }
  });

  it("refuses a malformed postcode with the field's message: 'Invalid postcode. Please enter a 4-digit number.'", async () => {
    for (const postcode of ['400', '40000', 'abcd', '']) {
      const response = await mount().request(`/api/postcode?postcode=${postcode}`);
      expect(response.status, postcode).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Invalid postcode. Please enter a 4-digit number.',
        fields: { postcode: 'Invalid postcode. Please enter a 4-digit number.' },
      });
    }
    expect((await mount().request('/api/postcode')).status).toBe(400);
  });

  it("'Invalid postcode: raised when geocoding gives no result'", async () => {
    const response = await mount(() => Promise.resolve(null)).request('/api/postcode?postcode=0001');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Invalid postcode', fields: { postcode: 'Invalid postcode' } });
  });

  it("answers 'Invalid ZIP code' on a US site when the geocoder knows no such ZIP code", async () => {
    sites.texas = dealer('texas', { region: 'US' });
    try {
      const response = await mount(() => Promise.resolve(null)).request('/api/postcode?postcode=00001', { headers: { 'x-dealer': 'texas' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Invalid ZIP code', fields: { postcode: 'Invalid ZIP code' } });
    } finally {
      delete sites.texas;
    }
  });

  it('answers 503 when the geocoder cannot answer (an NZ site without a geocoding service)', async () => {
    sites.kiwi = dealer('kiwi', { region: 'NZ' });
    try {
      const response = await mount().request('/api/postcode?postcode=9300', { headers: { 'x-dealer': 'kiwi' } });
      expect(response.status).toBe(503);
    } finally {
      delete sites.kiwi;
    }
  });

  it('limits each address to its own count of lookups a minute, with 429 and Retry-After', async () => {
    expect(POSTCODE_LOOKUPS_PER_MINUTE).toBe(30);
    const now = 120_000;
    // The lead limiter, shared: lookups count in a bucket of their own, at their own limit.
    const limiter = memoryRateLimiter({ limit: 1, now: () => now });
    await limiter.hit('leads:unknown');
    const app = mount(() => Promise.resolve({ postcode: '4000', country: 'AU', lat: -27.47, lng: 153.02 }), limiter);
    for (let i = 0; i < POSTCODE_LOOKUPS_PER_MINUTE; i++) expect((await app.request('/api/postcode?postcode=4000')).status).toBe(200);
    const refused = await app.request('/api/postcode?postcode=4000');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'Too many postcode lookups. Please wait a minute and try again.' });
  });
});
