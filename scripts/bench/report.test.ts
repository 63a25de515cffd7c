import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/build/plan';
import {
  alertTargets,
  checkTargets,
  demoStockTargets,
  searchIndexTargets,
  searchTargets,
  sessionCheckTargets,
  medianRun,
  formatPageTable,
  formatTable,
  groupFailingAudits,
  leadTargets,
  observatoryTargets,
  parseBenchArgs,
  summariseLhr,
  type LeadFigures,
  type LhrLike,
  type PageRow,
} from './report';

describe('parseBenchArgs', () => {
  it('defaults to every dealer with Lighthouse, not strict', () => {
    expect(parseBenchArgs([])).toEqual({ skipLighthouse: false, skipLeads: false, runs: 3, strict: false, soakMinutes: 10, pageWeightOnly: false });
    expect(parseBenchArgs(['--page-weight-only']).pageWeightOnly).toBe(true);
    expect(parseBenchArgs(['--runs', '1']).runs).toBe(1);
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(UsageError);
    expect(parseBenchArgs(['--soak-minutes', '0']).soakMinutes).toBe(0);
    expect(() => parseBenchArgs(['--soak-minutes', '2.5'])).toThrow(/--soak-minutes/);
  });

  it('reads --dealer in both forms, repeatable, and the switches', () => {
    expect(parseBenchArgs(['--dealer', 'a,b', '--dealer=c', '--skip-lighthouse', '--strict'])).toEqual({
      dealers: ['a', 'b', 'c'],
      skipLighthouse: true,
      skipLeads: false,
      runs: 3,
      strict: true,
      soakMinutes: 10,
      pageWeightOnly: false,
    });
  });

  it('rejects unknown arguments and a --dealer without slugs', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(UsageError);
    expect(() => parseBenchArgs(['--dealer'])).toThrow(/needs/);
    expect(() => parseBenchArgs(['--dealer', '--strict'])).toThrow(/needs/);
    expect(() => parseBenchArgs(['--dealer=,'])).toThrow(/needs/);
  });
});

const audit = (id: string, score: number | null, scoreDisplayMode = 'binary', displayValue?: string) => ({
  id,
  title: `${id} title`,
  score,
  scoreDisplayMode,
  ...(displayValue ? { displayValue } : {}),
});

describe('summariseLhr', () => {
  const lhr: LhrLike = {
    categories: {
      performance: { score: 0.995, auditRefs: [{ id: 'lcp', weight: 25 }] },
      accessibility: { score: 0.9, auditRefs: ['contrast', 'label', 'manual-check', 'na', 'info', 'broken'].map((id) => ({ id, weight: 1 })) },
      'best-practices': { score: 0.96, auditRefs: [{ id: 'console', weight: 1 }] },
      seo: { score: null, auditRefs: [] },
    },
    audits: {
      lcp: audit('lcp', 0.97, 'numeric', '1.2 s'),
      contrast: audit('contrast', 0),
      label: audit('label', 1),
      'manual-check': audit('manual-check', 0, 'manual'),
      na: audit('na', null, 'notApplicable'),
      info: audit('info', 0, 'informative'),
      broken: { ...audit('broken', null, 'error'), errorMessage: 'gatherer failed' },
      console: audit('console', 0),
    },
  };

  it('rounds scores to 0-100 and keeps null for a category that did not score', () => {
    expect(summariseLhr(lhr).scores).toEqual({ performance: 100, accessibility: 90, 'best-practices': 96, seo: null });
  });

  it('lists failing scored audits only for categories below 100', () => {
    expect(summariseLhr(lhr).failing).toEqual([
      { category: 'accessibility', id: 'contrast', title: 'contrast title', score: 0, weight: 1 },
      { category: 'accessibility', id: 'broken', title: 'broken title', score: null, weight: 1, displayValue: 'gatherer failed' },
      { category: 'best-practices', id: 'console', title: 'console title', score: 0, weight: 1 },
    ]);
  });
});

const row = (over: Partial<PageRow>): PageRow => ({
  slug: 'acme',
  type: 'home',
  path: '/',
  island: false,
  htmlBytes: 20000,
  htmlGzip: 5000,
  jsGzip: 3000,
  ...over,
});
const perfect = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };

