/**
 * The API service without lead storage, for the search load bench: serves DEALERS_DIR's dealers
 * (search and /api/health; no built sites needed) on PORT and prints "search-server ready". A
 * process of its own so the load generator does not share its event loop, and so the bench can
 * read its memory and kill it when an abuse case grows it past a safety cap.
 */
import { serve } from '@hono/node-server';
import cluster from 'node:cluster';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listDealerSlugs } from '../../src/platform/config/load';
import { projectPaths } from '../../src/build/stamps';
import { createApp } from '../../src/server/app';

// SEARCH_PROCESSES=N: N processes share the port (Node's cluster module hands connections
// round-robin), as API_PROCESSES runs the platform; this first process then only forks them.
const processes = Number(process.env.SEARCH_PROCESSES ?? 1);
if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  for (let i = 0; i < processes; i++) {
    cluster.fork().once('listening', () => {
      listening += 1;
      if (listening === processes) console.log(`search-server ready on ${process.env.PORT} (${processes} processes)`);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
} else {
  serveSearch();
}

function serveSearch(): void {
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
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => {
    if (cluster.isPrimary) console.log(`search-server ready on ${port}`);
  });
  // Exit on a signal, so a --cpu-prof run writes its profile.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
}
