import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes a new migration from schema changes; the
// server applies pending migrations at start. Generating needs no database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  strict: true,
});
