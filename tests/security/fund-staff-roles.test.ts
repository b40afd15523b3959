import fc from 'fast-check';
import { getTableName, is, Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../../db/schema';
import { ROLE_SCOPES, STAFF_ROLES, type StaffRole } from '../../server/fund/staff/roles';
import { staffTestSession, type StaffTestSession } from '../helpers/fund-staff';
import { countRows, sqlValue } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { fundRootOperations } from './fund-operations';
import { scalar } from './hostile-bodies';

/**
 * The staff roles in the fund endpoint's access matrix (decisions 0054, 0059), on both engines: for every root field
 * of the SDL and every role (a staff session cookie each), the field is allowed exactly when ROLE_SCOPES gives the
 * role its `@scope`, else 403 naming the scope. The AUDITOR changes nothing (every mutation refused, no row written
 * but the trail's); the ADMIN reads no member data. Then hostile input to the ADMIN's operations and the bank
 * account changes: a clear error, never a 5xx, nothing created.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError|DrizzleError/;

let server: TestServer;
const sessions = {} as Record<StaffRole, StaffTestSession>;
const operations = fundRootOperations();
const ownStaffIds = () => Object.values(sessions).map((session) => session.staffId);

async function post(cookie: string, query: string, variables: unknown = {}) {
  const res = await fetch(`${server.url}/fund/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, text: await res.text() };
}

/** Row counts of every table but the ones a staff request itself writes (its trail and its session's touch). */
async function rowCounts(): Promise<Record<string, number>> {
  const names = (Object.values(tables) as unknown[])
    .filter((t): t is Table => is(t, Table))
    .map((t) => getTableName(t))
    .filter((n) => !['staff_audit', 'staff_sessions'].includes(n));
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await countRows(server.db, n)] as const)));
}

beforeAll(async () => {
  server = await startTestServer({ members: 1 });
  for (const role of STAFF_ROLES) sessions[role] = await staffTestSession(server, role, `${role.toLowerCase()}@fund.example`, `Test ${role}`);
});
afterAll(async () => {
  await server.close();
});

