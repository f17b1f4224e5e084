import { defineConfig } from 'vitest/config';

// Browser and API tests against a really started control plane serving the built console.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // Every browser test fails on a Content Security Policy or an accessibility violation.
    setupFiles: ['./support/page-checks.ts'],
    // A test of several screens takes 50 s on two cores at half their speed (seen 2026-11-29).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time, each worker against its own server (support/global-setup.ts). Three
    // were slower on two cores (892 s against about 700 s) and a third server missed its start.
    maxWorkers: 2,
  },
});
