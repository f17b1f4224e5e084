import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts'],
    // Each test runs the real binary against a real control plane.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
