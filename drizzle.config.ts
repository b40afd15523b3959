import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the table definitions and writes SQL migrations to db/migrations (committed). */
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
  strict: true,
});