describe('checkTargets', () => {
  const stockBuild = { slug: 'acme', cars: 1000, seconds: 21.5, pages: 1040 };

  it('passes when every audited page meets its targets', () => {
    const rows = [
      row({ scores: perfect }),
      row({ type: 'contact', scores: { ...perfect, 'best-practices': 96 } }),
      row({ type: 'search', path: '/search/used-cars', jsGzip: 120 * 1024, scores: { ...perfect, performance: 95 } }),
      row({ type: 'privacy-policy' }),
    ];
    const observatory = [{ target: 'acme as a CDN serves it', score: 130, grade: 'A+', tests: [] }];
    const checks = checkTargets({ rows, lighthouseRan: true, stockBuild, engineP95Ms: 2.1, observatory });
    // The lead targets follow, skipped here (no lead figures).
    expect(checks.map((t) => t.status)).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'SKIP']);
    expect(checks[0]?.target).toBe('Lighthouse performance (home 100, contact 100, search 95)');
    expect(checks.at(-3)?.detail).toBe('acme: 21.5 s, 1040 pages, 48 pages/s');
  });

  it('names the pages that miss, counting a Lighthouse error as a miss', () => {
    const rows = [row({ scores: { ...perfect, seo: 92 } }), row({ type: 'our-location', scores: { ...perfect, seo: null } })];
    const seo = checkTargets({ rows, lighthouseRan: true }).find((t) => t.target.startsWith('Lighthouse SEO'));
    expect(seo).toEqual({
      target: 'Lighthouse SEO = 100 (home/contact/our-location/search/car/finance/service/sell-my-car)',
      status: 'MISS',
      detail: '2/2 pages below: acme home 92, acme our-location error',
    });
    const perf = checkTargets({ rows: [row({ type: 'car', scores: { ...perfect, performance: 99 } })], lighthouseRan: true })[0];
    expect(perf).toMatchObject({ status: 'MISS', detail: '1/1 pages below: acme car 99' });
  });

  it('holds the checkout to performance and accessibility, but not to SEO: it is not indexed on purpose', () => {
    const rows = [row({ type: 'checkout', scores: { ...perfect, seo: 69, performance: 99 } })];
    const checks = checkTargets({ rows, lighthouseRan: true });
    expect(checks.find((t) => t.target.startsWith('Lighthouse SEO'))).toMatchObject({ status: 'SKIP' });
    expect(checks[0]).toMatchObject({ status: 'MISS', detail: '1/1 pages below: acme checkout 99' });
    expect(checks.find((t) => t.target.startsWith('Lighthouse accessibility'))).toMatchObject({ status: 'PASS' });
  });

  it('holds each page type to its own JS budget', () => {
    const fits = [
      row({ jsGzip: 10 * 1024 }),
      row({ type: 'car', jsGzip: 130 * 1024 }),
      row({ type: 'finance', jsGzip: 130 * 1024 }),
      row({ type: 'search', jsGzip: 140 * 1024 }),
      row({ type: 'compare', jsGzip: 15 * 1024 }),
    ];
    expect(checkTargets({ rows: fits, lighthouseRan: true }).find((t) => t.target.startsWith('JS'))?.status).toBe('PASS');
    const over = checkTargets({
      rows: [row({ type: 'privacy-policy', jsGzip: 10 * 1024 + 1 }), row({ type: 'car', jsGzip: 132 * 1024 + 1 })],
      lighthouseRan: true,
    }).find((t) => t.target.startsWith('JS'));
    expect(over).toMatchObject({ status: 'MISS', detail: '2/2 pages over: acme privacy-policy 10.0 KB, acme car 132.0 KB' });
  });

  it('skips Lighthouse when it did not run, and misses a slow or failed stock build or a slow engine', () => {
    const checks = checkTargets({ rows: [row({})], lighthouseRan: false, stockBuild: { ...stockBuild, seconds: 30.5 }, engineP95Ms: 5.2 });
    expect(checks.slice(0, 4).every((t) => t.status === 'SKIP')).toBe(true);
    expect(checks.at(-3)).toMatchObject({ status: 'MISS', detail: 'acme: 30.5 s, 1040 pages, 34 pages/s' });
    expect(checks.at(-2)).toMatchObject({ status: 'MISS', detail: '5.20 ms' });
    const failed = checkTargets({ rows: [row({})], lighthouseRan: false, stockBuild: { ...stockBuild, seconds: undefined, pages: undefined } });
    expect(failed.at(-3)).toMatchObject({ status: 'MISS', detail: 'acme: build failed' });
    expect(failed.at(-2)).toMatchObject({ status: 'SKIP' });
  });
});

