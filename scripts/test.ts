/**
 * npm test [-- --skip-build]: every check CI runs, stopping everything at the first failure.
 *
 * Two phases (scripts/test-plan.ts). First every step that needs no browser runs at once: the
 * builds, the unit tests on every core, and lint, type-check and the dealer and schema checks at
 * a lower priority. Then the browser tests run alone: beside the other steps they took four
 * times as long as alone (Chromium's pages, polls and timers stretch with every second they are
 * starved), and more than the others gained by overlapping them. Each step's output is kept in
 * test-results/<step>.log and printed whole when the step ends, so lines never interleave.
 * The end of every run prints each step's start and time and the ten slowest test files.
 *
 * Chromium is checked before anything else so nobody waits through a build to learn the browser
 * tests cannot run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { listDealerSlugs } from '../src/platform/config/load';
import { staleDealers } from '../src/build/stamps';
import { CHROMIUM_MISSING, findChromium } from './chromium';
import { checkPlan, fileTimings, formatSummary, slowestFiles, stepsReady, type FileTiming, type StepState, type TestStep } from './test-plan';

// An explicit CHROMIUM_PATH is used as given: falling back behind the user's back would hide a typo.
if (!findChromium()) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--skip-build');
if (unknown.length > 0) {
  console.error(`test: unknown argument ${unknown.join(' ')} (only --skip-build is accepted)`);
  process.exit(1);
}
const skipBuild = args.includes('--skip-build');

const RESULTS_DIR = 'test-results';
const vitestJson = (name: string): string[] => ['--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS_DIR}/${name}.json`];

const steps: TestStep[] = [
  { name: 'build', cmd: 'npm', args: ['run', 'build'], needs: [], background: false },
  { name: 'build:test-sites', cmd: 'npx', args: ['tsx', 'tests/browser/build-sites.ts'], needs: [], background: false },
  { name: 'schema', cmd: 'npx', args: ['tsx', 'scripts/write-schema.ts', '--check'], needs: [], background: true },
  { name: 'check:dealers', cmd: 'npm', args: ['run', 'check:dealers'], needs: [], background: true },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'], needs: [], background: true },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'], needs: [], background: true },
  // Normal priority: its tests have timeouts, and starved at low priority they passed them.
  {
    name: 'test:unit',
    cmd: 'npm',
    args: ['run', 'test:unit', '--', ...vitestJson('unit')],
    needs: [],
    background: false,
    report: `${RESULTS_DIR}/unit.json`,
  },
  {
    name: 'test:browser',
    cmd: 'npm',
    args: ['run', 'test:browser', '--', ...vitestJson('browser')],
    // Alone, after everything else: see the top of this file.
    needs: ['build', 'build:test-sites', 'schema', 'check:dealers', 'lint', 'typecheck', 'test:unit'],
    background: false,
    report: `${RESULTS_DIR}/browser.json`,
  },
];
checkPlan(steps);

/** --skip-build is a shortcut, not a way to test stale output: build anyway when anything changed. */
function skipReason(step: TestStep): string | undefined {
  if (step.name !== 'build' || !skipBuild) return undefined;
  return staleDealers(listDealerSlugs()).length === 0 ? '--skip-build and dist/ is up to date' : undefined;
}

// Lower priority for the steps off the longest chain; a child's own children inherit it.
const BACKGROUND_NICENESS = 10;

mkdirSync(RESULTS_DIR, { recursive: true });
for (const step of steps) if (step.report) rmSync(step.report, { force: true });

const began = performance.now();
const elapsed = (): number => (performance.now() - began) / 1000;
const states = new Map<string, StepState>(steps.map((s) => [s.name, 'waiting']));
const startedAt = new Map<string, number>();
const took = new Map<string, number>();
const running = new Map<string, ChildProcess>();

/** Each step runs in its own process group, so stopping it stops the Chromium and Astro processes it started too. */
function stopAll(signal: NodeJS.Signals): void {
  for (const child of running.values()) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}

