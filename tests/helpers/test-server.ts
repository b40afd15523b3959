import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../db/client';
import { createSeededTestDatabase, dropTestDatabase } from './test-db';
import { applyConnectionLimits, connectionLimits, createApp, listen } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createAppDeps, type AppDeps } from '../../server/app-deps';
import { ManualClock } from '../../server/platform/shared/clock';
import { createLogger } from '../../server/log';

/** The fixed "today" of the test database: statements run up to 31.12.2025. */
export const TEST_TODAY = '2026-11-22';

export interface TestServer {
  url: string;
  db: Db;
  /** The SQLite file, or the PostgreSQL URL of the test's database. */
  dbPath: string;
  clock: ManualClock;
  deps: AppDeps;
  /** The node:http server (its connection limits are the configuration's HTTP_* values). */
  server: Server;
  /** Every line the server logged (JSON), for tests that inspect the log. */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * Starts the real portal (GraphQL, REST, static) on 127.0.0.1 with a port chosen by the OS, over a fresh database
 * (a SQLite file in a temp folder, or a new PostgreSQL database when the tests run on PostgreSQL, tests/helpers/test-db.ts) seeded with `members` generated members plus the demo personas: a copy of the run's template for these options, equal to migrating and seeding (`createSeededTestDatabase`, decision 0063). The clock is manual
 * and starts at TEST_TODAY 10:00 Vienna time.
 *
 * - `env`: extra configuration variables, or a function of the server's URL that returns them (for variables
 *   that must name the server itself). `DB_BUSY_TIMEOUT_MS` (a plain object only) sets the busy timeout of the server's connections.
 * - `databasePath`: serve this existing, already seeded file instead (opened and migrated, not seeded; `close()`
 *   leaves it in place). `members` is ignored then.
 * - `background: false`: the mail worker and the job scheduler do not run on their own timers (their first round
 *   still runs before the server is handed over; a test calls `deps.scheduler.runDue()` when it wants more). For the
 *   suites that compare the stored state before and after a refused call, so that a job or a mail sent meanwhile is
 *   not taken for a write of the refused call.
 */
export async function startTestServer(
  options: {
    members?: number;
    env?: Record<string, string> | ((url: string) => Record<string, string>);
    databasePath?: string;
    background?: boolean;
    /** The folder of the built web app the server serves (default: none, every page answers 404). */
    webRoot?: string;
  } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  // Seeded for the tenant the server serves, as server/main.ts does (`env` is pure; its TENANT does not depend on the URL):
  // a copy of the run's migrated and seeded template for these options (tests/helpers/test-db.ts, decision 0063).
  const tenant = (typeof options.env === 'function' ? options.env('http://127.0.0.1') : options.env)?.TENANT === 'regional' ? 'regional' : 'main';
  const dbPath = options.databasePath ?? (await createSeededTestDatabase(dir, { members: options.members ?? 20, today: TEST_TODAY, tenant }));
  const busy = options.env && typeof options.env !== 'function' ? options.env.DB_BUSY_TIMEOUT_MS : undefined;
  const db = await openDatabase(dbPath, busy === undefined ? {} : { busyTimeoutMs: Number(busy) });
  // The app is bound after listening, so that `env` can name the server's own URL.
  const late: { app?: ReturnType<typeof createApp> } = {};
  const { server, port } = await listen((req, res) => late.app!(req, res), 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? options.env(url) : options.env;
  let config: ReturnType<typeof loadConfig>;
  try {
    // Every test client connects from 127.0.0.1: the per-IP login throttle, the remote log's per-IP and per-session
    // limits and the limits of the public forms and messages (decision 0041) are set out of reach unless a test sets
    // them (tests/api/client-log-limits.test.ts, tests/api/abuse-limits.test.ts do).
    config = loadConfig({
      ...(db.dialect === 'postgresql' ? { DATABASE_URL: dbPath } : { DATABASE_PATH: dbPath }),
      PORT: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      LOGIN_IP_MAX_FAILURES: '1000000',
      LOG_IP_MAX_PER_MINUTE: '1000000',
      PASSKEY_LOGIN_IP_MAX_PER_MINUTE: '1000000',
      LOG_SESSION_MAX_PER_MINUTE: '1000000',
      PUBLIC_FORM_IP_MAX_PER_HOUR: '1000000',
      PUBLIC_FORM_EMAIL_MAX_PER_DAY: '1000000',
      MESSAGE_MAX_PER_HOUR: '1000000',
      // The members' data archives in the test's own folder (docs/decisions/0052-data-archive.md).
      DATA_EXPORT_DIR: join(dir, 'exports'),
      ...env,
    });
  } catch (error) {
    await closeServer(server);
    await db.close();
    await dropTestDatabase(options.databasePath === undefined ? dbPath : undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  applyConnectionLimits(server, connectionLimits(config));
  const clock = new ManualClock(Date.parse(`${TEST_TODAY}T09:00:00Z`));
  const logLines: string[] = [];
  const deps = createAppDeps(
    db,
    config,
    clock,
    createLogger('debug', (line) => logLines.push(line)),
  );
  late.app = createApp(deps, { webRoot: options.webRoot ?? join(dir, 'no-web') });
  if (options.background !== false) {
    deps.mailer.worker.start();
    deps.scheduler.start();
  }
  // The first round (each job's row created, due jobs run) ends before a test looks at the database.
  await deps.scheduler.runDue();
  return {
    url,
    server,
    db,
    dbPath,
    clock,
    deps,
    logLines,
    async close() {
      await closeServer(server);
      await Promise.all([deps.mailer.worker.stop(), deps.scheduler.stop()]);
      await db.close();
      await dropTestDatabase(options.databasePath === undefined ? dbPath : undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
