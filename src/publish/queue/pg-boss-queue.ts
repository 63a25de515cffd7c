/**
 * The publish queue on Postgres (DATABASE_URL), on pg-boss 10: any number of workers on any
 * number of machines share it. Why it is built this way: docs/decisions/publish-queue.md.
 *
 * pg-boss carries one job per dealer at a time (a queue with the `stately` policy, keyed by the
 * dealer's slug): it makes it durable, hands it to exactly one worker (FOR UPDATE SKIP LOCKED),
 * retries it with backoff, fails it when its worker dies (expiry), and keeps the failure.
 * What the job must do lives beside it in one table of ours, a row per dealer:
 *
 *   pending    requests no run has taken yet, merged (reasons, changed cars, oldest time)
 *   taken      what the running (or last failed) run works on
 *   owner_job  the one pg-boss job that owns the dealer while it is queued, running or waiting to retry
 *
 * A request merges into `pending` and sends a job only when the dealer has no live owner, so a
 * dealer never has a job waiting behind its own running one. That matters: in pg-boss 10 a
 * stately job queued behind a running one of the same key makes every worker's fetch fail until
 * the running job ends (the fetch's update breaks the one-active-per-key index), stalling all
 * other dealers. When a run ends, its worker sends the dealer's next job if requests came in
 * meanwhile: many requests during a run make one more run, with all their reasons.
 */
import type { Pool, PoolClient } from 'pg';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { errorText, mergeJobs, parsePublishRequest, publishJobSchema, retryOptions, type PublishJob, type PublishRequest, type RetryOptions } from './job';
import type { PublishFailure, PublishHandler, PublishQueue, PublishStatus } from './types';

/** The pg-boss queue's name. */
export const QUEUE = 'publish';

export interface PgBossQueueOptions {
  databaseUrl: string;
  retry?: Partial<RetryOptions>;
  log?: (line: string) => void;
  /** Postgres schema for pg-boss's tables and ours (default `publish_queue`; tests use one per test). */
  schema?: string;
  /** How often a worker with free slots looks for jobs, and idle() looks again (default 2000 ms). */
  pollIntervalMs?: number;
  /**
   * A running job not finished after this long counts as dead (its worker killed) and is tried
   * again by another worker (default 900 s, 15 minutes). Keep it above the longest publish: a
   * live run past it gets a second run beside it.
   */
  expireInSeconds?: number;
  /** How often pg-boss looks for expired jobs (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** Connections in this process's pool (default 10). */
  poolSize?: number;
}

const LIVE_STATES = new Set(['created', 'retry', 'active']);

const tokenSchema = z.object({ dealer: z.string().min(1) });
const failureSchema = z.object({
  at: z.string(),
  error: z.string(),
  tries: z.number().int(),
  willRetry: z.boolean(),
  job: publishJobSchema,
});

/** A dealer's row, read into JavaScript. */
interface DealerRecord {
  dealer: string;
  pending?: PublishJob;
  taken?: PublishJob;
  ownerJob?: string;
  startedAt?: string;
  /** pg-boss's retry count of the try that started, to notice a try superseded after expiry. */
  startedTry?: number;
  lastSuccessAt?: string;
  lastFailure?: PublishFailure;
}

interface DealerRow {
  dealer: string;
  pending: unknown;
  taken: unknown;
  owner_job: string | null;
  started_at: Date | null;
  started_try: number | null;
  last_success_at: Date | null;
  last_failure: unknown;
}