describe('searchTargets', () => {
  const figures = { connections: 100, perSecond: 1600, p99: 80, abuse: [{ name: 'deep JSON', healthMaxMs: 40, healthFailed: 0, killed: false }] };

  it('passes at 1,500 multi-searches/s with p99 <= 100 ms, and health within 200 ms in every abuse case', () => {
    expect(searchTargets(figures).map((t) => t.status)).toEqual(['PASS', 'PASS']);
    expect(searchTargets(undefined)).toEqual([]);
  });

  it('misses a slow run and names the abuse cases that stalled health or were killed', () => {
    expect(searchTargets({ ...figures, p99: 101 })[0]).toMatchObject({ status: 'MISS', detail: '1600/s, p99 101 ms' });
    const abuse = [
      { name: 'big', healthMaxMs: 2222, healthFailed: 1, killed: false },
      { name: 'slow readers', healthMaxMs: 10, healthFailed: 0, killed: true },
    ];
    expect(searchTargets({ ...figures, abuse })[1]).toEqual({
      target: '/api/health within 200 ms during each abuse case',
      status: 'MISS',
      detail: 'big: max 2222 ms, 1 probes failed; slow readers: server killed at the memory cap',
    });
  });
});

describe('demoStockTargets', () => {
  it('passes 5,000 demo cars generated within a second, median of the runs, and misses a slower median', () => {
    expect(demoStockTargets({ cars: 5000, runs: 5, medianMs: 412.6 })).toEqual([
      { target: 'demo stock of 5,000 cars <= 1000 ms (median of 5 runs)', status: 'PASS', detail: '413 ms' },
    ]);
    expect(demoStockTargets({ cars: 5000, runs: 5, medianMs: 1000 })[0]?.status).toBe('PASS');
    expect(demoStockTargets({ cars: 5000, runs: 5, medianMs: 1000.4 })[0]).toMatchObject({ status: 'MISS', detail: '1000 ms' });
    expect(demoStockTargets(undefined)).toEqual([]);
  });

  it('is one of the targets checkTargets reports, so a slow generator is a MISS in the bench', () => {
    const targets = checkTargets({ rows: [], lighthouseRan: false, demoStock: { cars: 5000, runs: 5, medianMs: 1500 } });
    expect(targets.find((t) => t.target.startsWith('demo stock'))).toMatchObject({ status: 'MISS', detail: '1500 ms' });
  });
});

describe('searchIndexTargets', () => {
  it('passes an update that held the event loop at most 20 ms, and indexes held within the bound', () => {
    const figures = { cars: 2000, updateLoopMaxMs: 12.4, updateP95Ms: 3.2, memory: { dealers: 12, maxEstimateBytes: 40 * 2 ** 20, limitBytes: 48 * 2 ** 20 } };
    expect(searchIndexTargets(figures)).toEqual([
      {
        target: 'stock of 2,000 cars replaced under search load: event loop held <= 20 ms',
        status: 'PASS',
        detail: 'at most 12.4 ms, search p95 3.2 ms',
      },
      { target: '12 dealers searched over SEARCH_INDEX_MEMORY_MB: indexes held within the bound', status: 'PASS', detail: 'at most 40.0 MB of 48.0 MB' },
    ]);
    expect(searchIndexTargets({ ...figures, updateLoopMaxMs: 20.1 })[0]?.status).toBe('MISS');
    expect(searchIndexTargets({ ...figures, memory: { ...figures.memory, maxEstimateBytes: 49 * 2 ** 20 } })[1]?.status).toBe('MISS');
    expect(searchIndexTargets(undefined)).toEqual([]);
  });

  it('is one of the targets checkTargets reports', () => {
    const targets = checkTargets({ rows: [], lighthouseRan: false, searchIndexes: { cars: 2000, updateLoopMaxMs: 470, updateP95Ms: 470 } });
    expect(targets.find((t) => t.target.startsWith('stock of 2,000 cars'))?.status).toBe('MISS');
  });
});

