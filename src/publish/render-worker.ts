/**
 * A render worker: a child process that loads the site bundle once and publishes the dealers its
 * parent sends it, one at a time (src/publish/render-pool.ts). Pages render in a process of their
 * own so a server's requests never wait behind them, and so several run on several cores.
 *
 * Messages in: `{ id, slug, firstLook }`. Out: `{ id, ok: true, outcome }` or `{ id, ok: false, error }`.
 */
import { pathToFileURL } from 'node:url';
import { readDealerFile, dealerFile } from '../platform/config/load';
import type { SiteRenderer } from './site-renderer';
import { dealerAsPublished, publishSite, type PublishOutcome } from './publish-site';
import { FIRST_LOOK_ENV } from '../stock/server/site-stock';

export interface WorkerJob {
  id: number;
  slug: string;
  firstLook?: boolean;
}

export type WorkerReply = { id: number; ok: true; outcome: PublishOutcome } | { id: number; ok: false; error: string };

const entry = process.env.SITE_BUNDLE_ENTRY;
const clientDir = process.env.SITE_BUNDLE_CLIENT;
const dealersDir = process.env.DEALERS_DIR;
const distDir = process.env.DIST_DIR;
if (!entry || !clientDir || !dealersDir || !distDir || !process.send) {
  console.error('render-worker: started without its bundle, folders or parent');
  process.exit(2);
}

const { renderer } = (await import(pathToFileURL(entry).href)) as { renderer: SiteRenderer };

async function publish(job: WorkerJob): Promise<PublishOutcome> {
  const dealer = dealerAsPublished(readDealerFile(dealerFile(job.slug, dealersDir)), Math.floor(Date.now() / 1000));
  // The first-look switch is read by the pages (src/stock/server/site-stock.ts); this process renders one dealer at a time.
  if (job.firstLook) Object.assign(process.env, FIRST_LOOK_ENV);
  else delete process.env.SITE_BUILD;
  return publishSite(renderer, dealer, { dealersDir: dealersDir as string, distDir: distDir as string }, { clientDir: clientDir as string });
}

// One job at a time, in the order they came.
let queue: Promise<void> = Promise.resolve();
process.on('message', (job: WorkerJob) => {
  queue = queue.then(async () => {
    let reply: WorkerReply;
    try {
      reply = { id: job.id, ok: true, outcome: await publish(job) };
    } catch (error) {
      reply = { id: job.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    process.send?.(reply);
  });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
