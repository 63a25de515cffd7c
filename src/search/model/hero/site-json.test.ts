import { describe, expect, it } from 'vitest';
import { listDealerSlugs, loadDealer } from '../../../platform/config/load';
import { serializeJsonLd } from '../../../platform/formats/json-ld';
import { testSite } from '../../../../tests/support/test-site';
import { searchSite } from '../site';
import { parseSearchSite } from './site-json';

/** What the browser reads: the page's JSON text, as the header writes it. */
const pageJson = (value: unknown) => serializeJsonLd(value);

describe('the SearchSite in the page', () => {
  it('reads back exactly what the build wrote', () => {
    const site = searchSite(testSite({ manufacturer: { name: 'Toyota', slug: 'toyota' }, features: { popular_makes: true, make_sort: 'preferred' } }));
    expect(parseSearchSite(pageJson(site))).toEqual(JSON.parse(JSON.stringify(site)));
  });

  it.each(['tests/fixtures/dealer-files', 'tests/fixtures/dealers'].flatMap((dir) => listDealerSlugs(dir).map((slug) => [slug, dir])))(
    'reads back %s whole',
    (slug, dir) => {
      const site = searchSite(loadDealer(slug, dir));
      expect(parseSearchSite(pageJson(site))).toEqual(JSON.parse(JSON.stringify(site)));
    },
  );

  it('reads back hostile text as text', () => {
    const name = 'Hostile </script><script>alert(1)</script> Motors';
    const json = pageJson(searchSite(testSite({ name })));
    expect(json).not.toContain('</script>');
    expect(parseSearchSite(json)?.name).toBe(name);
  });

  it.each([
    ['nothing', null],
    ['empty text', ''],
    ['broken JSON', '{"slug":'],
    ['an array', '[]'],
  ])('is null for %s', (_case, json) => {
    expect(parseSearchSite(json)).toBeNull();
  });

  it('is null when a field has the wrong type', () => {
    const site = JSON.parse(JSON.stringify(searchSite(testSite()))) as Record<string, Record<string, unknown>>;
    const broken = { ...site, search: { ...site.search, path_patterns: ['car_type', 'anything'] } };
    expect(parseSearchSite(JSON.stringify(broken))).toBeNull();
    const noFeatures = { ...site, features: undefined };
    expect(parseSearchSite(JSON.stringify(noFeatures))).toBeNull();
  });

  it('drops keys it does not know', () => {
    const site = { ...JSON.parse(JSON.stringify(searchSite(testSite()))), api_secret: 'x' } as Record<string, unknown>;
    expect(parseSearchSite(JSON.stringify(site))).not.toHaveProperty('api_secret');
  });
});
