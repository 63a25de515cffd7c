import { describe, expect, it } from 'vitest';
import { browserChunk } from './chunks';

describe('browserChunk', () => {
  it('keeps the layout script and the small modules it shares in one file', () => {
    expect(browserChunk('/repo/src/site/BaseLayout.astro?astro&type=script&index=0&lang.ts')).toBe('site-script');
    expect(browserChunk('/repo/src/site/browser/page-script.ts')).toBe('site-script');
    expect(browserChunk('/repo/src/platform/web/consent.ts')).toBe('site-script');
    expect(browserChunk('/repo/src/leads/browser/visits.ts')).toBe('site-script');
    expect(browserChunk('\0vite/preload-helper.js')).toBe('site-script');
  });

  it('reads Windows paths as well', () => {
    expect(browserChunk('C:\\repo\\src\\platform\\web\\storage.ts')).toBe('site-script');
  });

  it('keeps the ASC page view and the tracker it shares in one other file', () => {
    for (const name of ['asc-page', 'tracker', 'asc-events', 'address-secrets', 'event-ids'])
      expect(browserChunk(`/repo/src/platform/web/${name}.ts`)).toBe('analytics');
  });

  it('leaves everything else to Rollup, tests and look-alike names included', () => {
    expect(browserChunk('/repo/src/search/browser/hero-state.ts')).toBeUndefined();
    expect(browserChunk('/repo/src/platform/web/consent-banner.ts')).toBeUndefined();
    expect(browserChunk('/repo/src/site/Header.astro?astro&type=script&index=0&lang.ts')).toBeUndefined();
    expect(browserChunk('/repo/node_modules/nanostores/index.js')).toBeUndefined();
  });
});
