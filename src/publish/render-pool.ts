/**
 * A few render workers (src/publish/render-worker.ts), each a process with the site bundle loaded,
 * publishing one dealer at a time. A worker that dies fails the dealer it was publishing (the
 * served site stays as it was) and is replaced for the next one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SiteBundle } from './bundle';
import type { PublishOutcome } from './publish-site';
import type { WorkerJob, WorkerReply } from './render-worker';

export interface RenderPoolOptions {
  bundle: Pick<SiteBundle, 'entry' | 'clientDir'>;
  dealersDir: string;
  distDir: string;
  /** Workers at most; each renders one dealer at a time. */
  size: number;
  env?: NodeJS.ProcessEnv;
  /** The worker's module; tests pass a stand-in that speaks the same messages. */
  workerModule?: string;
  /**
   * Cores to pin the workers to, one per worker in turn (Linux's `taskset`): a worker and all its
   * threads then run on one core, as one worker per core or per build machine would. Unpinned by
   * default.
   */
  cpus?: readonly number[];
}

export interface RenderPool {
  /** Publishes the dealer's changed pages; `full` renders every page. */
  publish(slug: string, options?: { firstLook?: boolean; full?: boolean; signal?: AbortSignal }): Promise<PublishOutcome>;
  /**
   * Starts every worker and waits until each has loaded the bundle: the first publish after a
   * stock change then starts rendering at once instead of after a process start.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

const WORKER = fileURLToPath(new URL('./render-worker.ts', import.meta.url));

/**
 * V8's flags for a render worker. Rendering makes short-lived garbage by the megabyte a page;
 * semi-spaces of 64 MB (V8's default is 16) let more of it die before a scavenge copies it: about
 * 2 % less CPU a full render, measured on a loaded machine (docs/decisions/publishing.md).
 */
export const RENDER_WORKER_FLAGS = ['--max-semi-space-size=64'] as const;

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
  pending?: { id: number; resolve: (outcome: PublishOutcome) => void; reject: (error: Error) => void };
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const workers: Worker[] = [];
  const waiting: (() => void)[] = [];
  let nextId = 1;
  let closed = false;

  let spawned = 0;
  const spawnWorker = (): Worker => {
    const nodeArgs = ['--import', 'tsx', ...RENDER_WORKER_FLAGS];
    const cpu = options.cpus && options.cpus.length > 0 ? options.cpus[spawned % options.cpus.length] : undefined;
    spawned += 1;
    // fork runs `execPath ...execArgv module`: taskset then runs node on the core, keeping the IPC channel.
    const pinned = cpu === undefined ? {} : { execPath: 'taskset', execArgv: ['-c', String(cpu), process.execPath, ...nodeArgs] };
    const child = fork(options.workerModule ?? WORKER, [], {
      execArgv: nodeArgs,
      ...pinned,
      env: {
        ...(options.env ?? process.env),
        SITE_BUNDLE_ENTRY: options.bundle.entry,
        SITE_BUNDLE_CLIENT: options.bundle.clientDir,
        DEALERS_DIR: options.dealersDir,
        DIST_DIR: options.distDir,
        // Pages render as production pages whatever started the build (a test runner sets NODE_ENV=test).
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const output: string[] = [];
    const keep = (chunk: Buffer): void => {
      output.push(chunk.toString('utf8'));
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let markReady: () => void = () => undefined;
    const worker: Worker = { child, busy: false, ready: new Promise<void>((resolve) => (markReady = resolve)) };
    child.on('message', (message: WorkerReply | { ready: true }) => {
      if ('ready' in message) return markReady();
      const pending = worker.pending;
      if (!pending || pending.id !== message.id) return;
      worker.pending = undefined;
      if (message.ok) pending.resolve(message.outcome);
      else pending.reject(new Error(message.error));
    });
    child.on('exit', (code, signal) => {
      const index = workers.indexOf(worker);
      if (index >= 0) workers.splice(index, 1);
      const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
      worker.pending?.reject(new Error(`the render worker ${why}${output.length > 0 ? `:\n${output.join('').trimEnd()}` : ''}`));
      worker.pending = undefined;
      markReady();
      waiting.shift()?.();
    });
    workers.push(worker);
    return worker;
  };

  // Marks the worker busy before handing it over: two publishes asking at once get two workers.
  const take = async (): Promise<Worker> => {
    for (;;) {
      if (closed) throw new Error('the render pool is closed');
      const worker = workers.find((w) => !w.busy) ?? (workers.length < options.size ? spawnWorker() : undefined);
      if (worker) {
        worker.busy = true;
        return worker;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  return {
    async publish(slug, { firstLook, full, signal } = {}) {
      const worker = await take();
      try {
        await worker.ready;
        if (worker.child.exitCode !== null || worker.child.signalCode !== null) throw new Error('the render worker stopped before it was ready');
        const id = nextId++;
        const done = new Promise<PublishOutcome>((resolve, reject) => (worker.pending = { id, resolve, reject }));
        // Cancelling kills the worker: its half-written build is never swapped in.
        const cancel = (): void => void worker.child.kill('SIGTERM');
        signal?.addEventListener('abort', cancel, { once: true });
        const job: WorkerJob = { id, slug, ...(firstLook ? { firstLook } : {}), ...(full ? { full } : {}) };
        worker.child.send(job);
        try {
          return await done;
        } finally {
          signal?.removeEventListener('abort', cancel);
        }
      } finally {
        worker.busy = false;
        waiting.shift()?.();
      }
    },
    async warm() {
      while (workers.length < options.size) spawnWorker();
      await Promise.all(workers.map((worker) => worker.ready));
    },
    async close() {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
              worker.child.once('exit', () => resolve());
              worker.child.disconnect();
            }),
        ),
      );
    },
  };
}
