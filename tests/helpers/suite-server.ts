import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { persons } from '../../db/schema';
import { emailOf, type Scenario } from './scenarios';
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

/** The id (`persons.id`) of a demo persona in the server's database, found by the persona's e-mail address. */
export async function personIdOf(server: Pick<TestServer, 'db'>, scenario: Scenario): Promise<number> {
  const [person] = await server.db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.email, emailOf(scenario)));
  if (!person) throw new Error(`no person for the scenario ${scenario}`);
  return person.id;
}
