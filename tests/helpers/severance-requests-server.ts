import { afterAll, afterEach, beforeAll } from 'vitest';
import { writeTransaction, type Db } from '../../db/client';
import { mergeRequests, severanceClaims, uploads } from '../../db/schema';
import { startTestServer, type TestServer } from './test-server';

/**
 * Registers, for the calling suite, the server of the severance requests' suites (claims and merge applications):
 * `members` generated members plus the demo personas, started in `beforeAll` and closed in `afterAll`. After each test
 * it deletes the merge requests, claims and uploads the test stored, after `reset` (further rows to restore, in the
 * same write transaction), so that every test starts from the seeded accounts. Returns the live server.
 */
export function useSeveranceRequestsServer(members: number, reset?: (db: Db) => Promise<unknown>): { server: TestServer } {
  const live = {} as { server: TestServer };
  beforeAll(async () => {
    live.server = await startTestServer({ members });
  });
  afterAll(async () => {
    await live.server?.close();
  });
  afterEach(async () => {
    const { db } = live.server;
    await writeTransaction(db, async () => {
      await reset?.(db);
      await db.delete(mergeRequests);
      await db.delete(severanceClaims);
      await db.delete(uploads);
    });
  });
  return live;
}
