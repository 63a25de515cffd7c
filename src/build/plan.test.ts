import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dealersAffected,
  formatOutcome,
  formatSummary,
  isIgnoredPath,
  mapLimit,
  parseBuildArgs,
  selectDealers,
  splitNul,
  UsageError,
  type DealerResult,
} from './plan';
import { siteInputs, type SiteInputs } from './site-inputs';

const all = ['city-motors', 'harbour-ford', 'kiwi-cars'];

/** A site built from exactly these source files (besides its pages, public files and config). */
const builtFrom = (...files: string[]): SiteInputs => ({
  files: new Set(files),
  missing: [],
  unfollowed: [],
  sourceFolders: ['src', 'packages/search-engine'],
});
const site = builtFrom(
  'src/site/Header.astro',
  'src/dealer/model/hours.ts',
  'src/content/notes.md',
  ...['a', 'b', 'c', 'd', 'e'].map((name) => `src/${name}.ts`),
);

describe('parseBuildArgs', () => {
  it('defaults to every dealer', () => {
    expect(parseBuildArgs([])).toEqual({ verbose: false });
  });
  it('reads --dealer lists in both spellings, repeated', () => {
    expect(parseBuildArgs(['--dealer', 'a,b', '--dealer=c', '--verbose'])).toEqual({ dealers: ['a', 'b', 'c'], verbose: true });
    expect(parseBuildArgs(['--dealer', ' a , ,b '])).toEqual({ dealers: ['a', 'b'], verbose: false });
  });
  it('reads --changed', () => {
    expect(parseBuildArgs(['--changed', 'origin/main'])).toEqual({ changed: 'origin/main', verbose: false });
    expect(parseBuildArgs(['--changed=HEAD~1'])).toEqual({ changed: 'HEAD~1', verbose: false });
  });
  it('rejects missing values, unknown flags and --dealer with --changed', () => {
    expect(() => parseBuildArgs(['--dealer'])).toThrow(UsageError);
    expect(() => parseBuildArgs(['--dealer', ','])).toThrow(/at least one slug/);
    expect(() => parseBuildArgs(['--changed', '--verbose'])).toThrow(/needs a value/);
    expect(() => parseBuildArgs(['--fast'])).toThrow(/unknown argument "--fast"/);
    expect(() => parseBuildArgs(['--dealer', 'a', '--changed', 'HEAD'])).toThrow(/either/);
  });
});

describe('selectDealers', () => {
  it('keeps the requested order and drops repeats', () => {
    expect(selectDealers(['kiwi-cars', 'city-motors', 'kiwi-cars'], all)).toEqual(['kiwi-cars', 'city-motors']);
  });
  it('names every unknown slug and lists the known ones', () => {
    expect(() => selectDealers(['city-motors', 'nope', 'zilch'], all)).toThrow(
      'unknown dealers "nope", "zilch"; known dealers: city-motors, harbour-ford, kiwi-cars',
    );
    expect(() => selectDealers(['nope'], all)).toThrow(/unknown dealer "nope"/);
  });
});

