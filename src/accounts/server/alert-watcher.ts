/**
 * The running server's part in alerts: it notices when a dealer's stock changes, as the search
 * API does (`stockVersion`: the imported file's time and size), and runs the alert job for that
 * dealer. `npm run stock:import` runs the job itself when it can open the database; while the
 * server holds the embedded one (PGlite), this is what sends the alerts, within a poll of the
 * import. Running the job twice for one stock is harmless: the second run finds nothing new.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { stockVersion } from '../../stock/server/store';
import { formatAlertSummary, runAlerts, type AlertRunSummary } from './alerts';

export interface AlertWatcherOptions {
  database: Pick<Database, 'db' | 'kind'>;
  dealers: readonly string[];
  /** The dealer's current config; undefined when this server no longer has the dealer. */
  configFor(slug: string): DealerConfig | undefined | Promise<DealerConfig | undefined>;
  env?: NodeJS.ProcessEnv;
  root?: string;
  /** How often stock versions are compared; 0 or less: never on its own, only checkOnce(). Default 60 s. */
  pollMs?: number;
  log?: (line: string) => void;
  /** The job (tests count its runs). */
  run?: typeof runAlerts;
}

export interface AlertWatcher {
  /** Runs the job for each dealer whose stock changed since the last completed run; resolves to those runs. */
  checkOnce(): Promise<AlertRunSummary[]>;
  stop(): Promise<void>;
}

export const ALERT_POLL_MS = 60_000;

/** ALERTS_POLL_MS from the environment: a whole number of milliseconds, 0 for off; else the default. */
export function alertPollMs(env: NodeJS.ProcessEnv): number {
  const raw = env.ALERTS_POLL_MS?.trim();
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : ALERT_POLL_MS;
}

export function startAlertWatcher(options: AlertWatcherOptions): AlertWatcher {
  const { database, dealers, env = process.env, root = process.cwd(), pollMs = ALERT_POLL_MS, log = console.log, run = runAlerts } = options;
  /** Per dealer, the stock version its last completed run saw. */
  const seen = new Map<string, string>();
  let checking: Promise<AlertRunSummary[]> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function check(): Promise<AlertRunSummary[]> {
    const runs: AlertRunSummary[] = [];
    for (const slug of dealers) {
      if (stopped) break;
      try {
        const site = await options.configFor(slug);
        if (!site) continue;
        const version = stockVersion(site, env);
        if (seen.get(slug) === version) continue;
        const summary = await run({ database, site, env, root, log });
        runs.push(summary);
        if (summary.busy) continue;
        seen.set(slug, version);
        if (summary.firstRun || summary.emailed > 0 || summary.failed > 0) log(formatAlertSummary(summary));
      } catch (error) {
        log(`alerts ${slug}: the run stopped and is tried again at the next check: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return runs;
  }

  function checkOnce(): Promise<AlertRunSummary[]> {
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  function schedule(): void {
    if (stopped || pollMs <= 0) return;
    timer = setTimeout(() => void checkOnce().finally(schedule), pollMs);
    timer.unref();
  }
  schedule();

  return {
    checkOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await checking?.catch(() => undefined);
    },
  };
}
