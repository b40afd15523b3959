import { count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials as credentialsTable, loginAttempts, persons } from '../../../db/schema';
import { DEMO_PASSWORD, LOGIN, loginStatusOf, PortalClient } from '../../helpers/client';
import { emailOf } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const EMAIL = emailOf('anna');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 5 });
});
afterAll(async () => {
  await server.close();
});

// Read through the query builder, so that the suite runs on both engines (vitest projects sqlite and postgres).
const credentials = async () =>
  (
    await server.db
      .select({ failed: credentialsTable.failedAttempts, lockedUntil: credentialsTable.lockedUntil })
      .from(credentialsTable)
      .innerJoin(persons, eq(persons.id, credentialsTable.personId))
      .where(eq(persons.email, EMAIL))
  )[0]!;
const login = (password: string) => new PortalClient(server.url).operation(LOGIN, { email: EMAIL, password });

describe('lockout after repeated wrong passwords (spec 000 section 8, threshold 5, 60 minutes)', () => {
  it('locks at exactly the fifth wrong password, refuses the right one for 60 minutes and accepts it after', async () => {
    for (let i = 1; i <= 4; i++) expect(loginStatusOf((await login(`wrong-${i}`)).body.data!.login)).toBe('ERROR_PWD_INVALID');
    expect((await credentials()).failed).toBe(4);
    const locking = (await login('wrong-5')).body.data!.login;
    expect(locking.ok).toBeNull();
    expect((await credentials()).lockedUntil).not.toBeNull();
    expect(locking.error).toMatchObject({ code: 'LOCKED_TEMPORARY', fieldErrors: [{ field: 'email', code: 'LOCKED_TEMPORARY' }], remainingAttempts: null });
    expect(Date.parse(locking.error!.lockedUntil!)).toBe(Date.parse((await credentials()).lockedUntil!));
    expect(loginStatusOf((await login(DEMO_PASSWORD)).body.data!.login)).toBe('LOCKED_TEMPORARY');
    server.clock.advance(59 * 60_000);
    expect(loginStatusOf((await login(DEMO_PASSWORD)).body.data!.login)).toBe('LOCKED_TEMPORARY');
    server.clock.advance(60_001);
    expect(loginStatusOf((await login(DEMO_PASSWORD)).body.data!.login)).toBe('SUCCESSFUL');
    expect(await credentials()).toEqual({ failed: 0, lockedUntil: null });
  });

  it('resets the count after a successful login', async () => {
    for (let i = 1; i <= 3; i++) await login(`wrong-${i}`);
    expect((await credentials()).failed).toBe(3);
    expect(loginStatusOf((await login(DEMO_PASSWORD)).body.data!.login)).toBe('SUCCESSFUL');
    expect((await credentials()).failed).toBe(0);
    for (let i = 1; i <= 4; i++) expect(loginStatusOf((await login(`wrong-${i}`)).body.data!.login)).toBe('ERROR_PWD_INVALID');
    expect(loginStatusOf((await login(DEMO_PASSWORD)).body.data!.login)).toBe('SUCCESSFUL');
  });

  it('lets no more than five guesses through when 30 wrong passwords arrive at once', async () => {
    const firstId = (await server.db.select({ id: max(loginAttempts.id) }).from(loginAttempts))[0]?.id ?? 0;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`concurrent-${i}`)));
    const statuses = answers.map((a) => loginStatusOf(a.body.data!.login));
    expect(statuses.filter((s) => s === 'ERROR_PWD_INVALID')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'LOCKED_TEMPORARY')).toHaveLength(26);
    expect((await credentials()).failed).toBe(5);
    // The attempts of this burst only: 4 refused guesses, the fifth locks, the other 25 are refused unchecked.
    const burst = await server.db
      .select({ status: loginAttempts.status, n: count() })
      .from(loginAttempts)
      .where(gt(loginAttempts.id, firstId))
      .groupBy(loginAttempts.status)
      .orderBy(loginAttempts.status);
    expect(burst).toEqual([
      { status: 'ERROR_PWD_INVALID', n: 4 },
      { status: 'LOCKED_TEMPORARY', n: 26 },
    ]);
  });
});
