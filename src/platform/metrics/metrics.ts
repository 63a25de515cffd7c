/**
 * The platform's Prometheus metrics (docs/decisions/metrics.md), the one place that knows
 * prom-client: callers record events through the functions here, and /api/metrics reads
 * `platformMetrics()`.
 *
 * Label values are bounded on purpose. A dealer label is a slug some dealer file names (told here
 * with `knowDealers` by whoever lists the dealers), and anything else is `other`, so neither a
 * stranger's Host nor a stale row can add a series. Nothing about a shopper, a lead, a path or a
 * query is ever a label.
 *
 * Values that live elsewhere (the outbox in the database, the publish queue) are read when the
 * metrics are read, through a source the process that owns them registers, each cached a few
 * seconds and bounded in time (`cachedReading`), so a scrape costs at most one query per source.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric of this process. With several API processes, cluster.ts adds up all of theirs. */
export const registry = new Registry();

const knownDealers = new Set<string>();

/** Dealers whose slug may be a label value: the ones the dealer files name. */
export function knowDealers(slugs: Iterable<string>): void {
  for (const slug of slugs) knownDealers.add(slug);
}

/** A dealer as a label value: its slug when a dealer file names it, else `other`. */
export const dealerLabel = (slug: string | null | undefined): string => (slug && knownDealers.has(slug) ? slug : 'other');

let processMetricsStarted = false;

/** prom-client's default process metrics (CPU, memory, event loop lag, GC, handles); once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: registry });
}

/** A full build (npm start, npm run build), a first look without car pages, or a publish after a change. */
export type BuildKind = 'full' | 'first_look' | 'incremental';
export type Outcome = 'ok' | 'failed';

