/**
 * The publish job queue (docs/decisions/publish-queue.md): a stock import, a dealer-file change
 * or a code change requests a publish job per dealer it touches; workers run them, one at a time
 * per dealer, requests made meanwhile merged into one more run.
 *
 *   const queue = await createPublishQueue({ databaseUrl: process.env.DATABASE_URL });
 *   await queue.request({ dealer: 'kingfisher-toyota', reasons: ['stock'], changedCars: ['KT-1021'] });
 *   const stop = await queue.work((job) => publishDealer(job), { concurrency: 2 });
 */
import type { RetryOptions } from './job';
import { createMemoryPublishQueue } from './memory-queue';
import { createPgBossPublishQueue, type PgBossQueueOptions } from './pg-boss-queue';
import type { PublishQueue } from './types';

export { DEFAULT_RETRY, mergeJobs, PUBLISH_REASONS, type PublishJob, type PublishReason, type PublishRequest, type RetryOptions } from './job';
export type { PublishFailure, PublishHandler, PublishQueue, PublishStatus } from './types';

export interface PublishQueueOptions {
  /** Postgres: the queue lives there, shared by every worker. Unset: in this process only. */
  databaseUrl?: string;
  /** Tries and waits for a failing job (default 3 tries, 5 s then doubling, with jitter). */
  retry?: Partial<RetryOptions>;
  /** Where failures and give-ups are written (default: nowhere). */
  log?: (line: string) => void;
  /** Postgres only: schema, polling, expiry (see PgBossQueueOptions). */
  postgres?: Omit<PgBossQueueOptions, 'databaseUrl' | 'retry' | 'log'>;
}

/** The queue on Postgres when `databaseUrl` is set, else the in-process queue. */
export async function createPublishQueue(options: PublishQueueOptions = {}): Promise<PublishQueue> {
  const databaseUrl = options.databaseUrl?.trim();
  if (!databaseUrl) return createMemoryPublishQueue({ retry: options.retry, log: options.log });
  return createPgBossPublishQueue({ ...options.postgres, databaseUrl, retry: options.retry, log: options.log });
}
