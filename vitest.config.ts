import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src, scripts, the search-engine package and its conformance
// suite); tests/ holds cross-cutting tests. Browser tests (tests/browser) have their own config.
const include = [
  'src/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'packages/*/conformance/**/*.test.ts',
  'scripts/**/*.test.ts',
  'eslint/**/*.test.ts',
  'tests/**/*.test.ts',
];
const exclude = ['tests/browser/**', '**/node_modules/**'];

/**
 * A test file that replaces something every file shares (a mocked module, a stubbed or faked
 * global, the environment, a spied-on export) runs in a process of its own. Every other file
 * shares its worker's loaded modules with the files before it: a fresh process and module graph
 * per file cost about half of the unit tests' time, mostly importing the same zod schemas,
 * Hono and drizzle again.
 */
const CHANGES_SHARED_STATE =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|\bglobalThis\b|\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]|\bdelete process\.env\b|\bprocess\.(chdir|on)\(/;

function testFilesChangingSharedState(): string[] {
  return ['src', 'packages', 'scripts', 'eslint', 'tests']
    .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((rel) => path.posix.join(root, rel.split(path.sep).join('/'))))
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules/') && !file.startsWith('tests/browser/'))
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')))
    .sort();
}
const isolated = testFilesChangingSharedState();

export default defineConfig({
  test: {
    environment: 'node',
    // Property tests try 1,000 cases each, and under npm test every file shares two cores with
    // the builds and the browser tests: a test that derives a table in a child process at low
    // priority took over 30 s there without anything being wrong. A hang still fails, at 2 min.
    testTimeout: 120_000,
    // Vitest's default leaves a core idle on two; the tests wait on PGlite, files and child
    // processes often enough that one worker per core keeps both busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include, exclude: [...exclude, ...isolated], isolate: false } },
      { extends: true, test: { name: 'unit (own process)', include: isolated, exclude, isolate: true } },
    ],
  },
});
