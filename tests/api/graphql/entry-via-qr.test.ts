import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons, sessions } from '../../../db/schema';
import { DEMO_PASSWORD, LOGIN_STATUS as LOGIN, PortalClient } from '../../helpers/client';
import { emailOf, type Scenario } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

/**
 * `entryViaQrCode` (spec 000 section 7, login request; decision 0021) reaches the login service and is recorded
 * with the session, over GraphQL and REST. Rows are read with the query builder, so the suite runs on both engines.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2 });
});
afterAll(async () => {
  await server.close();
});

/** The `entry_via_qr_code` flag of the person's newest session. */
async function newestSessionFlag(scenario: Scenario): Promise<number | undefined> {
  const [row] = await server.db
    .select({ flag: sessions.entryViaQrCode })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .where(eq(persons.email, emailOf(scenario)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.flag;
}

describe('entryViaQrCode is recorded with the session', () => {
  it('GraphQL: true through /qr, false when left out', async () => {
    const qr = await new PortalClient(server.url).operation(LOGIN, { e: emailOf('anna'), p: DEMO_PASSWORD, qr: true });
    expect(qr.body.data!.login.ok?.loggedIn).toBe(true);
    expect(await newestSessionFlag('anna')).toBe(1);
    server.clock.advance(1_000);
    const plain = await new PortalClient(server.url).operation(LOGIN, { e: emailOf('anna'), p: DEMO_PASSWORD });
    expect(plain.body.data!.login.ok?.loggedIn).toBe(true);
    expect(await newestSessionFlag('anna')).toBe(0);
  });

  it('REST login: the form value "true" records it, "false" does not', async () => {
    const qr = await new PortalClient(server.url).rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD, entryViaQrCode: 'true' });
    expect(qr.json).toMatchObject({ status: expect.stringMatching(/^SUCCESSFUL/) });
    expect(await newestSessionFlag('bernd')).toBe(1);
    server.clock.advance(1_000);
    await new PortalClient(server.url).rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD, entryViaQrCode: 'false' });
    expect(await newestSessionFlag('bernd')).toBe(0);
  });
});
