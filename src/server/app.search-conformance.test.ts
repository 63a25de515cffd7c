/**
 * The search engine's conformance table, run through the platform's real HTTP routes
 * (`/api/search/...`), so the site answers exactly as the engine's own suite and a real
 * Meilisearch do. Also pins the suite to what the sites run: its settings are the stock index
 * settings, and its documents are what the stock store would index.
 */
import { SearchEngine } from '@dealer-sites/search-engine';
import { conformanceCases, conformanceDocuments, conformanceSettings, runCase, type Backend } from '@dealer-sites/search-engine/conformance';
import { describe, expect, it } from 'vitest';
import { indexSettings } from '../search/model/index-settings';
import { vehicleSchema } from '../stock/model/vehicle';
import { createApp } from './app';

describe('the conformance suite tests what the sites run', () => {
  it('uses the stock index settings', () => {
    expect(conformanceSettings).toEqual(indexSettings);
  });

  it('indexes documents exactly as the stock store would write them, plus the point of their location', () => {
    for (const { _geo, ...doc } of conformanceDocuments) {
      expect(vehicleSchema.parse(doc), `document ${doc.id}`).toEqual(doc);
      const point = _geo as { lat?: unknown; lng?: unknown } | undefined;
      if (point !== undefined)
        expect([typeof point.lat, typeof point.lng, Object.keys(point).sort()], `document ${doc.id}`).toEqual(['number', 'number', ['lat', 'lng']]);
    }
  });
});

describe('conformance: embedded engine over HTTP', () => {
  const indexUid = 'conformance';
  const engine = new SearchEngine(conformanceDocuments, indexSettings);
  const app = createApp({
    distDir: 'does-not-matter',
    dealers: ['conformance'],
    defaultDealer: 'conformance',
    domains: new Map(),
    search: { get: (uid) => Promise.resolve(uid === indexUid ? { engine } : undefined) },
  });
  const backend: Backend = {
    indexUid,
    async post(path, body) {
      const res = await app.request(`http://127.0.0.1/api/search${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ignored' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };

  it.each(conformanceCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runCase(backend, testCase);
  });
});
