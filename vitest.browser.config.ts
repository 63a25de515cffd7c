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
    // A poll waits on a real server and browser sharing two cores with the build's leftovers: the
    // first postcode lookup, say, reads its dataset and took over a second under CI load.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['tests/browser/global-setup.ts'],
  },
});