describe('/fund/graphql access matrix for the staff roles, every root field from the SDL', () => {
  const cases = STAFF_ROLES.flatMap((role) => operations.map((op) => [role, op.coordinate, op] as const));

  it.each(cases)('%s → %s: allowed exactly as roles.ts says', async (role, _coordinate, op) => {
    const allowed = (ROLE_SCOPES[role] as readonly string[]).includes(op.scope!);
    const answer = await post(sessions[role].cookie, op.document);
    if (allowed) {
      expect(answer.status, answer.text.slice(0, 300)).not.toBe(403);
      expect(answer.status).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(403);
      expect((JSON.parse(answer.text) as { errors: { extensions: { scope: string } }[] }).errors[0]!.extensions.scope).toBe(op.scope);
    }
  });

  it('the AUDITOR changes nothing: every mutation is refused and no row is written but the trail', async () => {
    const mutations = operations.filter((op) => op.kind === 'mutation');
    expect(mutations.length).toBeGreaterThan(5);
    const before = await rowCounts();
    const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons ORDER BY id LIMIT 1'));
    for (const op of mutations) {
      // Plausible values for each argument: the scope check refuses before any of them is looked at.
      const variables = Object.fromEntries(op.args.map((a) => [a, a === 'input' ? { personId, claimId: '1', status: 'CHECKING' } : a === 'id' ? 1 : '1']));
      expect((await post(sessions.AUDITOR.cookie, op.document, variables)).status, op.coordinate).toBe(403);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('the ADMIN reads no member data: every read but its staff list is refused', async () => {
    for (const op of operations.filter((o) => o.kind === 'query')) {
      const status = (await post(sessions.ADMIN.cookie, op.document)).status;
      expect([op.coordinate, status]).toEqual([op.coordinate, op.scope === 'staff:admin' ? 200 : 403]);
    }
  });
});

describe('hostile input to the staff and bank operations', () => {
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 20 }), scalar, { maxKeys: 4 }), fc.constant(null));
  const targeted = operations.filter((op) => op.scope === 'staff:admin' || op.scope === 'bank:write' || op.coordinate === 'Query.bankAccountChanges');

  it('finds the operations', () => {
    expect(targeted.map((op) => op.coordinate)).toEqual(
      expect.arrayContaining([
        'Query.staffPeople',
        'Mutation.createStaffPerson',
        'Mutation.disableStaffPerson',
        'Mutation.resetStaffSignIn',
        'Mutation.enterBankAccount',
        'Mutation.approveBankChange',
      ]),
    );
  });

  it('answers generated hostile variables with a clear error, never a 5xx or a leak', async () => {
    const cookieOf = (scope: string | null | undefined) => (scope === 'staff:admin' ? sessions.ADMIN.cookie : sessions.CLERK.cookie);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targeted.filter((op) => op.args.length > 0)), fc.array(value, { minLength: 3, maxLength: 3 }), async (op, values) => {
        const variables = Object.fromEntries(op.args.map((name, i) => [name, values[i % values.length]]));
        // fast-check favours small integers, which are this file's own staff ids: disabling one of them, or resetting
        // its sign-in, would end the session the later tests sign their requests with (decisions 0054, 0072).
        const endsOwnSession = op.coordinate === 'Mutation.disableStaffPerson' || op.coordinate === 'Mutation.resetStaffSignIn';
        fc.pre(!(endsOwnSession && typeof variables.id === 'number' && ownStaffIds().includes(variables.id)));
        const res = await post(cookieOf(op.scope), op.document, variables);
        expect(res.status, `${op.coordinate} → ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(LEAK);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('huge strings, SQL and HTML, unknown ids: refused with a code, nothing created', async () => {
    const before = await rowCounts();
    const create = 'mutation($i: CreateStaffPersonInput!) { createStaffPerson(input: $i) { ok { person { id } } error { code field } } }';
    const refusals = [
      [{ email: `${'a'.repeat(300)}@fund.example`, name: 'X', role: 'CLERK' }, 'EMAIL_INVALID'],
      [{ email: "x'; DROP TABLE staff_accounts; --@fund.example", name: 'X', role: 'CLERK' }, 'EMAIL_INVALID'],
      [{ email: 'html@fund.example', name: 'x'.repeat(100_000), role: 'CLERK' }, 'NAME_INVALID'],
      [{ email: 'ctl@fund.example', name: 'Nora\u0000Neu', role: 'CLERK' }, 'NAME_INVALID'],
    ] as const;
    for (const [input, code] of refusals) {
      const res = await post(sessions.ADMIN.cookie, create, { i: input });
      expect(res.status).toBe(200);
      expect((JSON.parse(res.text) as { data: { createStaffPerson: { error: { code: string } } } }).data.createStaffPerson.error.code).toBe(code);
    }
    const disable = await post(sessions.ADMIN.cookie, 'mutation { disableStaffPerson(id: 987654) { error { code } } }');
    expect(JSON.parse(disable.text)).toMatchObject({ data: { disableStaffPerson: { error: { code: 'NOT_FOUND' } } } });
    const enter = 'mutation($i: EnterBankAccountInput!) { enterBankAccount(input: $i) { error { code field } } }';
    const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons ORDER BY id LIMIT 1'));
    const bad = [
      { personId, accountHolder: '<script>alert(1)</script>'.repeat(10), bankName: 'B', iban: 'AT611904300234573201' },
      { personId, accountHolder: 'A', bankName: 'B', iban: "AT61' OR 1=1 --" },
      { personId, accountHolder: 'A', bankName: 'B', iban: 'AT611904300234573201', validFrom: '2999-01-01' },
    ];
    for (const input of bad) {
      const res = JSON.parse((await post(sessions.CLERK.cookie, enter, { i: input })).text) as { data: { enterBankAccount: { error: { code: string } } } };
      expect(res.data.enterBankAccount.error.code).toBe('BANK_DATA_INVALID');
    }
    const foreign = JSON.parse(
      (await post(sessions.CLERK.cookie, enter, { i: { personId: 2_000_000_000, accountHolder: 'A', bankName: 'B', iban: 'AT611904300234573201' } })).text,
    ) as {
      errors: { extensions: { code: string } }[];
    };
    expect(foreign.errors[0]!.extensions.code).toBe('NOT_FOUND');
    for (const id of ['0', '-1', 'abc', '1'.repeat(40), "1' OR '1'='1"]) {
      const res = JSON.parse((await post(sessions.SUPERVISOR.cookie, 'mutation($id: ID!) { approveBankChange(changeId: $id) { error { code } } }', { id })).text) as {
        errors: { extensions: { code: string } }[];
      };
      expect(res.errors[0]!.extensions.code).toBe('NOT_FOUND');
    }
    const after = await rowCounts();
    expect(after).toEqual(before);
  });
});
