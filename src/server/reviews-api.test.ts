import { describe, expect, it } from 'vitest';
import { dealer, mountAtApi, routerDeps, sites, type ProviderSetup } from '../../tests/support/provider-routes';
import { createReviewsApi } from './reviews-api';

const mount = (setup: ProviderSetup = {}) => ({ app: mountAtApi(createReviewsApi(routerDeps(setup))) });

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    const response = await app.request('/api/reviews/snap21?orgId=snap-alpha', { headers: { 'x-dealer': '-' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown dealer' });
  });
});

describe('GET /reviews/snap21', () => {
  it('answers the rating for the dealer’s own organisation only', async () => {
    const { app } = mount();
    const response = await app.request('/api/reviews/snap21?orgId=snap-alpha');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rating: 4.7, stars: 5 });
    expect((await app.request('/api/reviews/snap21?orgId=snap-beta')).status).toBe(404);
    expect((await app.request('/api/reviews/snap21')).status).toBe(400);
    expect((await app.request(`/api/reviews/snap21?orgId=${'x'.repeat(500)}`)).status).toBe(400);
  });

  it('answers 404 when the dealer has no Snap21 organisation, 503 when there is no rating', async () => {
    sites.gamma = dealer('gamma', { reviews: {} });
    try {
      const { app } = mount();
      expect((await app.request('/api/reviews/snap21?orgId=undefined', { headers: { 'x-dealer': 'gamma' } })).status).toBe(404);
      const failing = mount({ providers: { snap21: () => Promise.resolve(null) } });
      expect((await failing.app.request('/api/reviews/snap21?orgId=snap-alpha')).status).toBe(503);
    } finally {
      delete sites.gamma;
    }
  });
});
