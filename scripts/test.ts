/**
 * npm test [-- --skip-build]: every check CI runs, in order, stopping at the first failure.
 * Cheapest and most likely-to-be-missing first: Chromium is checked before anything else so
 * nobody waits through lint and a build to learn the browser tests cannot run.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { listDealerSlugs } from '../src/platform/config/load';
import { staleDealers } from '../src/build/stamps';
import { CHROMIUM_MISSING, findChromium } from './chromium';

// (a) An explicit CHROMIUM_PATH is used as given: falling back behind the user's back would hide a typo.
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

interface Step {
  name: string;
  cmd: string;
  args: string[];
  /** Returns a reason to skip, checked just before the step would run. */
  skip?: () => string | undefined;
}

const steps: Step[] = [
  { name: 'schema', cmd: 'npx', args: ['tsx', 'scripts/write-schema.ts', '--check'] },
  { name: 'check:dealers', cmd: 'npm', args: ['run', 'check:dealers'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'test:unit', cmd: 'npm', args: ['run', 'test:unit'] },
  {
    name: 'build',
    cmd: 'npm',
    args: ['run', 'build'],
    skip: () => {
      if (!skipBuild) return undefined;
      const stale = staleDealers(listDealerSlugs());
      // --skip-build is a shortcut, not a way to test stale output: build anyway when anything changed.
      return stale.length === 0 ? '--skip-build and dist/ is up to date' : undefined;
    },
  },
  { name: 'test:browser', cmd: 'npm', args: ['run', 'test:browser'] },
];

let current: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    current = spawn(step.cmd, step.args, { stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`could not start ${step.cmd}: ${error.message}`);
      resolve(127);
    });
    current.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const timings: { name: string; result: string; seconds: number }[] = [];

function printSummary(): void {
  const width = Math.max(...steps.map((s) => s.name.length));
  console.log('\nSteps:');
  for (const t of timings) console.log(`  ${t.name.padEnd(width)}  ${t.result.padEnd(7)}  ${t.seconds.toFixed(1).padStart(6)}s`);
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(7)}  ${total.toFixed(1).padStart(6)}s`);
}

for (const [index, step] of steps.entries()) {
  const reason = step.skip?.();
  if (reason) {
    console.log(`\n── ${index + 1}/${steps.length} ${step.name}: skipped (${reason})`);
    timings.push({ name: step.name, result: 'skipped', seconds: 0 });
    continue;
  }
  console.log(`\n── ${index + 1}/${steps.length} ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = performance.now();
  const code = await run(step);
  const seconds = (performance.now() - started) / 1000;
  timings.push({ name: step.name, result: code === 0 ? 'ok' : 'FAILED', seconds });
  if (code !== 0) {
    printSummary();
    console.error(`\nnpm test FAILED at step ${index + 1}/${steps.length} "${step.name}" (${step.cmd} ${step.args.join(' ')} exited with code ${code}).`);
    process.exit(code);
  }
}

printSummary();
console.log('\nnpm test passed.');
