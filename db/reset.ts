import pg from 'pg';

/**
 * Empties a PostgreSQL database of the portal: drops and recreates the `public` schema and drizzle's migration
 * journal, so the next `openDatabase` migrates from scratch (`npm run seed -- --reset`, `npm run restore`).
 * Everything in the schema is lost.
 */
export async function resetDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
