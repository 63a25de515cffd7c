import { describe, expect, it } from 'vitest';
import { longTaskTargets, pageWeightTargets, spread, weightBudgets, weightOf, type MainThread, type PageWeight } from './page-weight';

const KB = 1024;
const page = (type: string, load: number[], interaction: number[] = [], inlineGzip = 0): PageWeight => ({
  type,
  path: `/${type}`,
  inlineGzip,
  scripts: [
    ...load.map((gzip, i) => ({ url: `/_astro/${type}-${i}.js`, gzip, when: 'load' as const })),
    ...interaction.map((gzip, i) => ({ url: `/_astro/${type}-later-${i}.js`, gzip, when: 'interaction' as const })),
  ],
});

describe('weightBudgets', () => {
  it('holds a brochure page with a form to 10 KB on first load and the form budget with it', () => {
    expect(weightBudgets('contact')).toEqual({ firstLoad: 10 * KB, total: 132 * KB });
  });

  it('holds the search page to 140 KB with its first interaction', () => {
    expect(weightBudgets('search')).toEqual({ firstLoad: 140 * KB, total: 140 * KB });
  });

  it("holds the home page to the brochure budget on first load and the hero's lists with the first interaction", () => {
    expect(weightBudgets('home')).toEqual({ firstLoad: 10 * KB, total: 25 * KB });
  });

  it('gives a page type with no budget of its own the brochure budget', () => {
    expect(weightBudgets('privacy-policy')).toEqual({ firstLoad: 10 * KB, total: 10 * KB });
  });
});

describe('weightOf', () => {
  it('counts inline scripts and fetched files on load, and what the interaction adds', () => {
    expect(weightOf(page('search', [100, 200], [50], 10))).toEqual({ load: 310, interaction: 50, total: 360 });
  });
});

describe('spread', () => {
  it('gives the median, smallest and largest of the runs', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(spread([4, 1, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4 });
  });
});

describe('pageWeightTargets', () => {
  it('passes pages within budget', () => {
    expect(pageWeightTargets([page('contact', [9 * KB], [100 * KB]), page('search', [130 * KB], [9 * KB])])[0]?.status).toBe('PASS');
  });

  it('misses a brochure page over 10 KB on first load, though its total is within the form budget', () => {
    const [target] = pageWeightTargets([page('contact', [13.4 * KB], [100 * KB])]);
    expect(target?.status).toBe('MISS');
    expect(target?.detail).toMatch(/contact first load 13\.4 KB > 10\.0 KB/);
  });

  it('misses the search page when its dynamic imports take it over, and one bad run is enough', () => {
    const good = page('search', [130 * KB]);
    const bad = page('search', [130 * KB], [28.9 * KB]);
    const [target] = pageWeightTargets([good, bad]);
    expect(target?.status).toBe('MISS');
    expect(target?.detail).toBe('search with first interaction 158.9 KB > 140.0 KB');
  });
});

describe('longTaskTargets', () => {
  const thread = (type: string, longTasks: number[][], busyMs: number[]): MainThread => ({ type, longTasks, busyMs });

  it('misses when any run of the search page has a long task, and reads busy time against the bare page', () => {
    const [target] = longTaskTargets([thread('search', [[], [120, 90, 79]], [400, 440])], thread('bare', [[], []], [20, 20]));
    expect(target?.status).toBe('MISS');
    expect(target?.detail).toBe("0, 3 long tasks in 2 runs; main thread busy 420 ms (21.0x a bare page's 20 ms)");
  });

  it('passes a search page with no long task in any run', () => {
    expect(longTaskTargets([thread('search', [[], []], [100, 120])], undefined)[0]?.status).toBe('PASS');
  });
});
