/**
 * Page weight as a browser pays it: every script a page's first load fetches in Chromium (module
 * graph, island components and whatever they import dynamically), then what the shopper's first
 * interaction adds (the search box focused and a filter opened, a form reached for), each script
 * counted at its gzip size, with the page's inline scripts. A static scan of the HTML misses
 * dynamic imports, so this is the figure the budgets are held to.
 *
 * Then main-thread work on a 4x slowed CPU (Chromium's own throttling), on a warm page (its second
 * load, as a shopper moving around the site has it), beside a bare page in the same browser: long
 * tasks (over 50 ms) and the renderer's busy time, so a page's figures read against this
 * machine's floor.
 *
 * The measuring is in the browser; what the figures mean against the budgets is in the pure
 * functions at the top, unit-tested in page-weight.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { gzipSize, pageScripts } from './assets';
import { budgetFor, DEFAULT_BUDGET, formatKb, formatTable, type TargetCheck } from './report';
import { CHROMIUM_FLAGS, CHROMIUM_MISSING, findChromium } from '../chromium';

/** The page types measured: one of each kind a shopper meets (brochure, result, car, form at load). */
export const WEIGHED_TYPES = ['home', 'contact', 'search', 'car', 'finance'] as const;

/**
 * Pages whose lead form loads when the shopper reaches for it: on first load they are brochure
 * pages and carry a brochure page's budget; the form's code counts once they interact.
 */
export const FORM_ON_INTERACTION = new Set(['contact', 'contact-us', 'service', 'sell-my-car', 'valuations', 'trade-in']);

export interface Budgets {
  /** Gzip bytes of script on first load. */
  firstLoad: number;
  /** Gzip bytes of script on first load and first interaction together. */
  total: number;
}

/**
 * Brochure pages whose first interaction loads a part of their own, held to the brochure budget on
 * first load and to this with the interaction. The home page's hero, once the shopper reaches for
 * it, fills its make and model lists from the stock and builds its search button's address with
 * the search page's own path rules: about 9 KB of it is the search page's code (routing, path
 * patterns, region formats), which the shopper's next page, the results, then has from the cache.
 */
export const WITH_INTERACTION: Readonly<Record<string, number>> = { home: 25 * 1024 };

export function weightBudgets(type: string): Budgets {
  const total = budgetFor(type).jsBytes;
  const withInteraction = WITH_INTERACTION[type];
  if (withInteraction !== undefined) return { firstLoad: total, total: withInteraction };
  return { firstLoad: FORM_ON_INTERACTION.has(type) ? Math.min(total, DEFAULT_BUDGET.jsBytes) : total, total };
}

export interface ScriptFetch {
  url: string;
  /** Gzip size of the response body (level 9, as the static count and a CDN's best). */
  gzip: number;
  when: 'load' | 'interaction';
}

export interface PageWeight {
  type: string;
  path: string;
  inlineGzip: number;
  scripts: ScriptFetch[];
}

/** Gzip bytes on first load (inline scripts and fetched files) and added by the first interaction. */
export function weightOf(page: PageWeight): { load: number; interaction: number; total: number } {
  const sum = (when: ScriptFetch['when']) => page.scripts.filter((s) => s.when === when).reduce((n, s) => n + s.gzip, 0);
  const load = page.inlineGzip + sum('load');
  const interaction = sum('interaction');
  return { load, interaction, total: load + interaction };
}

