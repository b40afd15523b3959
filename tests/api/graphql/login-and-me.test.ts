import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '@contract/i18n/de/login.json';
import { print } from 'graphql';
import { graphql } from '../../gql';
import { DEMO_PASSWORD, LOGIN, PortalClient } from '../../helpers/client';
import { countRows, sqlOne, sqlRun } from '../../helpers/raw-sql';
import { emailOf } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const ME = graphql(`
  query LoginAndMeMe($stichtag: Date) {
    me {
      firstName
      lastName
      titlePrefix
      gender
      unreadMessageCount
      pensionContracts {
        contractNumber
        vrg
        vrgName
        role
        calculationInterestRate
        employer {
          name
        }
        customer {
          name
        }
        stichtage
        statement(stichtag: $stichtag) {
          stichtag
          reserve
          fluctuationReserve
          totalCapital
          employerContributions
          premium108a
        }
      }
      severanceAccounts {
        accountNumber
        status
        stichtage
        statement(stichtag: $stichtag) {
          stichtag
          totalEntitlement
          guaranteedCapital
          contributions
        }
      }
    }
  }
`);
const FIRST_NAME = graphql(`
  query LoginAndMeFirstName {
    me {
      firstName
    }
  }
`);
const LOGOUT = graphql(`
  mutation LoginAndMeLogout {
    logout {
      ok {
        loggedOut
      }
      error {
        code
      }
    }
  }
`);
const BENEFICIARY = graphql(`
  query LoginAndMeBeneficiary {
    me {
      severanceAccounts {
        id
      }
      pensionContracts {
        role
        monthlyPension
      }
    }
  }
`);
const ANNA = emailOf('anna');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function annaId(): Promise<number> {
  return (await sqlOne<{ id: number }>(server.db, 'SELECT id FROM persons WHERE email = ?', ANNA)).id;
}

