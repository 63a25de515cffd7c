import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser tests drive Debian's Chromium against built dealer sites served by the platform's own
 * server (started once, in tests/browser/global-setup.ts, for every file).
 *
 * A browser test mostly waits (on pages, the server, the time trap a form keeps), so files run
 * three at a time. The files that change what other files see run after them, one at a time:
 * a stock import changes a dealer's prices and cars, a paid deposit marks a car reserved.
 */
const ONE_AT_A_TIME = ['tests/browser/stock-alerts.test.ts', 'tests/browser/checkout.test.ts'];

/**
 * Vitest starts the files it knows least about, then the largest, first. The accessibility file
 * is small but checks every page type of every dealer (90 pages, a few at a time): started
 * last, it would run on alone long after the others finish.
 */
const START_FIRST = ['tests/browser/accessibility.test.ts'];

class StartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification): boolean => START_FIRST.some((name) => file.moduleId.endsWith(name));
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}

// Each project repeats these rather than inheriting the root config: a project that inherits it
// would run the global setup again, starting a second pair of servers with its own database.
const shared = {
  environment: 'node',
  // A test counts as hung after three minutes. Under npm test a page shares two cores with the
  // unit tests, lint and type-check: one search page's axe check took 38 s in CI and a slower
  // one passed 60 s, though nothing was wrong with it.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // A poll waits on a real server and browser sharing two cores with the build's leftovers: the
  // first postcode lookup, say, reads its dataset and took over a second under CI load.
  expect: { poll: { timeout: 10_000 } },
  sequence: { sequencer: StartFirst },
  // Tests of one concurrent suite (the accessibility file's dealers) open this many pages at once.
  maxConcurrency: 2,
  // No browser test mocks a module or changes a global: files after the first in a worker reuse
  // its loaded modules (the dealer schema, stock and search code) instead of importing them again.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    globalSetup: ['tests/browser/global-setup.ts'],
    maxWorkers: 3,
    sequence: { sequencer: StartFirst },
    projects: [
      {
        test: { ...shared, name: 'browser', include: ['tests/browser/**/*.test.ts'], exclude: ONE_AT_A_TIME, sequence: { ...shared.sequence, groupOrder: 0 } },
      },
      { test: { ...shared, name: 'browser (one at a time)', include: ONE_AT_A_TIME, fileParallelism: false, sequence: { ...shared.sequence, groupOrder: 1 } } },
    ],
  },
});