export async function createPgBossPublishQueue(options: PgBossQueueOptions): Promise<PublishQueue> {
  const retry = retryOptions(options.retry);
  if (!Number.isInteger(retry.delaySeconds)) throw new Error(`publish queue: on Postgres retry.delaySeconds must be whole seconds (got ${retry.delaySeconds})`);
  const schema = options.schema ?? 'publish_queue';
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(schema)) throw new Error(`publish queue: bad schema name "${schema}"`);
  const log = options.log ?? (() => {});
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const expireInSeconds = options.expireInSeconds ?? 900;
  const maintenanceIntervalSeconds = options.maintenanceIntervalSeconds ?? 60;
  const table = `${schema}.publish_dealers`;

  const { default: pg } = await import('pg');
  const { default: PgBossClass } = await import('pg-boss');
  const pool: Pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, application_name: 'publish-queue' });
  pool.on('error', (error) => log(`publish queue: idle database connection failed: ${error.message}`));
  const boss = new PgBossClass({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds,
  });
  boss.on('error', (error) => log(`publish queue: pg-boss: ${error.message}`));

  try {
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });
    const created = await boss.getQueue(QUEUE);
    if (created?.policy !== 'stately')
      throw new Error(`publish queue: the pg-boss queue "${QUEUE}" in schema ${schema} has policy ${created?.policy}, not stately`);
    // Several workers may start at once: one creates the table, the others wait for it.
    await pool.query(`BEGIN;
      SELECT pg_advisory_xact_lock(hashtext('${table}'));
      CREATE TABLE IF NOT EXISTS ${table} (
        dealer text PRIMARY KEY,
        pending jsonb,
        taken jsonb,
        owner_job uuid,
        started_at timestamptz,
        started_try integer,
        last_success_at timestamptz,
        last_failure jsonb
      );
      COMMIT;`);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await pool.end().catch(() => {});
    throw error;
  }

  const wakers = new Set<() => void>();
  const wakeWorkers = () => {
    for (const wake of wakers) wake();
  };
  const stops = new Set<() => Promise<void>>();

  async function transaction<T>(work: (client: PoolClient, db: PgBoss.Db) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client, { executeSql: (text, values) => client.query(text, values) });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** The dealer's row, created if new, locked until the transaction ends. */
  async function lockDealer(client: PoolClient, dealer: string): Promise<DealerRecord> {
    await client.query(`INSERT INTO ${table} (dealer) VALUES ($1) ON CONFLICT (dealer) DO NOTHING`, [dealer]);
    const { rows } = await client.query<DealerRow>(`SELECT * FROM ${table} WHERE dealer = $1 FOR UPDATE`, [dealer]);
    return fromRow(rows[0]!);
  }

  async function save(client: PoolClient, record: DealerRecord): Promise<void> {
    await client.query(
      `UPDATE ${table} SET pending = $2, taken = $3, owner_job = $4, started_at = $5, started_try = $6, last_success_at = $7, last_failure = $8 WHERE dealer = $1`,
      [
        record.dealer,
        json(record.pending),
        json(record.taken),
        record.ownerJob ?? null,
        record.startedAt ?? null,
        record.startedTry ?? null,
        record.lastSuccessAt ?? null,
        json(record.lastFailure),
      ],
    );
  }

  /** Queues the dealer's next job in pg-boss (in the caller's transaction); null if one is already queued. */
  function sendJob(db: PgBoss.Db, dealer: string): Promise<string | null> {
    return boss.send(
      QUEUE,
      { dealer },
      { singletonKey: dealer, retryLimit: retry.attempts - 1, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff, expireInSeconds, db },
    );
  }

  /**
   * Whether the record's owner job is still queued, running or waiting to retry. One that is
   * not (its worker died on the last try and pg-boss failed it by expiry, or it was removed)
   * lets go of the dealer here, its failure recorded if no worker could record it.
   */
  async function ownerIsLive(db: PgBoss.Db, record: DealerRecord): Promise<boolean> {
    if (!record.ownerJob) return false;
    const job = await boss.getJobById<unknown>(QUEUE, record.ownerJob, { db, includeArchive: true });
    if (job && LIVE_STATES.has(job.state)) return true;
    const work = record.taken ?? record.pending;
    if (job?.state === 'failed' && work && record.startedAt) {
      const at = (job.completedOn ?? new Date()).toISOString();
      const error = `${outputMessage(job.output) ?? 'the job failed'} (its worker stopped answering)`;
      record.lastFailure = { at, error, tries: job.retryCount + 1, willRetry: false, job: work };
      log(`publish ${record.dealer}: given up after ${job.retryCount + 1} tries: ${error}`);
    }
    record.ownerJob = undefined;
    record.startedAt = undefined;
    record.startedTry = undefined;
    return false;
  }

  async function runJob(job: PgBoss.JobWithMetadata<unknown>, handler: PublishHandler): Promise<void> {
    const token = tokenSchema.safeParse(job.data);
    if (!token.success) {
      await boss.fail(QUEUE, job.id, { message: 'not a publish job: its data names no dealer' });
      return;
    }
    const { dealer } = token.data;
    const tries = job.retryCount + 1;
    const lastTry = job.retryCount >= job.retryLimit;

    const work = await transaction(async (client, db) => {
      const record = await lockDealer(client, dealer);
      if (record.ownerJob !== job.id) {
        if (await ownerIsLive(db, record)) {
          // Another job runs or waits for this dealer and will take every request: this one is spare.
          await boss.complete(QUEUE, job.id, { skipped: `job ${record.ownerJob} owns ${dealer}` }, { db });
          return undefined;
        }
        record.ownerJob = job.id;
      } else if (record.startedAt && record.taken && record.startedTry !== job.retryCount) {
        // This job's previous try started and never ended: its worker died, and pg-boss expired it.
        const error = `try ${job.retryCount} stopped answering for ${expireInSeconds} s (its worker died, or the run outlived expireInSeconds)`;
        record.lastFailure = { at: new Date().toISOString(), error, tries: job.retryCount, willRetry: true, job: record.taken };
        log(`publish ${dealer}: ${error}; trying again`);
      }
      const next = record.pending ? mergeJobs(record.taken, record.pending) : record.taken;
      if (!next) {
        await boss.complete(QUEUE, job.id, { skipped: 'nothing to publish' }, { db });
        record.ownerJob = undefined;
        await save(client, record);
        return undefined;
      }
      Object.assign(record, { taken: next, pending: undefined, startedAt: new Date().toISOString(), startedTry: job.retryCount });
      await save(client, record);
      return next;
    });
    if (!work) return;

    let failure: { error: string } | undefined;
    try {
      await handler(work);
    } catch (error) {
      failure = { error: errorText(error) };
    }

    await transaction(async (client, db) => {
      const record = await lockDealer(client, dealer);
      if (record.ownerJob !== job.id || record.startedTry !== job.retryCount) {
        log(`publish ${dealer}: a run outlived its expiry (${expireInSeconds} s) and was taken over; its result is dropped`);
        return;
      }
      record.startedAt = undefined;
      record.startedTry = undefined;
      if (!failure) {
        record.taken = undefined;
        record.lastSuccessAt = new Date().toISOString();
        record.ownerJob = undefined;
        await boss.complete(QUEUE, job.id, {}, { db });
      } else {
        record.lastFailure = { at: new Date().toISOString(), error: failure.error, tries, willRetry: !lastTry, job: work };
        log(
          `publish ${dealer}: try ${tries} of ${job.retryLimit + 1} failed${lastTry ? ', giving up until its next request' : ', will retry'}: ${failure.error}`,
        );
        // pg-boss keeps the job: waiting to retry, or failed with this message once the tries are used up.
        await boss.fail(QUEUE, job.id, { message: failure.error }, { db });
        if (lastTry) record.ownerJob = undefined;
      }
      // Requests that came in during the run: one more run for all of them (with a failed job's work too).
      if (!record.ownerJob && record.pending) record.ownerJob = (await sendJob(db, dealer)) ?? undefined;
      await save(client, record);
    });
  }

  /** Hands dealers whose owner died for good to a new job, if requests wait. */
  async function sweep(): Promise<void> {
    const { rows } = await pool.query<{ dealer: string }>(`SELECT dealer FROM ${table} WHERE owner_job IS NOT NULL OR pending IS NOT NULL`);
    for (const { dealer } of rows) {
      await transaction(async (client, db) => {
        const record = await lockDealer(client, dealer);
        if (await ownerIsLive(db, record)) return;
        if (record.pending) record.ownerJob = (await sendJob(db, dealer)) ?? undefined;
        await save(client, record);
      });
    }
  }

  async function readStatus(): Promise<Map<string, PublishStatus>> {
    const { rows } = await pool.query<DealerRow>(`SELECT * FROM ${table} ORDER BY dealer`);
    const result = new Map<string, PublishStatus>();
    for (const record of rows.map(fromRow)) {
      result.set(record.dealer, {
        dealer: record.dealer,
        queued: Boolean(record.pending || (record.ownerJob && !record.startedAt)),
        running: Boolean(record.startedAt),
        ...(record.lastSuccessAt ? { lastSuccessAt: record.lastSuccessAt } : {}),
        ...(record.lastFailure ? { lastFailure: record.lastFailure } : {}),
      });
    }
    return result;
  }

  let closed = false;

  const queue: PublishQueue = {
    async request(request: PublishRequest) {
      if (closed) throw new Error('publish queue: closed');
      const job: PublishJob = { ...parsePublishRequest(request), requestedAt: new Date().toISOString() };
      await transaction(async (client, db) => {
        const record = await lockDealer(client, job.dealer);
        record.pending = mergeJobs(record.pending, job);
        // With a live owner (queued, running or waiting to retry), that job takes these requests when it starts or ends.
        if (!(await ownerIsLive(db, record))) record.ownerJob = (await sendJob(db, job.dealer)) ?? undefined;
        await save(client, record);
      });
      wakeWorkers();
    },

    work(handler, { concurrency = 1 } = {}) {
      if (closed) return Promise.reject(new Error('publish queue: closed'));
      if (!Number.isInteger(concurrency) || concurrency < 1)
        return Promise.reject(new Error(`publish queue: concurrency must be a whole number of at least 1 (got ${concurrency})`));
      const running = new Set<Promise<void>>();
      let stopping = false;
      let wake: (() => void) | undefined;
      const waker = () => wake?.();
      wakers.add(waker);
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });

      const loop = (async () => {
        let swept = 0;
        while (!stopping) {
          try {
            if (Date.now() - swept >= maintenanceIntervalSeconds * 1000) {
              swept = Date.now();
              await sweep();
            }
            const free = concurrency - running.size;
            const jobs = free > 0 ? await boss.fetch<unknown>(QUEUE, { batchSize: free, includeMetadata: true }) : [];
            for (const job of jobs) {
              const run: Promise<void> = runJob(job, handler)
                .catch((error: unknown) => log(`publish queue: job ${job.id} broke off: ${errorText(error)}`))
                .finally(() => {
                  running.delete(run);
                  waker();
                });
              running.add(run);
            }
            if (jobs.length > 0 && running.size < concurrency) continue;
          } catch (error) {
            log(`publish queue: looking for jobs failed: ${errorText(error)}`);
          }
          if (!stopping) await pause(pollIntervalMs);
        }
      })();

      const stop = async () => {
        stopping = true;
        waker();
        await loop;
        await Promise.all(running);
        wakers.delete(waker);
        stops.delete(stop);
      };
      stops.add(stop);
      return Promise.resolve(stop);
    },

    status: readStatus,

    async idle() {
      for (;;) {
        const { rows } = await pool.query(`SELECT 1 FROM ${table} WHERE pending IS NOT NULL OR owner_job IS NOT NULL LIMIT 1`);
        if (rows.length === 0 || closed) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, 200)));
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...stops].map((stop) => stop()));
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    },
  };
  return queue;
}

/** The message pg-boss keeps with a failed job: ours (`{message}`), or its expiry's (`{value: {message}}`). */
function outputMessage(output: unknown): string | undefined {
  const parsed = z.union([z.object({ message: z.string() }), z.object({ value: z.object({ message: z.string() }) })]).safeParse(output);
  if (!parsed.success) return undefined;
  return 'message' in parsed.data ? parsed.data.message : parsed.data.value.message;
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function fromRow(row: DealerRow): DealerRecord {
  const job = (value: unknown) => (value === null ? undefined : publishJobSchema.parse(value));
  return {
    dealer: row.dealer,
    pending: job(row.pending),
    taken: job(row.taken),
    ownerJob: row.owner_job ?? undefined,
    startedAt: row.started_at?.toISOString(),
    startedTry: row.started_try ?? undefined,
    lastSuccessAt: row.last_success_at?.toISOString(),
    lastFailure: row.last_failure === null ? undefined : failureSchema.parse(row.last_failure),
  };
}
