import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * A test server for the calling suite or `describe` block: started in its `beforeAll` with `options` (those of
 * `startTestServer`) and closed in its `afterAll`. Answers a getter for the server, to be called inside the tests.
 * @throws Error from the getter when called before the block's `beforeAll` ran.
 */
export function suiteServer(options?: Parameters<typeof startTestServer>[0]): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('suiteServer: the server starts in beforeAll; call the getter inside a test');
    return server;
  };
}

/** A server of the regional tenant (Vorsorgekasse only, no documents archive, no investment pages), 5 members. */
export function regionalSuiteServer(): () => TestServer {
  return suiteServer({ members: 5, env: { TENANT: 'regional' } });
}
