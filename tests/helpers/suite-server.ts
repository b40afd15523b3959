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
