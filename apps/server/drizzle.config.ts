import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @meridian/server` writes a new migration after a schema change;
// both the PGlite and the PostgreSQL migrators apply the same files at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/*.ts',
  out: './src/platform/db/migrations',
});
