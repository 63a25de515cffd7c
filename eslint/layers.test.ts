import { describe, expect, it } from 'vitest';
import { placeOf, violation } from './layers.js';

describe('placeOf', () => {
  it('reads the feature and runtime of a file under src/', () => {
    expect(placeOf('src/search/model/query.ts')).toEqual({ top: 'search', runtime: 'model' });
    expect(placeOf('src/platform/config/schema.ts')).toEqual({ top: 'platform', runtime: undefined });
    expect(placeOf('src/pages/index.astro')).toEqual({ top: 'pages', runtime: undefined });
    expect(placeOf('tests/support/test-site.ts')).toEqual({ outside: 'tests' });
  });
});

describe('violation', () => {
  it('lets imports point down the floors and within a folder', () => {
    expect(violation('src/search/model/query.ts', 'src/platform/config/schema', false)).toBeUndefined();
    expect(violation('src/cars/ui/CarPage.astro', 'src/leads/ui/EnquiryFormLayout.astro', false)).toBeUndefined();
    expect(violation('src/pages/index.astro', 'src/site/BaseLayout.astro', false)).toBeUndefined();
    expect(violation('src/search/ui/HitCard.tsx', 'src/search/browser/hits', false)).toBeUndefined();
    expect(violation('src/search/server/search-api.ts', 'packages/search-engine/src/index', false)).toBeUndefined();
  });

  it('refuses an upward import, naming the floors', () => {
    expect(violation('src/platform/web/tracker.ts', 'src/leads/model/category', false)).toMatch(
      /src\/platform may not import src\/leads .*platform < stock < saved-cars < search/,
    );
    expect(violation('src/search/model/query.ts', 'src/dealer/model/seo', false)).toMatch(/may not import src\/dealer/);
    expect(violation('src/search/server/x.test.ts', 'src/server/app', true)).toMatch(/may not import src\/server/);
    // Result cards use the saved list; the saved list never reaches up to search or the garage pages.
    expect(violation('src/search/ui/Results.tsx', 'src/saved-cars/browser/saved-cars', false)).toBeUndefined();
    expect(violation('src/saved-cars/browser/strip.ts', 'src/search/model/search-path', false)).toMatch(/may not import src\/search/);
    expect(violation('src/saved-cars/model/saved-list.ts', 'src/garage/model/compare', false)).toMatch(/may not import src\/garage/);
  });

  it('refuses imports sideways between folders on one floor', () => {
    expect(violation('src/pages/index.astro', 'src/server/app', false)).toMatch(/may not import src\/server/);
    expect(violation('src/server/app.ts', 'src/pages/index.astro', false)).toMatch(/may not import src\/pages/);
  });

  it('keeps runtimes apart inside features', () => {
    expect(violation('src/search/browser/hits.ts', 'src/search/ui/HitCard', false)).toMatch(/browser\/ code may import only model, browser/);
    expect(violation('src/search/model/query.ts', 'src/search/browser/client', false)).toMatch(/model\/ code may import only model/);
    expect(violation('src/cars/ui/context.ts', 'src/stock/server/store', false)).toMatch(/ui\/ code may import only/);
    expect(violation('src/leads/server/routes.ts', 'src/leads/ui/EnquiryForm', false)).toMatch(/server\/ code may import only/);
  });

  it('keeps Node-only composition away from browser code', () => {
    expect(violation('src/server/app.ts', 'src/search/server/search-api', false)).toBeUndefined();
    expect(violation('src/server/app.ts', 'src/search/ui/SearchApp', false)).toMatch(/runs only in Node/);
  });

  it('lets only tests reach test support, and keeps src out of scripts', () => {
    expect(violation('src/search/model/query.test.ts', 'tests/support/test-site', true)).toBeUndefined();
    expect(violation('src/search/model/query.ts', 'tests/support/test-site', false)).toMatch(/only tests may import test support/);
    expect(violation('src/server/app.ts', 'scripts/start', false)).toMatch(/src\/ may not import scripts\//);
    expect(violation('scripts/start.ts', 'src/server/platform', false)).toBeUndefined();
  });

  it('asks for a new top folder to be placed on a floor', () => {
    expect(violation('src/commerce/model/cart.ts', 'src/platform/config/schema', false)).toMatch(/src\/commerce\/ is not on any floor/);
  });
});
