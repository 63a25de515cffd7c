import { defineConfig } from 'vitest/config';

// Unit tests live beside the code; browser tests (tests/browser) have their own config.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
