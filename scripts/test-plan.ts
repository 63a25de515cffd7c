/**
 * What `npm test` runs and in what order, as plain data and pure functions (scripts/test.ts runs
 * the processes). A step starts as soon as the steps it needs have passed, so steps that do not
 * need each other run at once.
 */

export interface TestStep {
  name: string;
  cmd: string;
  args: string[];
  /** Steps that must have passed before this one starts. */
  needs: string[];
  /** Off the longest chain: runs at a lower CPU priority, taking only what the others leave. */
  background: boolean;
  /** A vitest JSON report the step writes, read for the slowest test files. */
  report?: string;
}

/** `stopped`: still running when another step failed, and stopped then. */
export type StepState = 'waiting' | 'running' | 'passed' | 'failed' | 'skipped' | 'stopped';

/** Steps whose needs have all passed (or were skipped) and that have not started. */
export function stepsReady(steps: readonly TestStep[], states: ReadonlyMap<string, StepState>): TestStep[] {
  const done = (name: string): boolean => states.get(name) === 'passed' || states.get(name) === 'skipped';
  return steps.filter((step) => states.get(step.name) === 'waiting' && step.needs.every(done));
}

/** Throws when a step needs one that is not in the plan, or the needs go round in a circle. */
export function checkPlan(steps: readonly TestStep[]): void {
  const names = new Set(steps.map((s) => s.name));
  for (const step of steps) {
    for (const need of step.needs) if (!names.has(need)) throw new Error(`test plan: ${step.name} needs ${need}, which is not a step`);
  }
  const states = new Map<string, StepState>(steps.map((s) => [s.name, 'waiting']));
  for (let ready = stepsReady(steps, states); ready.length > 0; ready = stepsReady(steps, states)) {
    for (const step of ready) states.set(step.name, 'passed');
  }
  const stuck = steps.filter((s) => states.get(s.name) === 'waiting').map((s) => s.name);
  if (stuck.length > 0) throw new Error(`test plan: ${stuck.join(', ')} can never start (their needs go round in a circle)`);
}

export interface FileTiming {
  file: string;
  seconds: number;
  step: string;
}

interface VitestJsonReport {
  testResults?: { name?: unknown; startTime?: unknown; endTime?: unknown }[];
}

/**
 * The time each test file took, from a vitest JSON report (`--reporter=json`): its end less its
 * start, which counts the file's own imports and hooks but not the wait for a worker.
 * `/repo/src/a.test.ts` is shown as `src/a.test.ts` when `root` is `/repo`.
 */
export function fileTimings(report: unknown, step: string, root: string): FileTiming[] {
  const results = (report as VitestJsonReport | null)?.testResults;
  if (!Array.isArray(results)) return [];
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return results.flatMap((result) => {
    const { name, startTime, endTime } = result;
    if (typeof name !== 'string' || typeof startTime !== 'number' || typeof endTime !== 'number') return [];
    return [{ file: name.startsWith(prefix) ? name.slice(prefix.length) : name, seconds: (endTime - startTime) / 1000, step }];
  });
}

export function slowestFiles(timings: readonly FileTiming[], count = 10): FileTiming[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, count);
}

export interface StepTiming {
  name: string;
  state: StepState;
  /** Seconds after the run began that the step started; undefined when it never did. */
  startedAt?: number;
  seconds: number;
}

const secs = (n: number): string => `${n.toFixed(1)}s`;

/**
 * The table printed at the end of every run:
 *
 *   step          result   start  took
 *   lint          passed    0.0s  61.2s
 *   …
 *   wall clock                    812.4s
 */
export function formatSummary(steps: readonly StepTiming[], wallSeconds: number, slowest: readonly FileTiming[]): string {
  const width = Math.max(10, ...steps.map((s) => s.name.length));
  const lines = ['Steps:', `  ${'step'.padEnd(width)}  ${'result'.padEnd(7)}  ${'start'.padStart(7)}  ${'took'.padStart(7)}`];
  for (const s of steps) {
    const start = s.startedAt === undefined ? '' : secs(s.startedAt);
    const took = s.startedAt === undefined ? '' : secs(s.seconds);
    lines.push(`  ${s.name.padEnd(width)}  ${s.state.padEnd(7)}  ${start.padStart(7)}  ${took.padStart(7)}`);
  }
  lines.push(`  ${'wall clock'.padEnd(width)}  ${''.padEnd(7)}  ${''.padStart(7)}  ${secs(wallSeconds).padStart(7)}`);
  if (slowest.length > 0) {
    lines.push('', `Slowest ${slowest.length} test files:`);
    const fileWidth = Math.max(...slowest.map((f) => f.file.length));
    for (const f of slowest) lines.push(`  ${secs(f.seconds).padStart(7)}  ${f.file.padEnd(fileWidth)}  (${f.step})`);
  }
  return lines.map((line) => line.trimEnd()).join('\n');
}
