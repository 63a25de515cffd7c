/**
 * The key a dealer's pages give the browser for a real Meilisearch. With `search.read_only_key_uid`
 * set, it is a tenant token the build signs with the dealer's search key: Meilisearch then applies
 * the token's search rules to every request made with it, here this index only and the listing
 * rule (defaultListingFilter) as a filter, so a request asking for `show_on_dealer_website = false`
 * gets nothing. The key itself stays out of the pages. See docs/decisions/private-stock.md.
 *
 * A token's filter is fixed when it is signed: the sold window is counted back from the build, so
 * a car leaving the window afterwards stays readable until the next build (and the push already
 * leaves out what was hidden at push time). It expires TENANT_TOKEN_DAYS after the build;
 * `npm start` rebuilds a dealer whose token is TENANT_TOKEN_RENEW_DAYS old (src/build/stamps.ts),
 * and production builds with every feed import.
 *
 * Signed here with node:crypto rather than the meilisearch package's generateTenantToken: in the
 * 0.57 we use it encodes the payload with btoa, standard base64 (and throws on non-Latin-1 text),
 * where a JWT needs base64url of UTF-8 (fixed upstream in meilisearch-js#2230).
 */
import { createHmac } from 'node:crypto';
import type { DealerConfig } from '../../platform/config/schema';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { defaultListingFilter, filterToString } from '../model/query';
import { SECONDS_PER_DAY } from '../model/state';

export const TENANT_TOKEN_DAYS = 30;
export const TENANT_TOKEN_RENEW_DAYS = 7;

/** Meilisearch's search rules: per index uid, the filter every search on it is held to. */
export type SearchRules = Record<string, { filter: string }>;

export interface TenantTokenOptions {
  /** The search key that signs the token (never sent anywhere). */
  apiKey: string;
  /** That key's uid, which Meilisearch looks the key up by. */
  apiKeyUid: string;
  searchRules: SearchRules;
  /** Unix seconds. */
  expiresAt: number;
}

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** A tenant token: a JWT signed with HS256, its payload `{searchRules, apiKeyUid, exp}` as Meilisearch reads it. */
export function signTenantToken({ apiKey, apiKeyUid, searchRules, expiresAt }: TenantTokenOptions): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ searchRules, apiKeyUid, exp: expiresAt }));
  const signature = createHmac('sha256', apiKey).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The rules for one dealer: its index, held to the cars its site lists at `nowSeconds`. */
export function listingSearchRules(site: Pick<DealerConfig, 'slug' | 'search'>, nowSeconds: number): SearchRules {
  return { [searchEndpoint(site).indexUid]: { filter: filterToString([defaultListingFilter(site, nowSeconds)]) } };
}

/**
 * The tenant token the pages of a build carry instead of `search.read_only_key`; undefined for a
 * dealer without `read_only_key_uid` (no real Meilisearch, or one given the key as it is).
 */
export function buildSearchToken(site: Pick<DealerConfig, 'slug' | 'search'>, nowSeconds: number): string | undefined {
  const { read_only_key: apiKey, read_only_key_uid: apiKeyUid } = site.search;
  if (!apiKey || !apiKeyUid) return undefined;
  return signTenantToken({
    apiKey,
    apiKeyUid,
    searchRules: listingSearchRules(site, nowSeconds),
    expiresAt: Math.floor(nowSeconds) + TENANT_TOKEN_DAYS * SECONDS_PER_DAY,
  });
}