/** Runs of the same page: the median figure and the spread (largest minus smallest). */
export function spread(values: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

/** Every run of every page is held to its budgets: a budget met only by the luckiest run is not met. */
export function pageWeightTargets(pages: readonly PageWeight[]): TargetCheck[] {
  const largest = new Map<string, number>();
  for (const page of pages) largest.set(page.type, Math.max(largest.get(page.type) ?? 0, weightOf(page).total));
  const over = pages.flatMap((page) => {
    const { load, total } = weightOf(page);
    const budgets = weightBudgets(page.type);
    return [
      ...(load > budgets.firstLoad ? [`${page.type} first load ${formatKb(load)} > ${formatKb(budgets.firstLoad)}`] : []),
      ...(total > budgets.total ? [`${page.type} with first interaction ${formatKb(total)} > ${formatKb(budgets.total)}`] : []),
    ];
  });
  return [
    {
      target: 'JS a browser fetches (gzip), first load and with first interaction, within budget per page type',
      status: pages.length === 0 ? 'SKIP' : over.length === 0 ? 'PASS' : 'MISS',
      detail: over.length === 0 ? [...largest].map(([type, bytes]) => `${type} ${formatKb(bytes)}`).join(', ') : [...new Set(over)].join('; '),
    },
  ];
}

export interface MainThread {
  type: string;
  /** Long tasks (over 50 ms) from navigation until the page has been still for a while, per run. */
  longTasks: number[][];
  /** Milliseconds the renderer's main thread was busy over the same span, per run. */
  busyMs: number[];
}

export function longTaskTargets(pages: readonly MainThread[], bare: MainThread | undefined): TargetCheck[] {
  const search = pages.find((p) => p.type === 'search');
  if (!search) return [];
  const counts = search.longTasks.map((tasks) => tasks.length);
  const busy = spread(search.busyMs).median;
  const floor = bare ? spread(bare.busyMs).median : 0;
  return [
    {
      target: 'no long tasks on the search page, warm, at 4x CPU slowdown',
      status: counts.every((n) => n === 0) ? 'PASS' : 'MISS',
      detail: `${counts.join(', ')} long tasks in ${counts.length} runs; main thread busy ${busy.toFixed(0)} ms${floor > 0 ? ` (${(busy / floor).toFixed(1)}x a bare page's ${floor.toFixed(0)} ms)` : ''}`,
    },
  ];
}

export function formatPageWeights(weights: readonly PageWeight[][], threads: readonly MainThread[], bare: MainThread | undefined): string {
  const types = [...new Set(weights.flat().map((w) => w.type))];
  const kb = (values: number[]) => {
    const s = spread(values);
    return s.max - s.min < 1 ? formatKb(s.median) : `${formatKb(s.median)} (${formatKb(s.min)}-${formatKb(s.max)})`;
  };
  const rows = types.map((type) => {
    const runs = weights.map((run) => run.find((w) => w.type === type)).filter((w): w is PageWeight => w !== undefined);
    const figures = runs.map(weightOf);
    const budgets = weightBudgets(type);
    const thread = threads.find((t) => t.type === type);
    const tasks = thread ? thread.longTasks.map((t) => `${t.length} (${t.reduce((a, b) => a + b, 0).toFixed(0)} ms)`).join(', ') : '-';
    return [
      type,
      kb(figures.map((f) => f.load)),
      formatKb(budgets.firstLoad),
      kb(figures.map((f) => f.total)),
      formatKb(budgets.total),
      String(runs[0]?.scripts.length ?? 0),
      tasks,
      thread ? `${spread(thread.busyMs).median.toFixed(0)} ms` : '-',
    ];
  });
  if (bare)
    rows.push(['bare page', '-', '-', '-', '-', '0', bare.longTasks.map((t) => String(t.length)).join(', '), `${spread(bare.busyMs).median.toFixed(0)} ms`]);
  return formatTable(['page', 'first load', 'budget', 'with interaction', 'budget', 'files', 'long tasks per run (4x CPU, warm)', 'main thread busy'], rows, 1);
}

// ------------------------------------------------------------------------------------ browser

/** What the shopper does first on each kind of page: reach for the search, a filter or the form. */
async function firstInteraction(page: Page, type: string): Promise<void> {
  if (type === 'search') {
    const box = page.locator('main input[type="search"]').first();
    if ((await box.count()) > 0) await box.focus();
    // A facet's 'show more': opening a filter without leaving the page.
    const filter = page.locator('main .facet-more[aria-expanded="false"]').first();
    if ((await filter.count()) > 0 && (await filter.isVisible())) await filter.click();
    return;
  }
  const field = page.locator('main input:not([type="hidden"]), main select, main textarea').first();
  if ((await field.count()) > 0) {
    await field.hover().catch(() => undefined);
    await field.focus();
    return;
  }
  await page.locator('main').hover();
}

/** Waits until no request has been in flight for `quietMs` (at most `maxMs`). */
async function networkQuiet(page: Page, quietMs = 600, maxMs = 8000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const finished = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const until = Date.now() + maxMs;
  while (Date.now() < until && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  page.off('request', started);
  page.off('requestfinished', finished);
  page.off('requestfailed', finished);
}

/** One page's scripts on first load, then after its first interaction, in a fresh browser context. */
export async function weighPage(browser: Browser, origin: string, type: string, path: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts: ScriptFetch[] = [];
  let when: ScriptFetch['when'] = 'load';
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const phase = when;
    pending.push(
      response
        .body()
        .then((body) => void scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSize(body), when: phase }))
        .catch(() => undefined),
    );
  });
  try {
    const response = await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    await networkQuiet(page);
    const html = (await response?.text()) ?? '';
    const inlineGzip = pageScripts(html).inline.reduce((sum, code) => sum + gzipSize(code), 0);
    await Promise.all(pending.splice(0));
    when = 'interaction';
    await firstInteraction(page, type);
    await networkQuiet(page);
    await Promise.all(pending.splice(0));
    return { type, path, inlineGzip, scripts };
  } finally {
    await context.close();
  }
}

