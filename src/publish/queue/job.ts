/**
 * A publish job and the pure rules both queues share: how requests for one dealer merge while
 * they wait, and how long a failed try waits before the next (docs/decisions/publish-queue.md).
 */
import { z } from 'zod';

/** Why a dealer's site is published again. */
export type PublishReason = 'stock' | 'dealer-file' | 'code' | 'requested';

export const PUBLISH_REASONS: readonly PublishReason[] = ['stock', 'dealer-file', 'code', 'requested'];

export interface PublishJob {
  /** The dealer's slug (the name of its file in dealers/). */
  dealer: string;
  /** Every reason asked for since the dealer's last run, in the order first asked. */
  reasons: PublishReason[];
  /** Ids of the cars that changed, when every request knew them; undefined means unknown: publish every car. */
  changedCars?: string[];
  /** When the oldest request merged into this job was made (ISO 8601). */
  requestedAt: string;
}

/** What a caller asks for; the queue stamps the time. */
export type PublishRequest = Omit<PublishJob, 'requestedAt'>;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a dealer slug (lower-case letters, digits and hyphens)');

export const publishRequestSchema = z.object({
  dealer: slug,
  reasons: z.array(z.enum(PUBLISH_REASONS)).min(1, 'must name at least one reason'),
  changedCars: z.array(z.string().min(1)).optional(),
});

/** A job as stored between processes (Postgres jsonb): read back through this, never trusted as is. */
export const publishJobSchema = publishRequestSchema.extend({ requestedAt: z.iso.datetime({ offset: true }) });

/** Checks a request, naming the bad field: `publish request: dealer: must be a dealer slug (...)`. */
export function parsePublishRequest(request: PublishRequest): PublishRequest {
  const parsed = publishRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`);
  throw new Error(`publish request: ${issues.join('; ')}`);
}

/**
 * One job doing the work of both: reasons and changed cars joined (first-asked order, no
 * repeats), the earlier request time kept. Unknown changed cars on either side stays unknown:
 * `{changedCars: ['a']}` merged with `{changedCars: undefined}` publishes every car.
 */
export function mergeJobs(waiting: PublishJob | undefined, next: PublishJob): PublishJob {
  if (!waiting) return next;
  if (waiting.dealer !== next.dealer) throw new Error(`mergeJobs: ${waiting.dealer} and ${next.dealer} are different dealers`);
  const changedCars = waiting.changedCars && next.changedCars ? union(waiting.changedCars, next.changedCars) : undefined;
  return {
    dealer: waiting.dealer,
    reasons: union(waiting.reasons, next.reasons),
    ...(changedCars ? { changedCars } : {}),
    requestedAt: Date.parse(next.requestedAt) < Date.parse(waiting.requestedAt) ? next.requestedAt : waiting.requestedAt,
  };
}

function union<T>(first: readonly T[], second: readonly T[]): T[] {
  return [...new Set([...first, ...second])];
}

/** How often a failed job is tried, and how long it waits between tries. */
export interface RetryOptions {
  /** Tries in all, the first included (default 3). */
  attempts: number;
  /** Wait before the second try, in seconds (default 5; whole seconds on Postgres, where pg-boss keeps it). */
  delaySeconds: number;
  /** Double the wait after each try, with jitter, as pg-boss does (default true). */
  backoff: boolean;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 3, delaySeconds: 5, backoff: true };

export function retryOptions(options: Partial<RetryOptions> = {}): RetryOptions {
  const retry = { ...DEFAULT_RETRY, ...options };
  if (!Number.isInteger(retry.attempts) || retry.attempts < 1)
    throw new Error(`publish queue: retry.attempts must be a whole number of at least 1 (got ${retry.attempts})`);
  if (!(retry.delaySeconds >= 0)) throw new Error(`publish queue: retry.delaySeconds must be 0 or more (got ${retry.delaySeconds})`);
  return retry;
}

/**
 * Milliseconds before the next try, after `failedTries` tries failed (1 after the first). The
 * formula is pg-boss's, so both queues wait alike: with backoff, delay × 2^(n-1) × (1 + random),
 * so a 5 s delay waits 5–10 s, then 10–20 s, then 20–40 s.
 */
export function retryDelayMs(retry: RetryOptions, failedTries: number, random: () => number = Math.random): number {
  if (!retry.backoff) return retry.delaySeconds * 1000;
  const base = (retry.delaySeconds * 2 ** Math.min(16, failedTries)) / 2;
  return Math.round((base + base * random()) * 1000);
}

/** The text a failure is reported with: the error's message, or what was thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
