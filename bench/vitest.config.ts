import { defineProject } from 'vitest/config';

// Only the table logic is unit-tested here; the benchmarks themselves are scripts, not tests.
export default defineProject({ test: { name: 'bench', include: ['*.test.ts'] } });
