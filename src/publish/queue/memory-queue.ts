/**
 * The in-process publish queue of the embedded default (no DATABASE_URL): the running server
 * queues and works its own jobs. It lives in memory only: if the process dies, the queue dies
 * with it, and the next start re-plans every dealer from the build stamps (a site whose inputs
 * changed since its stamp is rebuilt), so nothing a stamp records is lost, only the run order.
 */
import { errorText, mergeJobs, parsePublishRequest, retryDelayMs, retryOptions, type PublishJob, type PublishRequest, type RetryOptions } from './job';
import type { PublishHandler, PublishQueue, PublishStatus } from './types';

interface DealerState {
  /** Requests no run has taken yet. */
  pending?: PublishJob;
  /** What the current or last failed run works on; cleared by a success. */
  taken?: PublishJob;
  /** Tries made of `taken`. */
  tries: number;
  running: boolean;
  /** Set while a failed try waits for its retry. */
  retryTimer?: NodeJS.Timeout;
  ready: boolean;
  lastSuccessAt?: string;
  lastFailure?: PublishStatus['lastFailure'];
}

export interface MemoryQueueOptions {
  retry?: Partial<RetryOptions>;
  log?: (line: string) => void;
  now?: () => Date;
}

export function createMemoryPublishQueue(options: MemoryQueueOptions = {}): PublishQueue {
  const retry = retryOptions(options.retry);
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const dealers = new Map<string, DealerState>();
  /** Dealers whose run is due, oldest first. */
  const ready: string[] = [];
  let worker: { handler: PublishHandler; concurrency: number } | undefined;
  let running = 0;
  let closed = false;
  let changed: Array<() => void> = [];

  const stateOf = (dealer: string): DealerState => {
    let state = dealers.get(dealer);
    if (!state) dealers.set(dealer, (state = { tries: 0, running: false, ready: false }));
    return state;
  };

  /** Wakes everything waiting for a change (idle(), stop functions). */
  const notify = () => {
    const waiting = changed;
    changed = [];
    for (const wake of waiting) wake();
  };
  const nextChange = () => new Promise<void>((resolve) => changed.push(resolve));

  const makeReady = (dealer: string, state: DealerState) => {
    if (state.ready || state.running || state.retryTimer) return;
    state.ready = true;
    ready.push(dealer);
  };

  const pump = () => {
    while (worker && running < worker.concurrency && ready.length > 0) {
      const dealer = ready.shift()!;
      const state = stateOf(dealer);
      state.ready = false;
      void run(dealer, state, worker.handler);
    }
    notify();
  };

  const run = async (dealer: string, state: DealerState, handler: PublishHandler) => {
    const job = state.pending ? mergeJobs(state.taken, state.pending) : state.taken;
    state.pending = undefined;
    if (!job) return;
    state.taken = job;
    state.running = true;
    state.tries += 1;
    running += 1;
    try {
      await handler(job);
      state.taken = undefined;
      state.tries = 0;
      state.lastSuccessAt = now().toISOString();
    } catch (error) {
      const willRetry = state.tries < retry.attempts;
      state.lastFailure = { at: now().toISOString(), error: errorText(error), tries: state.tries, willRetry, job };
      log(
        `publish ${dealer}: try ${state.tries} of ${retry.attempts} failed${willRetry ? ', will retry' : ', giving up until its next request'}: ${errorText(error)}`,
      );
      if (willRetry) {
        state.retryTimer = setTimeout(
          () => {
            state.retryTimer = undefined;
            makeReady(dealer, state);
            pump();
          },
          retryDelayMs(retry, state.tries),
        );
      } else {
        state.tries = 0;
      }
    } finally {
      state.running = false;
      running -= 1;
      if (state.pending) makeReady(dealer, state);
      pump();
    }
  };

  /** Nothing due, waiting or running (after close, nothing running: nothing will run again). */
  const isIdle = () => running === 0 && (closed || (ready.length === 0 && [...dealers.values()].every((state) => !state.retryTimer && !state.pending)));

  const queue: PublishQueue = {
    request(request: PublishRequest) {
      // Inside the executor, a bad request rejects the promise rather than throwing.
      return new Promise<void>((resolve) => {
        if (closed) throw new Error('publish queue: closed');
        const job: PublishJob = { ...parsePublishRequest(request), requestedAt: now().toISOString() };
        const state = stateOf(job.dealer);
        state.pending = mergeJobs(state.pending, job);
        makeReady(job.dealer, state);
        pump();
        resolve();
      });
    },

    work(handler, { concurrency = 1 } = {}) {
      if (closed) return Promise.reject(new Error('publish queue: closed'));
      if (worker) return Promise.reject(new Error('publish queue: already working (the in-process queue has one worker; raise its concurrency instead)'));
      if (!Number.isInteger(concurrency) || concurrency < 1)
        return Promise.reject(new Error(`publish queue: concurrency must be a whole number of at least 1 (got ${concurrency})`));
      const mine = { handler, concurrency };
      worker = mine;
      pump();
      return Promise.resolve(async () => {
        if (worker === mine) worker = undefined;
        while (running > 0) await nextChange();
      });
    },

    status() {
      const result = new Map<string, PublishStatus>();
      for (const [dealer, state] of dealers) {
        result.set(dealer, {
          dealer,
          queued: Boolean(state.pending || state.retryTimer),
          running: state.running,
          ...(state.lastSuccessAt ? { lastSuccessAt: state.lastSuccessAt } : {}),
          ...(state.lastFailure ? { lastFailure: state.lastFailure } : {}),
        });
      }
      return Promise.resolve(result);
    },

    async idle() {
      while (!isIdle()) await nextChange();
    },

    async close() {
      closed = true;
      worker = undefined;
      for (const state of dealers.values()) {
        clearTimeout(state.retryTimer);
        state.retryTimer = undefined;
      }
      while (running > 0) await nextChange();
      notify();
    },
  };
  return queue;
}
