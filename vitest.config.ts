import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { useRamTmpdir } from './tests/helpers/ram-tmpdir';

// Test databases in memory-backed files when the machine has /dev/shm (tests/helpers/ram-tmpdir.ts).
useRamTmpdir();

/**
 * The projects on SQLite, one per kind of test (issue 12 item 5): `npm run test:<name>` runs exactly one of them
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
 * Suites that run on PostgreSQL too (issue 13 item 4): every API and security suite and the crash cycles, which reach
 * the database through the server, the query builder or tests/helpers/raw-sql.ts. Which stay SQLite-only and why
 * (production.test.ts holds SQLite's write lock; backup.test.ts and migration-rebuild.test.ts test SQLite's own tools):
 * docs/decisions/0013-two-engines.md ("Which tests run on both engines").
 */
const POSTGRES_SUITES = [
  'tests/api/fund-tokens.test.ts',
  'tests/api/fund-graphql.test.ts',
  'tests/api/fund-events.test.ts',
  'tests/api/fund-staff.test.ts',
  'tests/api/fund-claims.test.ts',
  'tests/api/fund-import.test.ts',
  'tests/security/fund-import-hostile-input.test.ts',
  'tests/api/fund-inbox.test.ts',
  'tests/api/own-contributions.test.ts',
  'tests/api/amount-fields.test.ts',
  'tests/api/sepa-pre-notification.test.ts',
  'tests/api/dashboard-pending-requests.test.ts',
  'tests/api/graphql/lockout.test.ts',
  'tests/api/graphql/session-keepalive.test.ts',
  'tests/api/mail.test.ts',
  'tests/api/jobs.test.ts',
  'tests/api/idempotency.test.ts',
  'tests/api/graphql-over-http.test.ts',
  'tests/api/graphql/entry-via-qr.test.ts',
  'tests/api/graphql/declared-access.test.ts',
  'tests/api/http-compression-caching.test.ts',
  'tests/api/tenant-voice.test.ts',
  'tests/security/slow-clients.test.ts',
  'tests/api/csrf.test.ts',
  'tests/api/client-log-limits.test.ts',
  'tests/api/security-audit.test.ts',
  'tests/api/graphql/login-flow-bad-input.test.ts',
  'tests/api/uploads.test.ts',
  'tests/api/file-name-migration.test.ts',
  'tests/api/abuse-limits.test.ts',
  'tests/api/captcha.test.ts',
  'tests/api/upload-form.test.ts',
  'tests/api/public-merge.test.ts',
  'tests/api/inbox.test.ts',
  'tests/api/forms.test.ts',
  'tests/api/inbox-mailbox.test.ts',
  'tests/api/insurance-number-a.test.ts',
  'tests/api/supervisory-board-inbox.test.ts',
  'tests/api/seed-cli.test.ts',
  'tests/api/signed-in-devices.test.ts',
  'tests/api/passkeys.test.ts',
  'tests/api/passkey-login.test.ts',
  'tests/security/graphql-hostile-input.test.ts',
  'tests/security/rest-hostile-input.test.ts',
  'tests/security/upload-hostile-input.test.ts',
  'tests/security/fund-inbox-hostile-input.test.ts',
  'tests/security/process-survival.test.ts',
  'tests/security/merge-application-hostile-input.test.ts',
  'tests/security/fund-token-hostile-input.test.ts',
  'tests/security/fund-graphql-hostile-input.test.ts',
  'tests/security/fund-claims-hostile-input.test.ts',
  'tests/security/calcprint-hostile-input.test.ts',
  'tests/security/graphql-abuse.test.ts',
  'tests/api/password.test.ts',
  'tests/api/registration.test.ts',
  'tests/api/public-origin.test.ts',
  'tests/api/claim-confirmation.test.ts',
  'tests/api/claim-uploads.test.ts',
  'tests/api/common-passwords.test.ts',
  'tests/api/decision-reminders.test.ts',
  'tests/api/documents-archive.test.ts',
  'tests/api/fund-command.test.ts',
  'tests/api/graphql/severance-claim.test.ts',
  'tests/api/zip-uploads.test.ts',
  'tests/security/graphql-production.test.ts',
  'tests/api/log-privacy.test.ts',
  'tests/api/severance-access.test.ts',
  'tests/api/parity.test.ts',
  'tests/api/graphql/login-and-me.test.ts',
  'tests/api/rest/rest-methods.test.ts',
  'tests/api/rest/kontoinformation.test.ts',
  'tests/api/rest/login-flow.test.ts',
  'tests/api/investment.test.ts',
  'tests/api/step-up.test.ts',
  'tests/api/eid.test.ts',
  'tests/api/dashboard-claims.test.ts',
  'tests/api/merge.test.ts',
  'tests/api/merge-application.test.ts',
  'tests/api/query-plans.test.ts',
  'tests/api/prepared-reads.test.ts',
  'tests/api/response-cache.test.ts',
  'tests/api/response-cache-guard.test.ts',
  'tests/api/calculator.test.ts',
  'tests/api/calculator-rest-print.test.ts',
  'tests/api/documents-list.test.ts',
  'tests/api/documents-download.test.ts',
  'tests/api/documents-mark-read.test.ts',
  'tests/api/profile-bad-input.test.ts',
  'tests/api/balance-change.test.ts',
  'tests/api/profile.test.ts',
  'tests/api/profile-email-change.test.ts',
  'tests/api/profile-delete-access.test.ts',
  'tests/api/data-export.test.ts',
  'tests/security/access-matrix.test.ts',
  'tests/security/login-abuse.test.ts',
  'tests/durability/crash.test.ts',
  'tests/cluster/**/*.test.ts',
];

/**
 * Unit and server-integration tests. Browser tests are Playwright's (tests/e2e, playwright.config.ts).
 * Integration tests start the real server on 127.0.0.1 with a port chosen at run time and a fresh database.
 *
 * Projects: unit, api, security and durability run on SQLite files (SQLITE_PROJECTS); "postgres" runs
 * POSTGRES_SUITES again on a throw-away PostgreSQL server (tests/helpers/postgres-global-setup.ts, installed with
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
    // One worker per core. Vitest's own default in a run is cores − 1, which is a single worker on this 2-core
    // machine: every file then ran one after the other while the second core mostly idled (the servers under test
    // run inside the worker's process, the shared PostgreSQL server beside them).
    maxWorkers: availableParallelism(),
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
          include: POSTGRES_SUITES,
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
