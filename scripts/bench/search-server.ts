/**
 * The API service without lead storage, for the search load bench: serves DEALERS_DIR's dealers
 * (search and /api/health; no built sites needed) on PORT and prints "search-server ready". A
 * process of its own so the load generator does not share its event loop, and so the bench can
 * read its memory and kill it when an abuse case grows it past a safety cap.
 */
import { serve } from '@hono/node-server';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listDealerSlugs } from '../../src/platform/config/load';
import { projectPaths } from '../../src/build/stamps';
import { createApp } from '../../src/server/app';

const paths = projectPaths();
const dealersDir = path.resolve(process.env.DEALERS_DIR ?? paths.dealersDir);
const dealers = listDealerSlugs(dealersDir);
const app = createApp({
  distDir: mkdtempSync(path.join(os.tmpdir(), 'search-bench-dist-')),
  dealers,
  defaultDealer: dealers[0] ?? '',
  dealersDir,
  env: { ...process.env, STOCK_DIR: paths.stockDir },
});
const port = Number(process.env.PORT);
serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => console.log(`search-server ready on ${port}`));
// Exit on a signal, so a --cpu-prof run writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