describe('sessionCheckTargets', () => {
  it('passes each database whose signed-in session check p95 is within 5 ms', () => {
    expect(
      sessionCheckTargets([
        { database: 'pglite', p95: 1.234 },
        { database: 'postgres', p95: 5.01 },
      ]),
    ).toEqual([
      { target: 'session check p95 <= 5 ms (GET /api/account/session, signed in, pglite)', status: 'PASS', detail: '1.23 ms' },
      { target: 'session check p95 <= 5 ms (GET /api/account/session, signed in, postgres)', status: 'MISS', detail: '5.01 ms' },
    ]);
    expect(sessionCheckTargets(undefined)).toEqual([]);
  });

  it('is one of the targets checkTargets reports', () => {
    const targets = checkTargets({ rows: [], lighthouseRan: false, sessionCheck: [{ database: 'pglite', p95: 2 }] });
    expect(targets.find((t) => t.target.startsWith('session check'))?.status).toBe('PASS');
  });
});

describe('tables', () => {
  it('aligns text left and numbers right', () => {
    expect(
      formatTable(
        ['name', 'n'],
        [
          ['a', '1'],
          ['bb', '100'],
        ],
        1,
      ),
    ).toBe('name    n\n----  ---\na       1\nbb    100');
  });

  it('shows - where Lighthouse did not run, err where it failed, and marks islands', () => {
    const text = formatPageTable([row({ scores: { ...perfect, seo: null } }), row({ type: 'finance', island: true })]);
    expect(text.split('\n')[2]).toMatch(/^acme\s+home\s+100\s+100\s+100\s+err\s+2\.9 KB\s+4\.9 KB\s+19\.5 KB$/);
    expect(text.split('\n')[3]).toMatch(/^acme\s+finance \(island\)\s+-\s+-\s+-\s+-\s+2\.9 KB/);
  });

  it('groups failing audits by audit with every page they fail on', () => {
    const fail = { category: 'seo' as const, id: 'canonical', title: 'Document has a valid rel=canonical', score: 0, weight: 1 };
    const groups = groupFailingAudits([row({ failing: [fail] }), row({ type: 'contact', failing: [{ ...fail, displayValue: 'x' }] })]);
    expect(groups).toEqual([{ category: 'seo', id: 'canonical', title: fail.title, pages: ['acme home', 'acme contact (x)'] }]);
  });
});

describe('medianRun', () => {
  it('picks the run with the median performance score', () => {
    const runs = [
      { id: 'a', perf: 99 },
      { id: 'b', perf: 100 },
      { id: 'c', perf: 97 },
    ];
    expect(medianRun(runs, (r) => r.perf)?.id).toBe('a');
  });

  it('takes the lower middle of an even count and sorts failed runs first', () => {
    expect(medianRun([{ perf: 100 }, { perf: null }], (r) => r.perf)).toEqual({ perf: null });
    expect(medianRun([], () => 1)).toBeUndefined();
  });
});

describe('leadTargets', () => {
  const load = { database: 'pglite', p99: 40, ok: 6000, requests: 6000, stored: 6004, non2xx: 0, errors: 0 };
  const chaos = {
    database: 'pglite',
    submissions: 2000,
    acknowledged: 2000,
    kills: 2,
    storedLeads: 2000,
    duplicates: 0,
    lost: 0,
    webhookUnique: 2000,
    folderAdf: 2000,
    folderJson: 2000,
  };
  const property = { runs: 10_000, apiRuns: 2000, passed: true, seconds: 90 };

  it('passes when every lead is answered fast, kept once and delivered once', () => {
    expect(leadTargets({ loads: [load], chaos: [chaos], property }).map((t) => t.status)).toEqual(['PASS', 'PASS', 'PASS']);
  });

  it('misses a slow p99, a lost or doubled lead, a missing delivery and too few property runs', () => {
    const statuses = (figures: Parameters<typeof leadTargets>[0]) => leadTargets(figures).map((t) => t.status);
    expect(statuses({ loads: [{ ...load, p99: 51 }], chaos: [], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [{ ...load, stored: 5999 }], chaos: [], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [], chaos: [{ ...chaos, lost: 1 }], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [], chaos: [{ ...chaos, duplicates: 1 }], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [], chaos: [{ ...chaos, folderAdf: 1999 }], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [], chaos: [{ ...chaos, kills: 1 }], property })).toEqual(['MISS', 'PASS']);
    expect(statuses({ loads: [], chaos: [], property: { ...property, runs: 1000 } })).toEqual(['MISS']);
    expect(statuses(undefined)).toEqual(['SKIP']);
  });

  it('holds the lead p99 while the same server answers searches, and misses when the searches were not all served', () => {
    const searchAlongside = { perSecond: 300, ok: 18_000, requests: 18_000, p99: 30 };
    const statuses = (l: LeadFigures['loads'][number]) => leadTargets({ loads: [l], chaos: [], property }).map((t) => t.status);
    expect(leadTargets({ loads: [{ ...load, searchAlongside }], chaos: [], property })[0]!.target).toContain('300 multi-searches/s');
    expect(statuses({ ...load, searchAlongside })).toEqual(['PASS', 'PASS']);
    expect(statuses({ ...load, p99: 51, searchAlongside })).toEqual(['MISS', 'PASS']);
    expect(statuses({ ...load, searchAlongside: { ...searchAlongside, ok: 17_000 } })).toEqual(['MISS', 'PASS']);
    expect(statuses({ ...load, searchAlongside: { ...searchAlongside, perSecond: 200 } })).toEqual(['MISS', 'PASS']);
  });
});

