import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most files wait on
    // timers, sockets and the database more than they compute, so both cores take a file.
    maxWorkers: 2,
    projects: ['packages/domain', 'packages/cli', 'apps/server', 'apps/web', 'bench'],
  },
});
