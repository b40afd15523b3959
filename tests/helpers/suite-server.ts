import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * Registers, for the calling suite, one test server (`startTestServer(options)`: generated members plus the demo
 * personas), started in `beforeAll` and closed in `afterAll`. Returns the live set: read `server` inside tests and
 * hooks only (it is set once `beforeAll` has run).
 */
export function useTestServer(options?: Parameters<typeof startTestServer>[0]): { server: TestServer } {
  const live = {} as { server: TestServer };
  beforeAll(async () => {
    live.server = await startTestServer(options);
  });
  afterAll(async () => {
    await live.server?.close();
  });
  return live;
}
