/**
 * Builds what the browser tests need (demo dealers into dist/, test fixtures into .test-dist/,
 * each only when stale) and serves both with the platform's own server on free ports.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { listDealerSlugs } from '../../src/config/load';
import { buildDealers } from '../../src/build/run';
import { staleDealers, type ProjectPaths } from '../../src/build/stamps';
import { createApp } from '../../src/server/app';

/** Fixture dealers; hostile-motors' stock is a hand-written hostile feed in tests/fixtures/stock/. */
export const FIXTURE_PATHS = { dealersDir: 'tests/fixtures/dealers', distDir: '.test-dist', stockDir: path.resolve('tests/fixtures/stock') } satisfies Partial<ProjectPaths>;

async function ensureBuilt(paths: Partial<ProjectPaths> & { dealersDir: string; distDir: string }): Promise<string[]> {
  const slugs = listDealerSlugs(paths.dealersDir);
  const stale = staleDealers(slugs, paths);
  if (stale.length > 0) {
    const results = await buildDealers(stale, { ...paths, log: () => undefined });
    const failed = results.filter((r) => !r.ok);
    if (failed.length > 0) throw new Error(`browser tests: could not build ${failed.map((f) => `${f.slug}\n${f.output}`).join('\n')}`);
  }
  return slugs;
}

/** Serves built sites plus the API; the search API reads each dealer's config from `dealersDir`. */
function listen(distDir: string, dealersDir: string, dealers: string[], stockDir?: string): Promise<{ server: ServerType; port: number }> {
  const app = createApp({ distDir, dealers, defaultDealer: dealers[0] ?? '', dealersDir, ...(stockDir ? { env: { ...process.env, STOCK_DIR: stockDir } } : {}) });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoPort: number;
    fixturePort: number;
    demoDealers: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demoDealers = await ensureBuilt({ dealersDir: 'dealers', distDir: 'dist' });
  const fixtureDealers = await ensureBuilt(FIXTURE_PATHS);
  const demo = await listen('dist', 'dealers', demoDealers);
  const fixture = await listen(FIXTURE_PATHS.distDir, FIXTURE_PATHS.dealersDir, fixtureDealers, FIXTURE_PATHS.stockDir);
  project.provide('demoPort', demo.port);
  project.provide('fixturePort', fixture.port);
  project.provide('demoDealers', demoDealers);
  return async () => {
    await Promise.all([demo, fixture].map(({ server }) => new Promise((resolve) => server.close(resolve))));
  };
}
