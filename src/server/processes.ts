/**
 * The API as several processes on one machine (API_PROCESSES), for Postgres. Node's cluster
 * module shares one port between the serving processes, handing connections round-robin; the
 * first process serves nothing and runs the outbox worker, so deliveries (webhooks, files, mail)
 * never hold up a shopper's request, and a serving process that dies is started again while
 * the others keep answering.
 *
 * Embedded PGlite is one process's database, so with it the API is always one process (which
 * both serves and delivers). To scale past one machine, run more of them behind the load
 * balancer: every process is stateless apart from the database (and Redis for rate limits).
 */
import cluster from 'node:cluster';
import os from 'node:os';
import { createDeliveryHealth, type DeliveryHealth, type DeliveryProblem } from '../leads/delivery/outbox/health';
import { startPlatform, type Platform, type PlatformOptions } from './platform';
import { gatherForServingProcesses, shareWithFirstProcess } from '../platform/metrics/cluster';

export class ProcessCountError extends Error {}

/** A sensible ceiling: more processes than this on one machine only add memory and contention. */
export const MAX_API_PROCESSES = 64;

/**
 * How many processes serve the API: API_PROCESSES as a whole number, or `auto` for one per CPU
 * core; 1 when unset. On PGlite (no DATABASE_URL) it is always 1, with `warn` told why.
 */
export function apiProcessCount(env: NodeJS.ProcessEnv, { cores = os.availableParallelism(), warn = console.warn } = {}): number {
  const raw = env.API_PROCESSES?.trim();
  if (!raw) return 1;
  const count = raw === 'auto' ? cores : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_API_PROCESSES) {
    throw new ProcessCountError(`API_PROCESSES must be a whole number from 1 to ${MAX_API_PROCESSES}, or "auto"; got "${raw}"`);
  }
  if (count > 1 && !env.DATABASE_URL?.trim()) {
    warn(`API_PROCESSES=${raw}: the embedded lead database (PGlite) belongs to one process, so the API runs as one. Set DATABASE_URL to run several.`);
    return 1;
  }
  return count;
}

/** A message from the delivering process: the delivery paths failing right now. */
interface HealthMessage {
  type: 'delivery-health';
  problems: DeliveryProblem[];
}

const isHealthMessage = (message: unknown): message is HealthMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'delivery-health' &&
  Array.isArray((message as HealthMessage).problems);

/** A DeliveryHealth that only repeats what the delivering process last said. */
function mirroredHealth(): DeliveryHealth & { replace(problems: DeliveryProblem[]): void } {
  let current: DeliveryProblem[] = [];
  return {
    failed: () => undefined,
    succeeded: () => undefined,
    problems: () => current,
    replace(problems) {
      current = problems;
    },
  };
}

/** What the first process decided (which dealers were built and are served), for the ones it forks. */
export interface ServingPlan {
  dealers: string[];
  defaultDealer: string;
}

const PLAN_ENV = 'API_PROCESS_PLAN';

/** In a forked serving process: the plan the first process passed on; undefined in the first process. */
export function servingPlan(env: NodeJS.ProcessEnv = process.env): ServingPlan | undefined {
  if (!cluster.isWorker) return undefined;
  const plan = JSON.parse(env[PLAN_ENV] ?? 'null') as ServingPlan | null;
  if (!plan || !Array.isArray(plan.dealers) || typeof plan.defaultDealer !== 'string') throw new Error(`${PLAN_ENV} is missing in a forked API process`);
  return plan;
}

/** How long a serving process gets to finish its requests when the platform stops. */
const STOP_DEADLINE_MS = 10_000;

/** How often the delivering process tells the serving ones what is failing. */
const HEALTH_EVERY_MS = 1000;

export interface ProcessesOptions extends PlatformOptions {
  processes: number;
  log?: (line: string) => void;
}

/**
 * Starts the platform as `processes` serving processes and one delivering process, or as one
 * process that does both when `processes` is 1. Call it from the entry script in every process:
 * in the first it forks the others (which run the same script) and resolves once all listen;
 * in a forked one it serves. `server` is undefined in the first process of several.
 */
export async function startPlatformProcesses(options: ProcessesOptions): Promise<Platform> {
  const { processes, log = console.error, ...platform } = options;
  if (processes <= 1) return startPlatform(platform);

  if (cluster.isWorker) {
    const health = mirroredHealth();
    process.on('message', (message: unknown) => {
      if (isHealthMessage(message)) health.replace(message.problems);
    });
    // /api/metrics here answers for the whole platform, gathered by the first process.
    shareWithFirstProcess();
    return startPlatform({ ...platform, deliver: false, deliveryHealth: health });
  }

  const health = createDeliveryHealth();
  const delivering = await startPlatform({ ...platform, serve: false, deliveryHealth: health });
  // Its own metrics (deliveries, the outbox backlog, builds and publishing) and the serving processes'.
  const stopGathering = gatherForServingProcesses();
  let closing = false;
  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const plan: ServingPlan = { dealers: [...platform.dealers], defaultDealer: platform.defaultDealer };
      const worker = cluster.fork({ [PLAN_ENV]: JSON.stringify(plan) });
      worker.once('listening', () => resolve());
      worker.once('exit', (code, signal) => {
        if (closing) return;
        reject(new Error(`an API process stopped before it listened (${signal ?? `exit ${code}`})`));
      });
    });
  // Once all have started, a serving process that dies is replaced; one that cannot start stops the start.
  let started = false;
  cluster.on('exit', (worker, code, signal) => {
    if (closing || !started) return;
    log(`API process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
    void fork().catch((error: unknown) => log(`Could not start an API process: ${error instanceof Error ? error.message : String(error)}`));
  });
  const tell = (): void => {
    const message: HealthMessage = { type: 'delivery-health', problems: health.problems() };
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
  };
  const timer = setInterval(tell, HEALTH_EVERY_MS);
  timer.unref();
  cluster.on('online', tell);

  const stopWorkers = (): Promise<void> =>
    Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            // A process still starting, or stuck, is not waited for past the deadline.
            const deadline = setTimeout(() => worker.process.kill('SIGKILL'), STOP_DEADLINE_MS);
            worker.once('exit', () => {
              clearTimeout(deadline);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);

  try {
    await Promise.all(Array.from({ length: processes }, fork));
    started = true;
  } catch (error) {
    closing = true;
    clearInterval(timer);
    stopGathering();
    await stopWorkers();
    await delivering.close();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    server: undefined,
    database: delivering.database,
    close: () =>
      (stopped ??= (async () => {
        closing = true;
        clearInterval(timer);
        stopGathering();
        await stopWorkers();
        await delivering.close();
      })()),
  };
}

/** In a forked serving process: stop cleanly when the first process says so. */
export function stopOnSignal(platform: Platform): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void platform.close().then(() => process.exit(0)));
}
