/** The publish queue's contract, met in-process (memory-queue.ts) and on Postgres (pg-boss-queue.ts). */
import type { PublishJob, PublishRequest } from './job';

export interface PublishQueue {
  /** Queues this dealer, or merges into its waiting job. Resolves once queued (on Postgres: committed). */
  request(request: PublishRequest): Promise<void>;
  /**
   * Starts working jobs with `handler`, at most `concurrency` dealers at once (default 1), never
   * one dealer twice at once. Resolves to a stop function, which lets running jobs finish.
   */
  work(handler: PublishHandler, options?: { concurrency?: number }): Promise<() => Promise<void>>;
  /** Per dealer ever queued: waiting, running, last success, last failure. */
  status(): Promise<Map<string, PublishStatus>>;
  /** Resolves when no job is queued, waiting to retry or running (for tests, and a build waiting for its jobs). */
  idle(): Promise<void>;
  /** Stops working (letting running jobs finish) and lets go of the database. */
  close(): Promise<void>;
}

export type PublishHandler = (job: PublishJob) => Promise<void>;

export interface PublishStatus {
  dealer: string;
  /** A run is due: requests no run has taken yet, or a failed try waiting for its retry. */
  queued: boolean;
  running: boolean;
  lastSuccessAt?: string;
  /** The latest failed try, kept after later successes (compare `at` with lastSuccessAt). */
  lastFailure?: PublishFailure;
}

export interface PublishFailure {
  at: string;
  error: string;
  /** Tries made of this job when it failed (1 for the first). */
  tries: number;
  /** False once the tries are used up: the job's reasons and cars are kept and join the dealer's next run. */
  willRetry: boolean;
  job: PublishJob;
}