describe('observatoryTargets', () => {
  const test = (name: string, pass: boolean) => ({ name, pass, result: `${name}-result`, scoreModifier: pass ? 0 : -20 });

  it('passes a scan at or above 115 and names what fails below it', () => {
    const [good, low] = observatoryTargets([
      { target: 'alpha as a CDN serves it', score: 130, grade: 'A+', tests: [test('cookies', true)] },
      { target: 'alpha on the server', score: 55, grade: 'C', tests: [test('cookies', true), test('strict-transport-security', false)] },
    ]);
    expect(good).toEqual({ target: 'HTTP Observatory >= 115: alpha as a CDN serves it', status: 'PASS', detail: '130 (A+), every test passes' });
    expect(low).toEqual({ target: 'HTTP Observatory >= 115: alpha on the server', status: 'MISS', detail: '55 (C), failing: strict-transport-security' });
  });

  it('misses a scan that failed and skips one that did not run', () => {
    expect(observatoryTargets([{ target: 'alpha', score: 0, grade: '-', tests: [], error: 'down' }])[0]?.status).toBe('MISS');
    expect(observatoryTargets(undefined)).toEqual([{ target: 'HTTP Observatory >= 115', status: 'SKIP', detail: 'not run' }]);
  });
});

describe('alertTargets', () => {
  const run = { database: 'pglite', cars: 5000, savedCars: 10000, accounts: 2000, runSeconds: 6.2, emailed: 1767, failed: 0, mailFiles: 1767, rerunEmailed: 0 };

  it('passes a run within 10 s that emailed each account once and nothing on the run after', () => {
    expect(alertTargets([run])).toEqual([
      {
        target: 'alert job over 5,000 cars and 10,000 saved cars <= 10 s, one email per account, nothing twice (pglite)',
        status: 'PASS',
        detail: '6.2 s; 1767/2000 accounts emailed, 1767 message files, 0 failed; the run after emailed 0',
      },
    ]);
    expect(alertTargets(undefined)).toEqual([]);
  });

  it('misses a slow run, a lost or doubled email, a failure, or a run that sent nothing', () => {
    const status = (change: Partial<typeof run>) => alertTargets([{ ...run, ...change }])[0]?.status;
    expect(status({ runSeconds: 10.1 })).toBe('MISS');
    expect(status({ mailFiles: 1766 })).toBe('MISS');
    expect(status({ rerunEmailed: 3 })).toBe('MISS');
    expect(status({ failed: 1 })).toBe('MISS');
    expect(status({ emailed: 0, mailFiles: 0 })).toBe('MISS');
  });
});

describe('checkout targets', () => {
  it('pass only with one hold per car, a refund for every other deposit, and reserved in search within 2 s', async () => {
    const { checkoutTargets } = await import('./report');
    const good = { database: 'pglite', cars: 20, shoppers: 200, holds: 20, refunds: 180, doubleHolds: 0, reservedP95: 1200 };
    expect(checkoutTargets([good]).map((t) => t.status)).toEqual(['PASS', 'PASS']);
    expect(checkoutTargets([{ ...good, holds: 21, doubleHolds: 1 }]).map((t) => t.status)).toEqual(['MISS', 'PASS']);
    expect(checkoutTargets([{ ...good, reservedP95: 2500 }]).map((t) => t.status)).toEqual(['PASS', 'MISS']);
    expect(checkoutTargets(undefined)).toEqual([]);
  });
});
