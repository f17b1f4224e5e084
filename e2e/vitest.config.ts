import { defineConfig } from 'vitest/config';

// Browser and API tests against a really started control plane serving the built console.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // Every browser test fails on a Content Security Policy violation.
    setupFiles: ['./support/csp-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at a time, each worker against its own server (support/global-setup.ts): the
    // files mostly wait on the simulated clusters' timers, and two kept the cores half idle.
    maxWorkers: 3,
  },
});
