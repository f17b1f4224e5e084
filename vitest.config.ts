import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/cli', 'apps/server', 'apps/web', 'bench'],
  },
});
