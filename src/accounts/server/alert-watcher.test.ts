import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import type { DealerConfig } from '../../platform/config/schema';
import { writeStockFile } from '../../stock/server/import';
import { noAlerts } from '../model/alerts';
import { alertPollMs, startAlertWatcher } from './alert-watcher';
import type { AlertRunOptions, AlertRunSummary } from './alerts';

const sites: Record<string, DealerConfig> = { a: testSite({ slug: 'a' }), b: testSite({ slug: 'b' }) };

describe('the server’s alert watcher', () => {
  let stockDir: string;
  const runs: string[] = [];
  const lines: string[] = [];
  let outcome: (slug: string) => Partial<AlertRunSummary> = () => ({});

  beforeEach(async () => {
    stockDir = await mkdtemp(path.join(tmpdir(), 'alert-watcher-'));
    runs.length = 0;
    lines.length = 0;
    outcome = () => ({});
  });
  afterEach(async () => {
    await rm(stockDir, { recursive: true, force: true });
  });

  const watcher = () =>
    startAlertWatcher({
      database: { db: undefined as never, kind: 'pglite' },
      dealers: ['a', 'b', 'gone'],
      configFor: (slug) => sites[slug],
      env: { STOCK_DIR: stockDir },
      pollMs: 0,
      log: (line) => lines.push(line),
      run: (options: AlertRunOptions) => {
        runs.push(options.site.slug);
        const summary: AlertRunSummary = {
          dealer: options.site.slug,
          firstRun: false,
          busy: false,
          cars: 1,
          emailed: 0,
          failed: 0,
          sent: noAlerts(),
          alreadySent: 0,
          unreadableSearches: 0,
          ms: 5,
          steps: { findMs: 1, mailMs: 2, watchMs: 2 },
          ...outcome(options.site.slug),
        };
        return summary.cars < 0 ? Promise.reject(new Error('database gone')) : Promise.resolve(summary);
      },
    });

  it('runs the job for a dealer when its stock changes, and not otherwise', async () => {
    writeStockFile('a', [testCar()], 'test', { STOCK_DIR: stockDir });
    const w = watcher();
    outcome = (slug) => (slug === 'a' ? { firstRun: true } : {});
    await w.checkOnce();
    expect(runs).toEqual(['a', 'b']);
    expect(lines).toEqual([expect.stringMatching(/^alerts a: first run, stock recorded and nothing sent/)]);
    await w.checkOnce();
    expect(runs).toEqual(['a', 'b']);

    writeStockFile('a', [testCar({ price: 30000 }), testCar({ id: 2, slug: 'car-2' })], 'test', { STOCK_DIR: stockDir });
    await utimes(path.join(stockDir, 'a.json'), new Date(), new Date(Date.now() + 5000));
    outcome = () => ({ emailed: 2 });
    await w.checkOnce();
    expect(runs).toEqual(['a', 'b', 'a']);
    expect(lines[1]).toMatch(/^alerts a: 2 accounts emailed; /);
    await w.stop();
  });

  it('tries a dealer again when its run was busy or failed', async () => {
    const w = watcher();
    outcome = (slug) => (slug === 'a' ? { busy: true } : { cars: -1 });
    await w.checkOnce();
    expect(lines).toEqual(['alerts b: the run stopped and is tried again at the next check: database gone']);
    outcome = () => ({});
    await w.checkOnce();
    expect(runs).toEqual(['a', 'b', 'a', 'b']);
    await w.checkOnce();
    expect(runs).toHaveLength(4);
    await w.stop();
  });

  it('polls every ALERTS_POLL_MS, a minute by default, never when 0', () => {
    expect(alertPollMs({})).toBe(60_000);
    expect(alertPollMs({ ALERTS_POLL_MS: '0' })).toBe(0);
    expect(alertPollMs({ ALERTS_POLL_MS: '250' })).toBe(250);
    expect(alertPollMs({ ALERTS_POLL_MS: 'soon' })).toBe(60_000);
  });
});
