/**
 * A render worker: a child process that loads the site bundle once and publishes the dealers its
 * parent sends it, one at a time (src/publish/render-pool.ts). Pages render in a process of their
 * own so a server's requests never wait behind them, and so several run on several cores.
 *
 * Messages in: `{ id, slug, firstLook }`. Out: `{ id, ok: true, outcome }` or `{ id, ok: false, error }`.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readDealerFile, dealerFile } from '../platform/config/load';
import type { SiteRenderer } from './site-renderer';
import { dealerAsPublished, publishSite, siteKey, type PublishOutcome } from './publish-site';
import { FIRST_LOOK_ENV } from '../stock/server/site-stock';

export interface WorkerJob {
  id: number;
  slug: string;
  firstLook?: boolean;
  /** Render every page rather than only the changed ones. */
  full?: boolean;
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

const DAY_MS = 86_400_000;

/** `name size mtime` of every file under the dealer's assets folder, sorted. */
function assetsListing(slug: string): string[] {
  const folder = path.join(dealersDir as string, 'assets', slug);
  try {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .sort()
      .flatMap((name) => {
        const stat = statSync(path.join(folder, name));
        return stat.isFile() ? [`${name} ${stat.size} ${stat.mtimeMs}`] : [];
      });
  } catch {
    return [];
  }
}

async function publish(job: WorkerJob): Promise<PublishOutcome> {
  // Signed as of the start of the day the pages render on, as the pages measure time: two
  // publishes on one day carry the same token, so unchanged pages stay byte for byte the same.
  const renderDay = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const dealer = dealerAsPublished(readDealerFile(dealerFile(job.slug, dealersDir)), renderDay / 1000);
  // The first-look switch is read by the pages (src/stock/server/site-stock.ts); this process renders one dealer at a time.
  if (job.firstLook) Object.assign(process.env, FIRST_LOOK_ENV);
  else delete process.env.SITE_BUILD;
  const key = siteKey({
    codeVersion: path.basename(path.dirname(path.dirname(entry as string))),
    dealer,
    renderDay,
    firstLook: job.firstLook === true,
    assets: assetsListing(job.slug),
  });
  return publishSite(
    renderer,
    dealer,
    { dealersDir: dealersDir as string, distDir: distDir as string },
    { clientDir: clientDir as string, key, ...(job.full ? { full: true } : {}) },
  );
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
