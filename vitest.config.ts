import { defineConfig } from 'vitest/config';

// Unit tests live beside the code; tests/conformance holds the search-engine conformance table.
// Browser tests (tests/browser) have their own config.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
    environment: 'node',
  },
});
