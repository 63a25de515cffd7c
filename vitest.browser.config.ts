import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against built dealer sites served by the platform's
// own server; one worker keeps two cores free enough for Chromium.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['tests/browser/global-setup.ts'],
  },
});