describe('GraphQL login, me and logout', () => {
  it('logs anna in, sets an HttpOnly SameSite=Strict session cookie and answers SUCCESSFUL', async () => {
    const client = new PortalClient(server.url);
    const { body, headers } = await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    expect(body.data).toEqual({ login: { ok: { status: 'SUCCESSFUL', loggedIn: true }, error: null } });
    const cookie = headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^mvbv_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/m);
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('answers me with the person, contracts and the newest statements exactly as stored', async () => {
    const client = new PortalClient(server.url);
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    const { body } = await client.operation(ME);
    expect(body.errors).toBeUndefined();
    const me = body.data!.me!;
    expect(me.firstName).toBe('Anna');
    expect(me.lastName).toBe('Muster');
    expect(me.unreadMessageCount).toBe(2);
    expect(me.pensionContracts).toHaveLength(1);
    const pk = me.pensionContracts[0]!;
    expect(pk.stichtage[0]).toBe('2025-12-31');
    expect(pk.stichtage.at(-1)).toBe('2015-12-31');
    const row = await sqlOne<Record<string, number>>(
      server.db,
      `SELECT s.* FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ? ORDER BY s.stichtag DESC LIMIT 1`,
      await annaId(),
    );
    expect(pk.statement).toMatchObject({
      stichtag: '2025-12-31',
      reserve: row.reserve_cents,
      fluctuationReserve: row.fluctuation_reserve_cents,
      totalCapital: row.total_capital_cents,
      employerContributions: row.employer_contributions_cents,
      premium108a: row.premium108a_cents,
    });
    expect(pk.statement?.totalCapital).toBe(pk.statement!.reserve + pk.statement!.fluctuationReserve);
    expect(me.severanceAccounts[0]?.stichtage.at(-1)).toBe('2008-12-31');
  });

  it('answers the statement of an older Stichtag and null for a date without a statement', async () => {
    const client = new PortalClient(server.url);
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    const older = await client.operation(ME, { stichtag: '2020-12-31' });
    const row = await sqlOne<{ t: number }>(
      server.db,
      `SELECT s.total_capital_cents AS t FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ? AND s.stichtag = '2020-12-31'`,
      await annaId(),
    );
    expect(older.body.data!.me!.pensionContracts[0]?.statement).toMatchObject({ stichtag: '2020-12-31', totalCapital: row.t });
    const none = await client.operation(ME, { stichtag: '2020-06-30' });
    expect(none.body.data!.me!.pensionContracts[0]?.statement).toBeNull();
    expect(none.body.data!.me!.severanceAccounts[0]?.statement).toBeNull();
  });

  it('refuses a malformed Stichtag as bad input without a server error', async () => {
    const client = new PortalClient(server.url);
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    // A Stichtag the Date scalar refuses: hostile input, sent as text.
    const res = await client.graphql(print(ME), { stichtag: "2020-12-31' OR 1=1" });
    expect(res.status).toBeLessThan(500);
    expect(res.body.data?.me ?? null).toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers the funds-specific success statuses for bernd (VK only) and clara (PK only)', async () => {
    const bernd = await new PortalClient(server.url).operation(LOGIN, { email: emailOf('bernd'), password: DEMO_PASSWORD });
    expect(bernd.body.data).toEqual({ login: { ok: { status: 'SUCCESSFUL_VK', loggedIn: true }, error: null } });
    const clara = new PortalClient(server.url);
    expect((await clara.operation(LOGIN, { email: emailOf('clara'), password: DEMO_PASSWORD })).body.data).toEqual({
      login: { ok: { status: 'SUCCESSFUL_PK', loggedIn: true }, error: null },
    });
    const me = (await clara.operation(BENEFICIARY)).body.data!.me!;
    expect(me.severanceAccounts).toEqual([]);
    expect(me.pensionContracts[0]?.role).toBe('BENEFICIARY');
    expect(me.pensionContracts[0]?.monthlyPension).toBeGreaterThan(0);
  });

  it('throws UNAUTHENTICATED for me without a session, and after logout for the replayed cookie', async () => {
    const client = new PortalClient(server.url);
    const anonymous = await client.operation(FIRST_NAME);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    const saved = new Map(client.cookies);
    const out = await client.operation(LOGOUT);
    expect(out.body.data).toEqual({ logout: { ok: { loggedOut: true }, error: null } });
    expect(out.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    client.cookies = saved;
    const replay = await client.operation(FIRST_NAME);
    expect(replay.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(replay.body.data?.me ?? null).toBeNull();
  });

  it('throws SESSION_TIMEOUT after the idle time-out', async () => {
    const client = new PortalClient(server.url);
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    server.clock.advance(15 * 60_000);
    const res = await client.operation(FIRST_NAME);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('SESSION_TIMEOUT');
    server.clock.advance(-15 * 60_000);
  });

  it('gives a new session id on every login (no fixation)', async () => {
    const client = new PortalClient(server.url);
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    const first = client.cookies.get('mvbv_session');
    await client.operation(LOGIN, { email: ANNA, password: DEMO_PASSWORD });
    const second = client.cookies.get('mvbv_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = new PortalClient(server.url);
    stale.cookies.set('mvbv_session', first!);
    expect((await stale.operation(FIRST_NAME)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL login errors', () => {
  it('answers a refusal in the error half: the spec status as code, the catalogue message and its fields (decision 0029)', async () => {
    const wrong = await new PortalClient(server.url).operation(LOGIN, { email: emailOf('clara'), password: 'wrong-password-1' });
    expect(wrong.body.data).toEqual({
      login: {
        ok: null,
        error: {
          code: 'ERROR_PWD_INVALID',
          message: catalogue.login.error.ERROR_PWD_INVALID,
          fieldErrors: [{ field: 'password', code: 'ERROR_PWD_INVALID', message: catalogue.login.error.ERROR_PWD_INVALID }],
          remainingAttempts: 4,
          lockedUntil: null,
        },
      },
    });
    const unknown = await new PortalClient(server.url).operation(LOGIN, { email: 'nobody@example.at', password: DEMO_PASSWORD });
    expect(unknown.body.data).toMatchObject({
      login: {
        ok: null,
        error: {
          code: 'NOT_VALID',
          fieldErrors: [
            { field: 'email', code: 'NOT_VALID' },
            { field: 'password', code: 'NOT_VALID' },
          ],
          remainingAttempts: null,
        },
      },
    });
    await sqlRun(server.db, `UPDATE credentials SET failed_attempts = 0, locked_until = NULL`);
  });

  it.each([
    ['', DEMO_PASSWORD, 'ERROR_MAIL_NOT_GIVEN'],
    [ANNA, '', 'ERROR_PWD_NOT_GIVEN'],
    ['anna.muster(at)example.at', 'x', 'ERROR_MAIL_NOT_VALID'],
    ['nobody@example.at', DEMO_PASSWORD, 'NOT_VALID'],
    [emailOf('bernd'), 'wrong-password-1', 'ERROR_PWD_INVALID'],
    [emailOf('bernd'), 'x'.repeat(5000), 'ERROR_PWD_INVALID'],
  ])('answers %j / password of %#: error %s, writes only the login attempt and sets no cookie', async (email, password, status) => {
    const before = { sessions: await countRows(server.db, 'sessions'), attempts: await countRows(server.db, 'login_attempts') };
    const client = new PortalClient(server.url);
    const res = await client.operation(LOGIN, { email, password });
    expect(res.body.data).toMatchObject({ login: { ok: null, error: { code: status } } });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countRows(server.db, 'sessions')).toBe(before.sessions);
    expect(await countRows(server.db, 'login_attempts')).toBe(before.attempts + 1);
    await sqlRun(server.db, `UPDATE credentials SET failed_attempts = 0, locked_until = NULL`);
  });
});