describe('dealersAffected', () => {
  it('builds only the dealers whose file or assets changed', () => {
    const result = dealersAffected(['dealers/kiwi-cars.json', 'dealers/assets/city-motors/logo.svg', 'dealers/assets/city-motors/hero/a.webp'], all, site);
    expect(result.slugs).toEqual(['city-motors', 'kiwi-cars']);
    expect(result.shared).toEqual([]);
    expect(result.reasons.get('kiwi-cars')).toBe('changed: dealers/kiwi-cars.json');
    expect(result.reasons.get('city-motors')).toContain('dealers/assets/city-motors/logo.svg');
  });
  it('builds every dealer when shared code changed', () => {
    for (const file of [
      'src/site/Header.astro',
      'src/dealer/model/hours.ts',
      'public/favicon.svg',
      'astro.config.mjs',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'dealers/schema.json',
      'src/pages/about.md',
    ]) {
      const result = dealersAffected(['dealers/kiwi-cars.json', file], all, site);
      expect(result.slugs, file).toEqual(all);
      expect(result.shared, file).toEqual([file]);
      expect(result.reasons.get('city-motors'), file).toBe(`shared input changed: ${file}`);
    }
  });
  it('builds nothing for docs, tests, markdown, CI, benchmarks and .gitignore', () => {
    const files = [
      'docs/decisions/001.md',
      'tests/browser/home.test.ts',
      'README.md',
      'dealers/README.md',
      '.ci/run',
      'scripts/bench.ts',
      'scripts/bench/data.json',
      '.gitignore',
      'src/dealer/model/hours.test.ts',
    ];
    const result = dealersAffected(files, all, site);
    expect(result.slugs).toEqual([]);
    expect(result.ignored).toEqual(files);
  });
  it("builds nothing for source no page imports: the API, the outbox, the engine's conformance suite", () => {
    const files = ['src/server/app.ts', 'src/leads/delivery/outbox/worker.ts', 'packages/search-engine/conformance/cases.ts', 'src/content/other.md'];
    const result = dealersAffected(files, all, site);
    expect(result.slugs).toEqual([]);
    expect(result.ignored).toEqual(files);
  });
  it('builds every dealer when a page or public file is deleted, though the site no longer reads it', () => {
    for (const file of ['src/pages/old-offer.astro', 'public/old-logo.svg']) {
      expect(dealersAffected([file], all, site).slugs, file).toEqual(all);
    }
  });
  it('treats unclassified paths as shared, to be safe', () => {
    expect(dealersAffected(['scripts/build.ts'], all, site).slugs).toEqual(all);
    expect(dealersAffected(['.nvmrc'], all, site).slugs).toEqual(all);
  });
  it('does not build deleted dealers', () => {
    const result = dealersAffected(['dealers/old-dealer.json', 'dealers/assets/old-dealer/logo.png'], all, site);
    expect(result.slugs).toEqual([]);
    expect(result.ignored).toEqual(['dealers/old-dealer.json', 'dealers/assets/old-dealer/logo.png']);
  });
  it('ignores loose files directly under dealers/assets/', () => {
    expect(dealersAffected(['dealers/assets/.gitkeep'], all, site).slugs).toEqual([]);
  });
  it('accepts Windows separators and ./ prefixes', () => {
    expect(dealersAffected(['dealers\\assets\\kiwi-cars\\logo.png'], all, site).slugs).toEqual(['kiwi-cars']);
    expect(dealersAffected(['./dealers/harbour-ford.json'], all, site).slugs).toEqual(['harbour-ford']);
  });
  it('honours another dealers folder', () => {
    expect(dealersAffected(['sites/kiwi-cars.json'], all, site, 'sites').slugs).toEqual(['kiwi-cars']);
    expect(dealersAffected(['sites/assets/kiwi-cars/x.png'], all, site, 'sites/').slugs).toEqual(['kiwi-cars']);
  });
  it('builds nothing when nothing changed', () => {
    expect(dealersAffected([], all, site)).toEqual({ slugs: [], reasons: new Map(), shared: [], ignored: [] });
  });
  it('summarises long lists of causes', () => {
    const result = dealersAffected(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts'], all, site);
    expect(result.reasons.get('kiwi-cars')).toBe('shared input changed: src/a.ts, src/b.ts, src/c.ts and 2 more');
  });
});

describe('isIgnoredPath', () => {
  it('exempts only tests under src/ and public/', () => {
    expect(isIgnoredPath('src/content/notes.md', site)).toBe(false);
    expect(isIgnoredPath('src/lib/x.test.ts', site)).toBe(true);
    expect(isIgnoredPath('docs/x.ts', site)).toBe(true);
  });
  it('exempts source files only while no page imports them', () => {
    expect(isIgnoredPath('src/content/notes.md', builtFrom())).toBe(true);
    expect(isIgnoredPath('src/server/app.ts', site)).toBe(true);
    expect(isIgnoredPath('src/server/app.ts', builtFrom('src/server/app.ts'))).toBe(false);
    expect(isIgnoredPath('public/x.test.ts', site)).toBe(true);
  });
});

describe('dealersAffected on this project', () => {
  const project = siteInputs(process.cwd());
  const support = readdirSync('tests/support').map((name) => `tests/support/${name}`);

  it('builds nothing when the API, the outbox worker or a test helper changes', () => {
    for (const file of ['src/server/app.ts', 'src/leads/delivery/outbox/worker.ts', ...support]) {
      expect(dealersAffected([file], all, project).slugs, file).toEqual([]);
    }
  });
  it('builds every dealer when the car page or the search query model changes', () => {
    for (const file of ['src/cars/ui/CarPage.astro', 'src/search/model/query.ts']) {
      expect(dealersAffected([file], all, project).slugs, file).toEqual(all);
    }
  });
});

describe('splitNul', () => {
  it('splits git -z output', () => {
    expect(splitNul('a b.json\0dealers/x.json\0')).toEqual(['a b.json', 'dealers/x.json']);
    expect(splitNul('')).toEqual([]);
  });
});

const result = (slug: string, ok: boolean, seconds: number, pages?: number): DealerResult => ({ slug, ok, seconds, pages, output: '' });

describe('formatSummary', () => {
  it('aligns one row per dealer', () => {
    expect(formatSummary([result('city-motors', true, 12.34, 41), result('kiwi', false, 0.05)])).toBe(
      [
        'dealer       result  seconds  pages',
        '-----------  ------  -------  -----',
        'city-motors  ok         12.3     41',
        'kiwi         FAILED      0.1      -',
      ].join('\n'),
    );
  });
});

describe('formatOutcome', () => {
  it('names the failed dealers', () => {
    expect(formatOutcome([result('a', true, 1, 1), result('b', false, 1), result('c', false, 1)])).toEqual({
      ok: false,
      message: 'build failed for 2 of 3 dealers: b, c',
    });
    expect(formatOutcome([result('a', true, 1, 1)])).toEqual({ ok: true, message: 'built 1 dealer' });
  });
});

describe('mapLimit', () => {
  it('keeps order and never exceeds the limit', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([30, 10, 20, 5, 1], 2, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
  it('handles an empty list', async () => {
    expect(await mapLimit([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
