import { describe, expect, it } from 'vitest';
import { MeiliError, SearchEngine, multiSearch } from '@dealer-sites/search-engine';
import { indexSettings } from '../../src/search/model/index-settings';
import { generateDemoStock } from '../../src/stock/model/demo';
import { dealerFileCopy } from '../../tests/support/test-site';
import { deepJsonBody, hugeHighlightBody, landingMix, largeAnswerBody, largestAllowedBody } from './search-load';
import { parseJson } from '../../src/platform/http/request-body';

const NOW = 1_750_000_000;
const site = dealerFileCopy('kingfisher-toyota');
const engine = new SearchEngine(generateDemoStock(site, 300, NOW * 1000), indexSettings);
const ask = (body: string) => multiSearch((uid) => (uid === site.slug ? engine : undefined), JSON.parse(body));

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof MeiliError) return error.code;
    throw error;
  }
  return 'answered';
}

describe('the search load bench requests', () => {
  it('are, for the landing-page mix, what a search page and the hero send, answered within the caps', async () => {
    const bodies = landingMix(site, NOW);
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) expect((await ask(body)).results.length).toBeGreaterThan(0);
  });

  it('stay honest about the abuse: 40 KB of highlight tags with 1,000 hits is refused, as are the largest within the per-query caps (by the answer cap) and deep JSON', async () => {
    expect(Buffer.byteLength(hugeHighlightBody(site.slug))).toBeGreaterThan(38_000);
    expect(await refusal(() => ask(hugeHighlightBody(site.slug)))).toBe('invalid_search_highlight_pre_tag');
    // 32 queries of 100 highlighted hits each: refused once the answer passes 2 MiB, after the work up to there.
    expect(await refusal(() => ask(largestAllowedBody(site.slug)))).toBe('bad_request');
    expect(parseJson(deepJsonBody(site.slug))).toMatchObject({ ok: false, empty: false });
    // The slow readers' answer is one the caps allow: six pages of 100 cars.
    expect((await ask(largeAnswerBody(site.slug))).results.map((r) => r.hits.length)).toEqual([100, 100, 100, 0, 0, 0]);
  });
});
