import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../model/index-settings';
import type { Vehicle } from '../../stock/model/vehicle';
import { testSite } from '../../../tests/support/test-site';
import { listedScope } from './listed-stock';
import { TENANT_TOKEN_DAYS, buildSearchToken, listingSearchRules, signTenantToken } from './tenant-token';

const NOW = 1_760_000_000;
const DAY = 86_400;
const KEY = 'a-search-key-that-signs';
const UID = '5e2442b8-8cb8-4059-904d-dc2d13677c01';

const site = testSite({ search: { host: 'https://search.example', read_only_key: KEY, read_only_key_uid: UID, index_uid: 'fixture_stock' } });

/** The token's three parts, decoded, and whether its signature is `key`'s. */
function open(token: string, key: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  const signed = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url') === signature;
  return { header: json(header), payload: json(payload) as { searchRules: Record<string, { filter: string }>; apiKeyUid: string; exp: number }, signed };
}

describe('buildSearchToken', () => {
  it('signs, with the search key, a JWT naming the key by uid and holding this index to the listing rule for 30 days', () => {
    const token = buildSearchToken(site, NOW)!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // base64url: no +, / or =
    expect(token).not.toContain(KEY);
    const { header, payload, signed } = open(token, KEY);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signed).toBe(true);
    expect(open(token, 'another-key').signed).toBe(false);
    expect(payload).toEqual({ searchRules: listingSearchRules(site, NOW), apiKeyUid: UID, exp: NOW + TENANT_TOKEN_DAYS * DAY });
    expect(Object.keys(payload.searchRules)).toEqual(['fixture_stock']);
  });

  it('is nothing for a dealer without a key uid, whose pages keep the key as it is', () => {
    expect(buildSearchToken(testSite({ search: { host: 'https://search.example', read_only_key: KEY } }), NOW)).toBeUndefined();
    expect(buildSearchToken(testSite(), NOW)).toBeUndefined();
  });
});

describe('listingSearchRules', () => {
  it('holds searches to exactly the cars the site lists, run on the engine as Meilisearch would run the filter', () => {
    const stock = [
      { id: 1, status: 'in_stock', show_on_dealer_website: false, sold_date_timestamp: null },
      { id: 2, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: NOW - DAY },
      { id: 3, status: 'sold', show_on_dealer_website: false, sold_date_timestamp: NOW - DAY },
      { id: 4, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: NOW - 10 * DAY },
    ] as Vehicle[];
    const engine = new SearchEngine(stock, indexSettings);
    const { filter } = listingSearchRules(site, NOW).fixture_stock!;
    expect(engine.matching(filter)?.toArray()).toEqual(Int32Array.from([0, 1]));
    expect(engine.matching(filter)?.equals(listedScope(engine, site, NOW)!)).toBe(true);
  });
});

describe('signTenantToken', () => {
  it('encodes text outside Latin-1 as UTF-8 (a filter on a Māori place name)', () => {
    const searchRules = { shop: { filter: 'city = "Ōtautahi"' } };
    const { payload, signed } = open(signTenantToken({ apiKey: KEY, apiKeyUid: UID, searchRules, expiresAt: NOW }), KEY);
    expect(signed).toBe(true);
    expect(payload.searchRules).toEqual(searchRules);
  });
});