const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
`;

/** Long tasks and busy time of `url`'s second load at 4x CPU slowdown, `runs` times. */
export async function mainThread(browser: Browser, type: string, url: string, runs: number, stillMs = 3000): Promise<MainThread> {
  const result: MainThread = { type, longTasks: [], busyMs: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    try {
      await context.addInitScript(LONG_TASKS);
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await networkQuiet(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      const busy = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
      const before = await busy();
      await page.goto(url, { waitUntil: 'load' });
      await networkQuiet(page);
      await page.waitForTimeout(stillMs);
      result.busyMs.push((await busy()) - before);
      result.longTasks.push(await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks));
    } finally {
      await context.close();
    }
  }
  return result;
}

/** A heading and a line of text: no CSS, no script. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare page</title></head><body><h1>Bare page</h1><p>A line of text.</p></body></html>';

export interface PageWeightResult {
  weights: PageWeight[][];
  threads: MainThread[];
  bare: MainThread;
  targets: TargetCheck[];
}

/**
 * Weighs each page `runs` times and measures its main thread `runs` times, then a bare page's.
 * `origin` serves the dealer's site with its API (the platform server), so islands behave as live.
 */
export async function benchPageWeight(origin: string, pages: readonly { type: string; path: string }[], runs = 3): Promise<PageWeightResult> {
  const browser = await chromium.launch({ executablePath: findChromium() ?? failMissing(), headless: true, args: CHROMIUM_FLAGS });
  const bareServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE));
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  try {
    const weights: PageWeight[][] = [];
    for (let run = 0; run < runs; run += 1) {
      const round: PageWeight[] = [];
      for (const { type, path } of pages) round.push(await weighPage(browser, origin, type, path));
      weights.push(round);
    }
    const threads: MainThread[] = [];
    for (const { type, path } of pages) threads.push(await mainThread(browser, type, `${origin}${path}`, runs));
    const bare = await mainThread(browser, 'bare', `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`, runs);
    const targets = [...pageWeightTargets(weights.flat()), ...longTaskTargets(threads, bare)];
    return { weights, threads, bare, targets };
  } finally {
    await browser.close();
    await new Promise((resolve) => bareServer.close(resolve));
  }
}

function failMissing(): never {
  throw new Error(CHROMIUM_MISSING);
}
