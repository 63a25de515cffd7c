/**
 * One /api/metrics for the platform when it runs as several processes (API_PROCESSES,
 * src/server/processes.ts: node:cluster, the first process delivering the outbox and publishing,
 * the forked ones serving). A scrape lands on whichever serving process the cluster hands the
 * connection to; that process asks the first, which gathers every process's metrics (its own, and
 * each serving process's over the cluster's IPC channel) and adds them up with prom-client's
 * AggregatorRegistry.aggregate: counters and histograms summed, each gauge as it declares. So
 * every scrape sees the whole platform, whichever process answers.
 *
 * A serving process that does not report within `reportWithinMs` is left out of that answer
 * (a process stuck or being replaced must not stop the scrape); its counts return with it. A
 * process that is replaced starts its counters from 0, which Prometheus's rate() reads as a
 * counter reset.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { gatherMetricsWith, registry, type MetricsPage } from './metrics';

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Serving → first: the platform's metrics, please. */
const ASK = 'platform-metrics:ask';
/** First → serving: the answer to an ASK. */
const ANSWER = 'platform-metrics:answer';
/** First → serving: your own metrics, please. */
const REPORT = 'platform-metrics:report';
/** Serving → first: its own metrics. */
const REPORTED = 'platform-metrics:reported';

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  page?: MetricsPage;
  error?: string;
}
interface Report {
  type: typeof REPORT;
  id: number;
}
interface Reported {
  type: typeof REPORTED;
  id: number;
  metrics?: MetricsJson;
}

const isMessage = <T extends { type: string; id: number }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as T).type === type && typeof (message as T).id === 'number';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * In the first process: answers serving processes' asks with the whole platform's metrics.
 * Asks that arrive while a gathering runs share it. Returns the function that stops answering.
 */
export function gatherForServingProcesses({ reportWithinMs = 1500 } = {}): () => void {
  let nextId = 0;
  const reports = new Map<number, (worker: Worker, metrics: MetricsJson | undefined) => void>();
  let gathering: Promise<MetricsPage> | undefined;

  const gatherAll = async (): Promise<MetricsPage> => {
    const id = nextId++;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker?.isConnected() === true);
    const own = registry.getMetricsAsJSON() as Promise<MetricsJson>;
    const theirs = await new Promise<MetricsJson[]>((resolve) => {
      const received: MetricsJson[] = [];
      const left = new Set(workers.map((worker) => worker.id));
      const finish = (): void => {
        clearTimeout(timer);
        reports.delete(id);
        resolve(received);
      };
      const timer = setTimeout(finish, reportWithinMs);
      reports.set(id, (worker, metrics) => {
        if (!left.delete(worker.id)) return;
        if (metrics) received.push(metrics);
        if (left.size === 0) finish();
      });
      if (left.size === 0) return finish();
      for (const worker of workers) worker.send({ type: REPORT, id } satisfies Report);
    });
    const total = AggregatorRegistry.aggregate([await own, ...theirs]);
    return { contentType: registry.contentType, body: await total.metrics() };
  };

  const onMessage = (worker: Worker, message: unknown): void => {
    if (isMessage<Reported>(message, REPORTED)) {
      reports.get(message.id)?.(worker, message.metrics);
      return;
    }
    if (!isMessage<Ask>(message, ASK)) return;
    gathering ??= gatherAll().finally(() => (gathering = undefined));
    gathering.then(
      (page) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, page } satisfies Answer),
      (error: unknown) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: errorText(error) } satisfies Answer),
    );
  };
  cluster.on('message', onMessage);
  return () => void cluster.off('message', onMessage);
}

/**
 * In a serving process: reports its own metrics when the first process asks, and makes
 * /api/metrics (platformMetrics) ask the first process for the whole platform's. An answer
 * not back within `answerWithinMs` fails the scrape rather than passing one process off as all.
 */
export function shareWithFirstProcess({ answerWithinMs = 5000 } = {}): () => void {
  const send = process.send?.bind(process);
  if (!send || !cluster.isWorker) throw new Error('shareWithFirstProcess: not a forked process of a cluster');
  let nextId = 0;
  const asks = new Map<number, (answer: Answer) => void>();

  const onMessage = (message: unknown): void => {
    if (isMessage<Answer>(message, ANSWER)) {
      asks.get(message.id)?.(message);
      return;
    }
    if (!isMessage<Report>(message, REPORT)) return;
    const { id } = message;
    void (registry.getMetricsAsJSON() as Promise<MetricsJson>).then(
      (metrics) => send({ type: REPORTED, id, metrics } satisfies Reported),
      () => send({ type: REPORTED, id } satisfies Reported),
    );
  };
  process.on('message', onMessage);

  gatherMetricsWith(
    () =>
      new Promise<MetricsPage>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          asks.delete(id);
          reject(new Error(`the first process did not answer within ${answerWithinMs} ms`));
        }, answerWithinMs);
        asks.set(id, (answer) => {
          clearTimeout(timer);
          asks.delete(id);
          if (answer.page) resolve(answer.page);
          else reject(new Error(answer.error ?? 'no metrics'));
        });
        send({ type: ASK, id } satisfies Ask);
      }),
  );
  return () => void process.off('message', onMessage);
}
