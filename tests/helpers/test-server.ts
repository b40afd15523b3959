import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { createApp, listen } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createAppDeps, type AppDeps } from '../../server/context';
import { ManualClock } from '../../server/domain/shared/clock';
import { createLogger } from '../../server/log';

/** The fixed "today" of the test database: statements run up to 31.12.2025. */
export const TEST_TODAY = '2026-11-22';

export interface TestServer {
  url: string;
  db: Db;
  dbPath: string;
  clock: ManualClock;
  deps: AppDeps;
  /** Every line the server logged (JSON), for tests that inspect the log. */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * Starts the real portal (GraphQL, REST, static) on 127.0.0.1 with a port chosen by the OS, over a fresh SQLite
 * file in a temp folder seeded with `members` generated members plus the demo personas. The clock is manual
 * and starts at TEST_TODAY 10:00 Vienna time.
 */
export async function startTestServer(options: { members?: number; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const dbPath = join(dir, 'portal.db');
  const db = openDatabase(dbPath);
  await seedDatabase(db, { members: options.members ?? 20, today: TEST_TODAY });
  const config = loadConfig({ DATABASE_PATH: dbPath, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'debug', ...options.env });
  const clock = new ManualClock(Date.parse(`${TEST_TODAY}T09:00:00Z`));
  const logLines: string[] = [];
  const deps = createAppDeps(db, config, clock, createLogger('debug', (line) => logLines.push(line)));
  const { server, port } = await listen(createApp(deps, { webRoot: join(dir, 'no-web') }), 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    dbPath,
    clock,
    deps,
    logLines,
    async close() {
      await closeServer(server);
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
