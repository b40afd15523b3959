import { inject } from 'vitest';

// Runs in each test process of the "postgres" project before a test file is loaded: db/schema builds PostgreSQL tables
// and tests/helpers/test-db.ts creates each test's database on this server.
process.env.DATABASE_URL = inject('postgresUrl');
