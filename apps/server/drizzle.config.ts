import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @meridian/server` writes a new migration after a schema change;
// both the PGlite and the PostgreSQL migrators apply the same files at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/platform/db/schema.ts',
    './src/platform/db/metering-schema.ts',
    './src/platform/db/jobs-schema.ts',
    './src/platform/db/keypair-schema.ts',
    './src/platform/db/limits-schema.ts',
    './src/platform/db/organization-schema.ts',
    './src/platform/db/secret-schema.ts',
    './src/platform/db/placement-schema.ts',
    './src/platform/db/simulator-schema.ts',
    './src/platform/db/lifecycle-schema.ts',
    './src/platform/db/monitoring-schema.ts',
  ],
  out: './src/platform/db/migrations',
});
