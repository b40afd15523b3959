import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit for PostgreSQL: the same table description as drizzle.config.ts (db/schema, built as PostgreSQL tables
 * because `npm run db:generate` sets DATABASE_URL to a postgres:// URL for this run; db/schema/kit.ts), SQL migrations
 * to db/migrations-pg (committed). No database is contacted.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations-pg',
  casing: 'snake_case',
  strict: true,
});
