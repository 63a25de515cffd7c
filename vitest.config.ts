import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src, scripts, the search-engine package and its conformance
// suite); tests/ holds cross-cutting tests. Browser tests (tests/browser) have their own config.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/conformance/**/*.test.ts',
      'scripts/**/*.test.ts',
      'eslint/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    exclude: ['tests/browser/**', '**/node_modules/**'],
    environment: 'node',
    // Property tests try 1,000 cases each; on a busy two-core machine one can pass 5 s without
    // anything being wrong. A hang still fails, at 30 s.
    testTimeout: 30_000,
  },
});
