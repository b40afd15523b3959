import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { useRamTmpdir } from './tests/helpers/ram-tmpdir';
import { useSeedCache } from './tests/helpers/seed-cache';

// Test databases in memory-backed files when the machine has /dev/shm (tests/helpers/ram-tmpdir.ts).
useRamTmpdir();
// One folder of seeded SQLite templates for the whole run, shared by the workers (decision 0063).
useSeedCache();

/**
 * The projects on SQLite, one per kind of test: `npm run test:<name>` runs exactly one of them
 * (`vitest run --project <name>`), `npm test` all. Every include pattern appears in exactly one of them.
 */
const SQLITE_PROJECTS = {
  /** Pure rules, formatting, the seed, the build plugins, web helpers, the lint guard rails: no server. */
  unit: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.ts', 'db/**/*.test.ts'],
  /** The real server over HTTP on a fresh SQLite file (GraphQL, REST, mail, eID), and two processes on one file. */
  api: ['tests/api/**/*.test.ts', 'tests/cluster/**/*.test.ts'],
  /** Hostile input, abuse limits, the cross-member access matrix, login abuse. */
  security: ['tests/security/**/*.test.ts'],
  /** SIGKILL cycles, concurrent writers, backup under load. */
  durability: ['tests/durability/**/*.test.ts'],
} as const;
/**
 * Suites that stay on SQLite, each with its reason (docs/decisions/0013-two-engines.md "Which tests run on both
 * engines"). Every other API, cluster, security and crash-cycle suite runs on PostgreSQL too: found by the globs of
 * POSTGRES_INCLUDE, so a new suite runs on both engines unless it is named here.
 */
const SQLITE_ONLY: Record<string, string> = {
  'tests/api/graphql/production.test.ts': "holds SQLite's write lock to prove a busy database answers 503",
  'tests/api/served-config.test.ts': 'the index pages and their configuration block; no table is read beyond what every suite reads',
  'tests/api/services-once.test.ts': 'counts how often the services are built per process; the engine plays no part',
  'tests/api/tenant-offers.test.ts': 'refusals of the regional tenant before any database access',
  'tests/security/access-matrix.completeness.test.ts': 'no server: the schema files and the REST registry only',
  'tests/durability/backup.test.ts': "SQLite's own online backup",
  'tests/durability/migration-rebuild.test.ts': "SQLite's table rebuilds of the migrations",
};

/** Where the PostgreSQL project finds its suites (less SQLITE_ONLY). */
const POSTGRES_INCLUDE = ['tests/api/**/*.test.ts', 'tests/cluster/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/durability/**/*.test.ts'];

/**
 * Unit and server-integration tests. Browser tests are Playwright's (tests/e2e, playwright.config.ts).
 * Integration tests start the real server on 127.0.0.1 with a port chosen at run time and a fresh database.
 *
 * Projects: unit, api, security and durability run on SQLite files (SQLITE_PROJECTS); "postgres" runs
 * the suites of POSTGRES_INCLUDE (less SQLITE_ONLY) again on a throw-away PostgreSQL server (tests/helpers/postgres-global-setup.ts, installed with
 * apt-get when missing; a failure to start it fails the run). `npm run test:api` runs api and postgres.
 */
export default defineConfig({
  // The contract module web, server and db share (docs/decisions/0012-contract-module.md).
  resolve: { alias: { '@contract': fileURLToPath(new URL('./schema/contract', import.meta.url)) } },
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker process loads the server's modules once and runs file after file with them (each file still gets its
    // own servers and databases): the import took 360 of 665 s before. Proven by runs with the files shuffled
    // (`--sequence.shuffle.files`): docs/decisions/0063-test-speed.md.
    isolate: false,
    // One worker more than cores. Vitest's own default in a run is cores − 1, which is a single worker on this 2-core
    // machine: every file then ran one after the other while the second core mostly idled (the servers under test
    // run inside the worker's process, the shared PostgreSQL server beside them). With one per core the cores were
    // still idle 8 % of the time, while a worker waited on a process it had started or on PostgreSQL; the extra
    // worker runs another file meanwhile (docs/decisions/0063-test-speed.md).
    maxWorkers: availableParallelism() + 1,
    // A larger young generation for the workers' V8 than its default: the hostile-input
    // suites build many large short-lived strings and bodies, and scavenges took a fifth of their CPU time; with
    // 32 MiB the same 2,000 generated requests ran 10 to 15 % faster (docs/decisions/0063-test-speed.md).
    execArgv: ['--max-semi-space-size=32'],
    projects: [
      ...Object.entries(SQLITE_PROJECTS).map(([name, include]) => ({
        extends: true as const,
        test: { name, include: [...include], env: { DATABASE_URL: '' } },
      })),
      {
        extends: true,
        test: {
          name: 'postgres',
          // Every request crosses a socket to the shared PostgreSQL server: the login-abuse and durability suites need
          // more than the default 30 s on the loaded 2-core machine.
          testTimeout: 90_000,
          include: POSTGRES_INCLUDE,
          exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', ...Object.keys(SQLITE_ONLY)],
          globalSetup: ['tests/helpers/postgres-global-setup.ts'],
          setupFiles: ['tests/helpers/postgres-setup.ts'],
          // The hostile-input suites run a smaller generated volume on PostgreSQL (every operation and REST method is
          // still exercised; the full volume runs on SQLite): docs/security.md, docs/decisions/0013-two-engines.md.
          env: { FUZZ_GRAPHQL_RUNS: '100', FUZZ_MALFORMED: '250', FUZZ_RUNS: '250', MATRIX_RUNS: '50', DURABILITY_KILLS: '8' },
        },
      },
    ],
  },
});
