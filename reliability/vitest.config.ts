import { defineConfig } from 'vitest/config';

// Attacks on a really started control plane: each suite runs its own server process, alone.
export default defineConfig({
  test: {
    name: 'reliability',
    include: ['**/*.reliability.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./support/figures-summary.ts'],
  },
});
