import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { persons } from '../../db/schema';
import { emailOf, type Scenario } from './scenarios';
import { startTestServer, type TestServer } from './test-server';

/**
 * Registers, for the calling suite, test servers by name (`startTestServer(options)` each, e.g. `server` with the
 * default tenant beside `regional` with `TENANT=regional`), started together in `beforeAll` and closed in `afterAll`.
 * Returns the live set: read its servers inside tests and hooks only (they are set once `beforeAll` has run).
 */
export function useTestServers<Name extends string>(options: Record<Name, Parameters<typeof startTestServer>[0]>): Record<Name, TestServer> {
  const live = {} as Record<Name, TestServer>;
  const names = Object.keys(options) as Name[];
  beforeAll(async () => {
    const started = await Promise.all(names.map((name) => startTestServer(options[name])));
    names.forEach((name, i) => (live[name] = started[i]!));
  });
  afterAll(async () => {
    await Promise.all(names.map((name) => live[name]?.close()));
  });
  return live;
}

/**
 * Registers, for the calling suite, one test server (`startTestServer(options)`: generated members plus the demo
 * personas), started in `beforeAll` and closed in `afterAll`. Returns the live set: read `server` inside tests and
 * hooks only (it is set once `beforeAll` has run).
 */
export function useTestServer(options?: Parameters<typeof startTestServer>[0]): { server: TestServer } {
  return useTestServers({ server: options });
}

/** The id (`persons.id`) of a demo persona in the server's database, found by the persona's e-mail address. */
export async function personIdOf(server: Pick<TestServer, 'db'>, scenario: Scenario): Promise<number> {
  const [person] = await server.db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.email, emailOf(scenario)));
  if (!person) throw new Error(`no person for the scenario ${scenario}`);
  return person.id;
}

/**
 * `useTestServer` as a getter, for suites that pass the server on as a function: the server started in the calling
 * block's `beforeAll` with `options` and closed in its `afterAll`.
 * @throws Error from the getter when called before the block's `beforeAll` ran.
 */
export function suiteServer(options?: Parameters<typeof startTestServer>[0]): () => TestServer {
  const live = useTestServer(options);
  return () => {
    if (!live.server) throw new Error('suiteServer: the server starts in beforeAll; call the getter inside a test');
    return live.server;
  };
}

/** A server of the regional tenant (Vorsorgekasse only, no documents archive, no investment pages), 5 members. */
export function regionalSuiteServer(): () => TestServer {
  return suiteServer({ members: 5, env: { TENANT: 'regional' } });
}
