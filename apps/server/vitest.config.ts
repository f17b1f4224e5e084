import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test-support/native-addon.global-setup.ts'],
    // argon2 hashing and starting PGlite take real time; integration suites do both often.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file imports the whole server; evaluating it again for each of ~80 files cost CI minutes
    // of CPU. Files share a worker's modules instead: every test builds its own app and database,
    // and a test that changes process-wide state (env, fake clocks) puts it back itself.
    isolate: false,
  },
});
