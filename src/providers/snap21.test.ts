import { describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { httpSnap21, offlineSnap21, offlineSnap21Rating, ratingOf, snap21FromEnv } from './snap21';

const review = (id: number, rating: number) => ({ id, customer_name: `Customer ${id}`, rating });

describe('snap21 rating', () => {
  it('rounds the rating to one decimal and the stars half up', () => {
    expect(ratingOf(4.76)).toEqual({ rating: 4.8, stars: 5 });
    expect(ratingOf(4.44)).toEqual({ rating: 4.4, stars: 4 });
    expect(ratingOf(4.5)).toEqual({ rating: 4.5, stars: 5 });
    expect(ratingOf(7)).toEqual({ rating: 5, stars: 5 });
    expect(ratingOf(-1)).toEqual({ rating: 0, stars: 0 });
  });

  it('offline: from the configured summary, else the configured reviews, else none', async () => {
    expect(offlineSnap21Rating(testSite({ reviews: { summary: { count: 120, average_rating: 4.7 } } }))).toEqual({ rating: 4.7, stars: 5 });
    expect(offlineSnap21Rating(testSite({ reviews: { items: [review(1, 5), review(2, 4)] } }))).toEqual({ rating: 4.5, stars: 5 });
    expect(offlineSnap21Rating(testSite({ reviews: {} }))).toBeNull();
    await expect(offlineSnap21('org', testSite({ reviews: { summary: { count: 3, average_rating: 3.2 } } }))).resolves.toEqual({ rating: 3.2, stars: 3 });
  });
});

describe('snap21 HTTP adapter', () => {
  const site = testSite();
  function adapter(answer: (() => Response) | Error, url = 'https://snap21.example/rating') {
    const urls: string[] = [];
    const logs: string[] = [];
    const source = httpSnap21({
      url,
      fetch: (u) => {
        urls.push(u);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer());
      },
      log: (m) => logs.push(m),
    });
    return { source, urls, logs };
  }
  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status });

  it('asks by orgId and reads the rating', async () => {
    const { source, urls } = adapter(json({ rating: '4.86', stars: 9 }));
    await expect(source('org 1&x=2', site)).resolves.toEqual({ rating: 4.9, stars: 5 });
    expect(urls[0]).toBe('https://snap21.example/rating?orgId=org+1%26x%3D2');
    const templated = adapter(json({ rating: 4 }), 'https://snap21.example/orgs/{orgId}/rating');
    await templated.source('a/b', site);
    expect(templated.urls[0]).toBe('https://snap21.example/orgs/a%2Fb/rating');
  });

  it('logs a failure to the console and answers null', async () => {
    for (const answer of [json({}, 500), new TypeError('fetch failed'), json({ rating: 11 }), json({ stars: 5 }), () => new Response('<html>')]) {
      const { source, logs } = adapter(answer);
      await expect(source('org', site)).resolves.toBeNull();
      expect(logs).toHaveLength(1);
    }
  });

  it('is chosen by SNAP21_URL', async () => {
    const offline = snap21FromEnv({});
    await expect(offline('org', testSite({ reviews: { summary: { count: 1, average_rating: 5 } } }))).resolves.toEqual({ rating: 5, stars: 5 });
    const online = snap21FromEnv({ SNAP21_URL: 'https://snap21.example/r' }, { fetch: () => Promise.resolve(new Response(JSON.stringify({ rating: 4.1 }))) });
    await expect(online('org', site)).resolves.toEqual({ rating: 4.1, stars: 4 });
  });
});
