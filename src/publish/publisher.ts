/**
 * Publishing follows the change: the running server notices a dealer's stock or dealer file
 * changing and queues a publish job for that dealer (src/publish/queue/), and a worker renders
 * the dealer's site from the site bundle and swaps it in. Nobody has to start a rebuild.
 *
 * Noticing is a check of each dealer's stock file and dealer file (their size and modification
 * time, and the assets folder's) every `checkEveryMs`: a few stat calls per dealer, cheap on the
 * server's event loop. The rendering happens in render worker processes, never on it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DealerConfigError, dealerFile } from '../platform/config/load';
import { validateForBuild, type SitePages } from '../build/check';
import { keepLastGood } from '../build/last-good';
import { stockFile } from '../stock/server/store';
import { dealerInputHash, sharedInputsHash, writeStamp, type ProjectPaths } from '../build/stamps';
import type { PublishJob, PublishQueue, PublishReason } from './queue';
import { ensureBundle } from './bundle';
import { createRenderPool, type RenderPool } from './render-pool';
import type { PublishOutcome } from './publish-site';
import { markBuilding, markFailed, markPublished } from './site-state';
import { cachedReading, recordBuild, reportPublishQueue, type QueueDepth } from '../platform/metrics/metrics';

/** What a dealer's files look like now: changes when either file, or an asset, is written. */
export function watchedVersions(slug: string, paths: Pick<ProjectPaths, 'dealersDir' | 'stockDir'>): { stock: string; dealerFile: string } {
  const stat = (file: string): string => {
    try {
      const info = statSync(file);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'none';
    }
  };
  const assets = path.join(paths.dealersDir, 'assets', slug);
  const assetStats = existsSync(assets)
    ? readdirSync(assets, { recursive: true, encoding: 'utf8' }).map((name) => `${name}=${stat(path.join(assets, name))}`)
    : [];
  return {
    stock: stat(stockFile(slug, { STOCK_DIR: paths.stockDir })),
    dealerFile: [stat(dealerFile(slug, paths.dealersDir)), ...assetStats].join('|'),
  };
}

export interface PublisherOptions {
  dealers: readonly string[];
  paths: ProjectPaths;
  queue: PublishQueue;
  /** How often dealers' files are checked; 0 checks only when `check()` is called. */
  checkEveryMs?: number;
  log?: (line: string) => void;
}

export interface Publisher {
  /** Checks every dealer's files now and queues a job for each that changed since the last check. */
  check(): Promise<void>;
  stop(): void;
}

/** Watches the dealers' stock and dealer files and queues a publish job when one changes. */
export function watchDealerFiles(options: PublisherOptions): Publisher {
  const seen = new Map(options.dealers.map((slug) => [slug, watchedVersions(slug, options.paths)]));
  const check = async (): Promise<void> => {
    for (const slug of options.dealers) {
      const now = watchedVersions(slug, options.paths);
      const before = seen.get(slug);
      seen.set(slug, now);
      const reasons: PublishReason[] = [];
      if (before && before.stock !== now.stock) reasons.push('stock');
      if (before && before.dealerFile !== now.dealerFile) reasons.push('dealer-file');
      if (reasons.length === 0) continue;
      options.log?.(`… ${slug}: ${reasons.join(' and ')} changed; publishing its site`);
      await options.queue.request({ dealer: slug, reasons });
    }
  };
  let running = false;
  const timer =
    (options.checkEveryMs ?? 1000) > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          check()
            .catch((error: unknown) => options.log?.(`publish check failed: ${error instanceof Error ? error.message : String(error)}`))
            .finally(() => (running = false));
        }, options.checkEveryMs ?? 1000)
      : undefined;
  timer?.unref();
  return { check, stop: () => clearInterval(timer) };
}

export interface PublishWorkerOptions {
  paths: ProjectPaths;
  /** Dealers published at once (a render worker process each). */
  concurrency: number;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** The pages a site builds (src/site/site-pages.ts, passed in by the commands), so menu links to a page it lacks are refused. */
  sitePages?: SitePages;
  /** Runs after each publish (a deploy to the CDN); a failure fails the job, which is retried and then reported. */
  afterPublish?: (slug: string) => Promise<void>;
  /**
   * Publishes one dealer; by default a render worker renders it from the site bundle. Tests pass
   * a stand-in so the job's bookkeeping (site state, stamp, metrics) is exercised without a bundle.
   */
  render?: RenderPool['publish'];
}

