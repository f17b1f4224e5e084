import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // argon2 hashing and starting PGlite take real time; integration suites do both often.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