export const siteBuildSeconds = new Histogram({
  name: 'site_build_duration_seconds',
  help: 'Time to build or publish one dealer site, by dealer, kind (full, first_look, incremental) and outcome (ok, failed); its _count is the builds.',
  labelNames: ['dealer', 'kind', 'outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200],
  registers: [registry],
});

export function recordBuild(dealer: string, kind: BuildKind, outcome: Outcome, seconds: number): void {
  siteBuildSeconds.observe({ dealer: dealerLabel(dealer), kind, outcome }, seconds);
}

export const leadsAccepted = new Counter({
  name: 'leads_accepted_total',
  help: 'Leads stored (answered 2xx for the first time; a replayed request or a later step of the same lead is not counted again), by dealer and form kind.',
  labelNames: ['dealer', 'kind'] as const,
  registers: [registry],
});

/** `kind` is the lead's form, one of the form schemas' fixed list. */
export function recordLeadAccepted(dealer: string, kind: string): void {
  leadsAccepted.inc({ dealer: dealerLabel(dealer), kind });
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'dead';

export const leadDeliveries = new Counter({
  name: 'lead_deliveries_total',
  help: 'Outbox delivery attempts, by dealer, destination kind (folder, webhook, adf_email, shopper_reply) and outcome (delivered; failed and to be retried; dead).',
  labelNames: ['dealer', 'destination', 'outcome'] as const,
  registers: [registry],
});

/** `destination` is a destination kind from the outbox's fixed list, never a destination's address. */
export function recordDelivery(dealer: string, destination: string, outcome: DeliveryOutcome, count = 1): void {
  leadDeliveries.inc({ dealer: dealerLabel(dealer), destination, outcome }, count);
}

/** The search routes timed: a multi-search (what the sites send) or one index's search. */
export type SearchRoute = 'multi-search' | 'search';

export const searchSeconds = new Histogram({
  name: 'search_duration_seconds',
  help: 'Time the embedded search API took to answer a search, by dealer and route (multi-search, search); rate-limited requests are not timed.',
  labelNames: ['dealer', 'route'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export function recordSearch(dealer: string, route: SearchRoute, seconds: number): void {
  searchSeconds.observe({ dealer: dealerLabel(dealer), route }, seconds);
}

/** What the publish queue holds now: dealers with a run due, and dealers being published. */
export interface QueueDepth {
  queued: number;
  running: number;
}

/** The outbox rows still owed (pending, including ones waiting for a retry) and given up (dead). */
export interface OutboxBacklog {
  rows: { dealer: string; state: 'owed' | 'dead'; count: number }[];
  /** Age of the oldest owed row; 0 when none is owed. */
  oldestOwedSeconds: number;
}

export type Source<T> = () => Promise<T | undefined>;

let queueSource: Source<QueueDepth> | undefined;
let outboxSource: Source<OutboxBacklog> | undefined;

/** Registers where the publish queue's depth is read (the process working the queue); returns its removal. */
export function reportPublishQueue(source: Source<QueueDepth>): () => void {
  queueSource = source;
  return () => {
    if (queueSource === source) queueSource = undefined;
  };
}

/**
 * Registers where the outbox backlog is read. One process per platform does it (the delivering
 * one): the database is the same from every process, so a second reader would count it twice.
 */
export function reportOutboxBacklog(source: Source<OutboxBacklog>): () => void {
  outboxSource = source;
  return () => {
    if (outboxSource === source) outboxSource = undefined;
  };
}

export const publishQueueJobs = new Gauge({
  name: 'publish_queue_jobs',
  help: 'Publish queue depth: dealers with a publish due (queued or waiting for a retry) and dealers being published now.',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const depth = await queueSource?.();
    if (!depth) return;
    this.set({ state: 'queued' }, depth.queued);
    this.set({ state: 'running' }, depth.running);
  },
});

export const outboxDeliveries = new Gauge({
  name: 'lead_outbox_deliveries',
  help: 'Outbox backlog read from the lead database: deliveries still owed (state="owed") and given up after 72 hours (state="dead"), by dealer.',
  labelNames: ['dealer', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const backlog = await outboxSource?.();
    for (const row of backlog?.rows ?? []) this.inc({ dealer: dealerLabel(row.dealer), state: row.state }, row.count);
  },
});

export const outboxOldestOwed = new Gauge({
  name: 'lead_outbox_oldest_owed_seconds',
  help: 'Age of the oldest delivery still owed in the outbox; 0 when none is owed.',
  registers: [registry],
  // The largest across processes, though only the delivering one reads it.
  aggregator: 'max',
  async collect() {
    const backlog = await outboxSource?.();
    this.set(backlog?.oldestOwedSeconds ?? 0);
  },
});

export interface CachedReadingOptions {
  /** A reading this young is answered again without asking (default 5 s). */
  freshForMs?: number;
  /** Longer than this, the last reading is answered meanwhile (default 2 s); the read goes on. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * `read`, asked at most once per `freshForMs` and never waited on longer than `timeoutMs`: a slow
 * or failing read answers the last good reading (undefined before the first), so a scrape is
 * never held by the database. Reads never overlap.
 */
export function cachedReading<T>(read: () => Promise<T>, { freshForMs = 5000, timeoutMs = 2000, now = Date.now }: CachedReadingOptions = {}): Source<T> {
  let last: { value: T; at: number } | undefined;
  let reading: Promise<T | undefined> | undefined;
  return async () => {
    if (last && now() - last.at < freshForMs) return last.value;
    reading ??= read().then(
      (value) => {
        last = { value, at: now() };
        reading = undefined;
        return value;
      },
      () => {
        reading = undefined;
        return last?.value;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const value = await Promise.race([reading, late]);
    clearTimeout(timer);
    return value ?? last?.value;
  };
}

/** Metrics as Prometheus reads them. */
export interface MetricsPage {
  contentType: string;
  body: string;
}

/** This process's metrics alone. */
export const processMetrics = async (): Promise<MetricsPage> => ({ contentType: registry.contentType, body: await registry.metrics() });

let gather: () => Promise<MetricsPage> = processMetrics;

/** Where /api/metrics reads from: by default this process; a serving process of several asks the first (cluster.ts). */
export function gatherMetricsWith(source: () => Promise<MetricsPage>): void {
  gather = source;
}

/** The metrics of the whole platform, as /api/metrics answers them. */
export const platformMetrics = (): Promise<MetricsPage> => gather();