/**
 * Works publish jobs: for each, the bundle for the code as it is now (built once per code
 * version), then the dealer's site rendered and swapped in by a render worker, and its stamp.
 * A failure is thrown to the queue, which retries it and then reports it.
 */
export function publishJobHandler(options: PublishWorkerOptions): {
  handle: (job: PublishJob) => Promise<void>;
  warm: () => Promise<void>;
  close: () => Promise<void>;
} {
  let pool: { version: string; pool: RenderPool } | undefined;
  const log = options.log ?? (() => undefined);
  const { distDir } = options.paths;

  /** The render workers for the code as it is now, and that code's hash; a code change closes the old workers. */
  async function poolForCode(): Promise<{ workers: RenderPool; shared: string }> {
    const shared = sharedInputsHash(options.paths.root);
    const bundle = await ensureBundle({ root: options.paths.root, version: shared, log });
    // Checked and set with no await between: a job and the warm-up asking at once share one pool.
    if (pool?.version !== bundle.version) {
      void pool?.pool.close();
      pool = {
        version: bundle.version,
        pool: createRenderPool({
          bundle,
          dealersDir: options.paths.dealersDir,
          distDir,
          size: options.concurrency,
          env: { ...(options.env ?? process.env), STOCK_DIR: options.paths.stockDir },
        }),
      };
    }
    return { workers: pool.pool, shared };
  }

  return {
    async handle(job) {
      const started = performance.now();
      const seconds = (): number => (performance.now() - started) / 1000;
      markBuilding(distDir, job.dealer);
      let outcome: PublishOutcome;
      let inputHash: string;
      const file = dealerFile(job.dealer, options.paths.dealersDir);
      try {
        // The same check as every build: a file broken (or made to claim another dealer's domain
        // or id) while the server runs keeps the last good site up, and the reason in /api/health.
        // The file's links are checked against the stock only when something but the stock changed.
        await validateForBuild(file, {
          stockChecks: job.reasons.some((reason) => reason !== 'stock'),
          dealersDir: options.paths.dealersDir,
          distDir,
          publicDir: path.join(options.paths.root, 'public'),
          ...(options.sitePages ? { sitePages: options.sitePages } : {}),
          env: { ...(options.env ?? process.env), STOCK_DIR: options.paths.stockDir },
        });
        const { workers, shared } = options.render
          ? { workers: { publish: options.render }, shared: sharedInputsHash(options.paths.root) }
          : await poolForCode();
        inputHash = dealerInputHash(job.dealer, options.paths, shared);
        outcome = await workers.publish(job.dealer);
      } catch (error) {
        // The queue retries and reports it; /api/health shows it meanwhile.
        // A dealer file's problems are told in full (the first line is the file name).
        const reason = error instanceof DealerConfigError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error);
        markFailed(distDir, job.dealer, reason);
        recordBuild(job.dealer, 'incremental', 'failed', seconds());
        log(`✗ ${job.dealer} not published; its last good site stays up: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
      markPublished(distDir, job.dealer, outcome);
      writeStamp({ slug: job.dealer, inputHash, builtAt: new Date().toISOString(), pages: outcome.htmlPages }, distDir);
      keepLastGood(job.dealer, file, distDir);
      try {
        await options.afterPublish?.(job.dealer);
      } catch (error) {
        markFailed(distDir, job.dealer, `published, but not deployed: ${error instanceof Error ? error.message : String(error)}`);
        recordBuild(job.dealer, 'incremental', 'failed', seconds());
        throw error;
      }
      recordBuild(job.dealer, 'incremental', 'ok', seconds());
      log(
        `✓ ${job.dealer} published (${job.reasons.join(', ')}) in ${seconds().toFixed(1)}s: ${outcome.rendered} of its ${outcome.pages} files rendered, the rest unchanged`,
      );
    },
    async warm() {
      await (await poolForCode()).workers.warm();
    },
    close: async () => {
      await pool?.pool.close();
    },
  };
}

/** How many dealers wait for a publish and how many are being published, from the queue's status. */
export async function queueDepth(queue: Pick<PublishQueue, 'status'>): Promise<QueueDepth> {
  let queued = 0;
  let running = 0;
  for (const status of (await queue.status()).values()) {
    if (status.queued) queued += 1;
    if (status.running) running += 1;
  }
  return { queued, running };
}

/**
 * Reports the queue's depth in /api/metrics (the process working it: npm start), read at most
 * every few seconds (on Postgres, a query). Returns the function that stops reporting it.
 */
export const reportQueueDepth = (queue: Pick<PublishQueue, 'status'>): (() => void) => reportPublishQueue(cachedReading(() => queueDepth(queue)));
