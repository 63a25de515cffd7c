import { SearchEngine, type SearchDocument } from '@dealer-sites/search-engine';
import { describe, expect, it } from 'vitest';
import { indexSettings } from '../model/index-settings';
import { mountAtApi, NOW_SECONDS, routerDeps } from '../../../tests/support/provider-routes';
import { createCarTypesApi } from './car-types-api';
import type { SearchIndexProvider } from './search-indexes';

function doc(id: number, car_type: string, status: string, extra: SearchDocument = {}): SearchDocument {
  return { id, car_type, status, make: 'Toyota', categories: ['cars'], show_on_dealer_website: true, sold_date_timestamp: null, ...extra };
}

const stock = [
  doc(1, 'new', 'in_stock'),
  doc(2, 'new', 'coming_soon'),
  doc(3, 'used', 'in_stock'),
  doc(4, 'used', 'in_stock'),
  doc(5, 'used', 'sold', { sold_date_timestamp: NOW_SECONDS - 86_400 }),
  // Sold a month ago: past the sold window, so not listed.
  doc(6, 'demo', 'sold', { sold_date_timestamp: NOW_SECONDS - 30 * 86_400 }),
];

const searchWith = (get: SearchIndexProvider['get']): SearchIndexProvider => ({ get });
const engineSearch = searchWith((uid) => Promise.resolve(uid === 'alpha' ? { engine: new SearchEngine(stock, indexSettings) } : undefined));

function mount({ search = engineSearch }: { search?: SearchIndexProvider } = {}) {
  const deps = routerDeps();
  return { app: mountAtApi(createCarTypesApi({ ...deps, search })), logs: deps.logs };
}

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    const response = await app.request('/api/car-types', { headers: { 'x-dealer': 'gamma' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown dealer' });
  });
});

describe('GET /car-types', () => {
  it('counts the listed stock per type, in the order new, demo, used, without empty types', async () => {
    const { app } = mount();
    const response = await app.request('/api/car-types');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      car_types: [
        { car_type: 'new', count: 2 },
        { car_type: 'used', count: 3 },
      ],
      source: 'search',
    });
  });

  it('falls back to the configured counts when the search fails or the dealer has no index', async () => {
    const failing = mount({ search: searchWith(() => Promise.reject(new Error('stock file unreadable'))) });
    const answer = (await (await failing.app.request('/api/car-types')).json()) as unknown;
    expect(answer).toEqual({
      car_types: [
        { car_type: 'new', count: 3 },
        { car_type: 'used', count: 9 },
      ],
      source: 'configured',
    });
    expect(failing.logs[0]).toContain('stock file unreadable');
    const missing = mount();
    expect(await (await missing.app.request('/api/car-types', { headers: { 'x-dealer': 'beta' } })).json()).toMatchObject({ source: 'configured' });
  });
});