function run(step: TestStep): Promise<number> {
  const log = path.join(RESULTS_DIR, `${step.name.replace(/[^\w.-]/g, '-')}.log`);
  const out = createWriteStream(log);
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    running.set(step.name, child);
    if (step.background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, BACKGROUND_NICENESS);
      } catch {
        // Not permitted here: the step still runs, only at normal priority.
      }
    }
    const keep = (chunk: Buffer): void => {
      chunks.push(chunk);
      out.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, signal) => {
      running.delete(step.name);
      out.end();
      const output = Buffer.concat(chunks).toString('utf8');
      const result = spawnError
        ? `could not start ${step.cmd}: ${spawnError.message}`
        : code === 0
          ? 'passed'
          : signal
            ? `stopped by ${signal}`
            : `exited with code ${code}`;
      console.log(
        `\n── ${step.name} (${step.cmd} ${step.args.join(' ')}): ${result} after ${(elapsed() - (startedAt.get(step.name) ?? 0)).toFixed(1)}s, full log in ${log}`,
      );
      process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
      resolve(spawnError ? 127 : (code ?? 128));
    });
  });
}

function readTimings(): FileTiming[] {
  return steps.flatMap((step) => {
    if (!step.report || !existsSync(step.report)) return [];
    try {
      return fileTimings(JSON.parse(readFileSync(step.report, 'utf8')), step.name, process.cwd());
    } catch {
      return [];
    }
  });
}

function summary(): string {
  const timings = steps.map((s) => ({
    name: s.name,
    state: states.get(s.name) ?? 'waiting',
    startedAt: startedAt.get(s.name),
    seconds: took.get(s.name) ?? 0,
  }));
  return formatSummary(timings, elapsed(), slowestFiles(readTimings()));
}

const heartbeat = setInterval(() => {
  const now = [...running.keys()].map((name) => `${name} ${(elapsed() - (startedAt.get(name) ?? 0)).toFixed(0)}s`);
  if (now.length > 0) console.log(`… ${elapsed().toFixed(0)}s: running ${now.join(', ')}`);
}, 60_000);

const failure = await new Promise<{ step: TestStep; code: number } | undefined>((resolve) => {
  const startReady = (): void => {
    for (const step of stepsReady(steps, states)) {
      const reason = skipReason(step);
      if (reason) {
        console.log(`\n── ${step.name}: skipped (${reason})`);
        states.set(step.name, 'skipped');
        continue;
      }
      states.set(step.name, 'running');
      startedAt.set(step.name, elapsed());
      console.log(`── ${step.name} started at ${elapsed().toFixed(1)}s${step.background ? ' (background priority)' : ''}`);
      void run(step).then((code) => {
        took.set(step.name, elapsed() - (startedAt.get(step.name) ?? 0));
        if (code !== 0) {
          states.set(step.name, 'failed');
          resolve({ step, code });
          return;
        }
        states.set(step.name, 'passed');
        startReady();
        if ([...states.values()].every((s) => s === 'passed' || s === 'skipped')) resolve(undefined);
      });
    }
    // A skipped step can make others ready without anything finishing.
    if (stepsReady(steps, states).length > 0) startReady();
  };
  startReady();
});
clearInterval(heartbeat);

if (failure) {
  const others = [...running.keys()];
  stopAll('SIGTERM');
  for (const name of others) {
    states.set(name, 'stopped');
    took.set(name, elapsed() - (startedAt.get(name) ?? 0));
  }
  console.log(`\n${summary()}`);
  console.error(
    `\nnpm test FAILED at "${failure.step.name}" (${failure.step.cmd} ${failure.step.args.join(' ')} exited with code ${failure.code}); its output is above and in ${RESULTS_DIR}/.` +
      (others.length > 0 ? ` Stopped ${others.join(', ')}.` : ''),
  );
  process.exit(failure.code);
}

console.log(`\n${summary()}`);
console.log('\nnpm test passed.');
