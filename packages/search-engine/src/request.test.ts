import { describe, expect, it } from 'vitest';
import { MeiliError } from './errors';
import { MAX_LIST_LENGTH, MAX_QUERIES, MAX_TAG_LENGTH, parseMultiSearch, parseSearchParams } from './request';

function refusal(parse: () => unknown): { code: string; status: number; message: string } {
  try {
    parse();
  } catch (error) {
    if (error instanceof MeiliError) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('caps', () => {
  it('takes what the sites send: 22 hits, 18-character tags, a main query and its facet queries', () => {
    const query = { indexUid: 'x', limit: 22, offset: 210, highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__', facets: ['make'] };
    expect(parseMultiSearch({ queries: Array.from({ length: 23 }, () => query) })).toHaveLength(23);
    expect(parseSearchParams({ highlightPreTag: 'x'.repeat(MAX_TAG_LENGTH) }).highlightPreTag).toHaveLength(MAX_TAG_LENGTH);
  });

  it('takes any limit, as Meilisearch does (the engine clamps it to pagination.maxTotalHits)', () => {
    expect(parseSearchParams({ limit: 1000 }).limit).toBe(1000);
    expect(parseSearchParams({ limit: Number.MAX_SAFE_INTEGER }).limit).toBe(Number.MAX_SAFE_INTEGER);
    // A large hitsPerPage is refused as finite pagination is, not for its size.
    expect(refusal(() => parseSearchParams({ hitsPerPage: 1000 }))).toMatchObject({
      code: 'invalid_search_hits_per_page',
      message: expect.stringContaining('Finite pagination') as unknown,
    });
  });

  it('refuses long highlight tags and crop markers, and long lists', () => {
    const long = 'x'.repeat(MAX_TAG_LENGTH + 1);
    expect(refusal(() => parseSearchParams({ highlightPreTag: long }))).toMatchObject({ code: 'invalid_search_highlight_pre_tag', status: 400 });
    expect(refusal(() => parseSearchParams({ highlightPostTag: long }))).toMatchObject({ code: 'invalid_search_highlight_post_tag' });
    expect(refusal(() => parseSearchParams({ cropMarker: long }))).toMatchObject({ code: 'invalid_search_crop_marker' });
    const names = Array.from({ length: MAX_LIST_LENGTH + 1 }, (_, i) => `a${i}`);
    expect(refusal(() => parseSearchParams({ attributesToRetrieve: names }))).toMatchObject({ code: 'invalid_search_attributes_to_retrieve' });
    expect(refusal(() => parseSearchParams({ facets: names }))).toMatchObject({ code: 'invalid_search_facets' });
    expect(refusal(() => parseSearchParams({ sort: names }))).toMatchObject({ code: 'invalid_search_sort' });
  });

  it('refuses an illegal index uid in a multi-search as Meilisearch does', () => {
    expect(refusal(() => parseMultiSearch({ queries: [{ indexUid: 'kingfisher-toyota_2' }, { indexUid: 'hé', q: 'glass' }] }))).toEqual({
      code: 'invalid_index_uid',
      status: 400,
      message:
        'Invalid value at `.queries[1].indexUid`: `hé` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes.',
    });
    expect(refusal(() => parseMultiSearch({ queries: [{ indexUid: 'x'.repeat(513) }] })).code).toBe('invalid_index_uid');
    expect(parseMultiSearch({ queries: [{ indexUid: 'x'.repeat(512) }] })).toHaveLength(1);
    expect(refusal(() => parseMultiSearch({ queries: [{ indexUid: 5 }] })).code).toBe('invalid_index_uid');
  });

  it('names the query in a multi-search, and refuses more than MAX_QUERIES queries', () => {
    expect(refusal(() => parseMultiSearch({ queries: [{ indexUid: 'x' }, { indexUid: 'x', limit: 'ten' }] })).message).toMatch(
      /^Invalid value type at `\.queries\[1\]\.limit`/,
    );
    expect(refusal(() => parseMultiSearch({ queries: Array.from({ length: MAX_QUERIES + 1 }, () => ({ indexUid: 'x' })) }))).toMatchObject({
      code: 'bad_request',
      message: `The embedded search engine answers at most ${MAX_QUERIES} queries per multi-search; this one has ${MAX_QUERIES + 1}.`,
    });
  });
});
