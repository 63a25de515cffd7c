/**
 * npx tsx scripts/bench/postcodes.ts [--runs 5]
 *
 * What a process's first postcode lookup costs the other requests it serves, and the lookups
 * themselves, per offline country (AU, US). Each run is a fresh Node process (the cost is once
 * per process), in one of four cases:
 * - `package`: the table parsed from the dataset package on the API's thread, as lookups did
 *   before the derived tables (the "before" figures);
 * - `fresh, asked at once`: an empty tables folder, the warm-up started and a lookup asked at
 *   once (the worst case: the lookup waits for a derivation at normal priority);
 * - `fresh, warmed`: an empty folder, the warm-up left to finish (when is the table ready), then
 *   the first lookup;
 * - `second start`: the folder the fresh runs left, as on every later start;
 * - `idle`: no lookup, the timers watched for 2.5 s: the machine's own noise, for scale (a
 *   busy machine's scheduler alone holds a process back tens of milliseconds now and then).
 *
 * Stall: the longest a 2 ms timer fired late while the first lookup (and any warm-up) was under
 * way, i.e. how long a trivial request arriving then would have waited; also
 * perf_hooks.monitorEventLoopDelay's max. Later lookups: 2,000 postcodes, one after another.
 * Node's own perf_hooks only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { Region } from '../../src/platform/config/regions';
import { derivedTables, offlineGeocoder, type Geocoder } from '../../src/providers/geocoding';
import { australianPostcodes, DATASETS, datasetKey, usZipCodes } from '../../src/providers/postcode-datasets';
import { tableFileName } from '../../src/providers/postcode-table-file';
import { postcodeTables } from '../../src/providers/postcode-tables';

type Case = 'idle' | 'package' | 'fresh-at-once' | 'fresh-warmed' | 'second';

interface RunResult {
  case: Case;
  country: Region;
  /** Longest a concurrent 2 ms timer waited past its time, from the start to the first answer. */
  stallMs: number;
  loopDelayMaxMs: number;
  /** From the warm-up's start to the table being on disk (fresh-warmed only). */
  readyMs?: number;
  firstLookupMs: number;
  laterP50Ms: number;
  laterMaxMs: number;
}

const CASES: Case[] = ['idle', 'package', 'fresh-at-once', 'fresh-warmed', 'second'];
const FIRST: Record<string, string> = { AU: '4000', US: '78745' };

/** A timer every 2 ms: the longest it waited past its time is what a trivial request would have. */
function watchStalls(): { stop(): { stallMs: number; loopDelayMaxMs: number } } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 2);
    last = now;
  }, 2);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      return { stallMs: Math.max(0, worst), loopDelayMaxMs: histogram.max / 1e6 };
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function oneRun(which: Case, country: Region, dir: string): Promise<RunResult> {
  const dataset = DATASETS[country]!;
  const geocode: Geocoder =
    which === 'package' ? offlineGeocoder(country === 'AU' ? { AU: australianPostcodes } : { US: usZipCodes }) : offlineGeocoder(derivedTables(dir));
  await pause(100); // the process's own start settles before the clock runs
  const watch = watchStalls();
  await pause(20); // the event-loop histogram's first sample is only its baseline
  const started = performance.now();
  if (which === 'idle') {
    await pause(2500);
    return { case: which, country, ...watch.stop(), firstLookupMs: 0, laterP50Ms: 0, laterMaxMs: 0 };
  }
  let readyMs: number | undefined;
  if (which !== 'package') postcodeTables(dir).warm([country]);
  if (which === 'fresh-warmed') {
    const file = path.join(dir, tableFileName(country, datasetKey(dataset)));
    while (!existsSync(file)) await pause(5);
    readyMs = performance.now() - started;
  }
  const asked = performance.now();
  await geocode(FIRST[country]!, country);
  const firstLookupMs = performance.now() - asked;
  await pause(20); // the stall's last sample
  const { stallMs, loopDelayMaxMs } = watch.stop();

  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const postcode = String(Math.floor(Math.random() * 10 ** dataset.digits)).padStart(dataset.digits, '0');
    const at = performance.now();
    await geocode(postcode, country);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return {
    case: which,
    country,
    stallMs,
    loopDelayMaxMs,
    ...(readyMs !== undefined ? { readyMs } : {}),
    firstLookupMs,
    laterP50Ms: times[times.length >> 1]!,
    laterMaxMs: times[times.length - 1]!,
  };
}

const spread = (values: number[], digits = 1): string => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1]!;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted[sorted.length - 1]!.toFixed(digits)})`;
};

function main(): void {
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const self = fileURLToPath(import.meta.url);
  const results: RunResult[] = [];
  const root = mkdtempSync(path.join(os.tmpdir(), 'postcode-bench-'));
  try {
    for (let run = 0; run < runs; run++) {
      for (const country of ['AU', 'US'] as Region[]) {
        // Fresh runs get an empty folder; the second start reads what the fresh-warmed run left.
        const dir = path.join(root, `${run}-${country}`);
        for (const which of CASES) {
          if (which.startsWith('fresh') || which === 'idle') rmSync(dir, { recursive: true, force: true });
          const child = spawnSync(process.execPath, ['--import', tsx, self, '--one', which, country, dir], { encoding: 'utf8' });
          const line = child.stdout.trim().split('\n').pop() ?? '';
          if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${which} ${country} failed: ${child.stderr}`);
          results.push(JSON.parse(line) as RunResult);
        }
        if (readdirSync(dir).some((name) => name.endsWith('.tmp'))) throw new Error(`a partial table was left in ${dir}`);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`${runs} runs each, median (min–max), ms; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
  console.log('country | case | stall (2 ms timer) | event-loop delay max | table ready | first lookup | later p50 | later max');
  for (const country of ['AU', 'US']) {
    for (const which of CASES) {
      const mine = results.filter((r) => r.country === country && r.case === which);
      const ready = mine.map((r) => r.readyMs).filter((ms) => ms !== undefined);
      console.log(
        [
          country,
          which,
          spread(mine.map((r) => r.stallMs)),
          spread(mine.map((r) => r.loopDelayMaxMs)),
          ready.length > 0 ? spread(ready, 0) : '',
          spread(mine.map((r) => r.firstLookupMs)),
          spread(
            mine.map((r) => r.laterP50Ms),
            4,
          ),
          spread(
            mine.map((r) => r.laterMaxMs),
            3,
          ),
        ].join(' | '),
      );
    }
  }
}

const one = process.argv.indexOf('--one');
if (one > 0) {
  const [which, country, dir] = process.argv.slice(one + 1) as [Case, Region, string];
  void oneRun(which, country, dir).then((result) => {
    console.log(JSON.stringify(result));
    process.exit(0);
  });
} else {
  main();
}
