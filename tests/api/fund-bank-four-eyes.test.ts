import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { staffTestSession, type StaffTestSession } from '../helpers/fund-staff';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Four eyes on staff-entered bank data (decision 0059): a staff person's entry waits as PENDING and is in force only
 * after a SUPERVISOR other than the person who entered it approves it; a clerk or the same person is refused
 * (ROLE_NOT_ALLOWED, FOUR_EYES_REQUIRED) and nothing changes; a machine client's entry takes effect at once; an event
 * per step; the staff trail names the member and the state before.
 */
let server: TestServer;
let clerk: StaffTestSession;
let supervisor: StaffTestSession;
let otherSupervisor: StaffTestSession;
let auditor: StaffTestSession;
let core: FundTestClient;
let personId: number;

const CHANGE = 'id status iban enteredBy enteredByName decidedBy member { id lastName }';
const ENTER = `mutation($input: EnterBankAccountInput!) { enterBankAccount(input: $input) { ok { ${CHANGE} } error { code field } } }`;
const APPROVE = `mutation($id: ID!) { approveBankChange(changeId: $id) { ok { ${CHANGE} } error { code } } }`;
const REJECT = `mutation($id: ID!, $reason: String) { rejectBankChange(changeId: $id, reason: $reason) { ok { ${CHANGE} reason } error { code field } } }`;
const PENDING = `{ bankAccountChanges { edges { node { id status enteredByName } } } }`;
const IBAN = 'AT611904300234573201';

type Change = { id: string; status: string; iban: string; enteredBy: string; enteredByName: string | null; decidedBy: string | null; member: { id: string } };
type Answer = { ok: Change | null; error: { code: string; field: string | null } | null };

const accountsOf = async () => Number(await sqlValue(server.db, 'SELECT count(*) FROM bank_accounts WHERE person_id = ?', personId));
const eventsOf = async (type: string) => Number(await sqlValue(server.db, 'SELECT count(*) FROM fund_events WHERE type = ? AND person_id = ?', type, personId));

beforeAll(async () => {
  server = await startTestServer({ members: 1 });
  personId = Number(await sqlValue(server.db, 'SELECT id FROM persons ORDER BY id LIMIT 1'));
  clerk = await staffTestSession(server, 'CLERK', 'clerk@fund.example', 'Clara Clerk');
  supervisor = await staffTestSession(server, 'SUPERVISOR', 'sup@fund.example', 'Sepp Supervisor');
  otherSupervisor = await staffTestSession(server, 'SUPERVISOR', 'sup2@fund.example', 'Susi Supervisor');
  auditor = await staffTestSession(server, 'AUDITOR', 'audit@fund.example', 'Anton Auditor');
  core = await createFundTestClient(server, 'bank:write members:read');
});
afterAll(async () => {
  await server.close();
});

async function enter(by: StaffTestSession | FundTestClient, extra: Record<string, unknown> = {}): Promise<Answer> {
  const answer = await by.query<{ enterBankAccount: Answer }>(ENTER, { input: { personId, accountHolder: 'Anna Beispiel', bankName: 'Testbank', iban: IBAN, ...extra } });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.enterBankAccount;
}

describe('four eyes on staff-entered bank data', () => {
  it('a clerk enters: PENDING, nothing in force; the clerk, another clerk role and the auditor cannot approve; a second supervisor approves', async () => {
    const accounts = await accountsOf();
    const entered = await enter(clerk);
    expect(entered.ok).toMatchObject({
      status: 'PENDING',
      iban: IBAN,
      enteredBy: `staff:${clerk.staffId}`,
      enteredByName: 'Clara Clerk',
      decidedBy: null,
      member: { id: String(personId) },
    });
    expect(await accountsOf()).toBe(accounts);
    expect(await eventsOf('bank.change_entered')).toBe(1);
    const id = entered.ok!.id;

    const pending = await supervisor.query<{ bankAccountChanges: { edges: { node: { id: string; enteredByName: string } }[] } }>(PENDING);
    expect(pending.body.data!.bankAccountChanges.edges.map((e) => e.node)).toContainEqual({ id, status: 'PENDING', enteredByName: 'Clara Clerk' });

    const byClerk = await clerk.query<{ approveBankChange: Answer }>(APPROVE, { id });
    expect(byClerk.body.data!.approveBankChange).toEqual({ ok: null, error: { code: 'ROLE_NOT_ALLOWED' } });
    const byAuditor = await auditor.query(APPROVE, { id });
    expect(byAuditor.status).toBe(403);
    expect(await accountsOf()).toBe(accounts);

    const approved = await supervisor.query<{ approveBankChange: Answer }>(APPROVE, { id });
    expect(approved.body.data!.approveBankChange.ok).toMatchObject({ status: 'APPROVED', decidedBy: `staff:${supervisor.staffId}` });
    expect(await accountsOf()).toBe(accounts + 1);
    expect(await eventsOf('bank.change_approved')).toBe(1);
    const again = await otherSupervisor.query<{ approveBankChange: Answer }>(APPROVE, { id });
    expect(again.body.data!.approveBankChange.error).toEqual({ code: 'NOT_PENDING' });
    expect(await accountsOf()).toBe(accounts + 1);
  });

  it('a supervisor who entered it cannot approve or reject it (FOUR_EYES_REQUIRED); another rejects it, nothing in force', async () => {
    const accounts = await accountsOf();
    const entered = await enter(supervisor);
    const id = entered.ok!.id;
    const own = await supervisor.query<{ approveBankChange: Answer }>(APPROVE, { id });
    expect(own.body.data!.approveBankChange).toEqual({ ok: null, error: { code: 'FOUR_EYES_REQUIRED' } });
    const ownReject = await supervisor.query<{ rejectBankChange: Answer }>(REJECT, { id });
    expect(ownReject.body.data!.rejectBankChange.error).toMatchObject({ code: 'FOUR_EYES_REQUIRED' });
    const rejected = await otherSupervisor.query<{ rejectBankChange: Answer & { ok: { reason: string } | null } }>(REJECT, { id, reason: 'Kontoinhaber stimmt nicht' });
    expect(rejected.body.data!.rejectBankChange.ok).toMatchObject({ status: 'REJECTED', reason: 'Kontoinhaber stimmt nicht' });
    expect(await accountsOf()).toBe(accounts);
    expect(await eventsOf('bank.change_rejected')).toBe(1);
  });

  it('refuses invalid bank data and unknown ids, changing nothing', async () => {
    const rows = Number(await sqlValue(server.db, 'SELECT count(*) FROM bank_account_changes'));
    expect((await enter(clerk, { iban: 'AT611904300234573202' })).error).toEqual({ code: 'BANK_DATA_INVALID', field: 'iban' });
    expect((await enter(clerk, { accountHolder: '' })).error).toMatchObject({ code: 'BANK_DATA_INVALID', field: 'accountHolder' });
    expect((await enter(clerk, { validFrom: '2000-01-01' })).error).toMatchObject({ code: 'BANK_DATA_INVALID', field: 'validFrom' });
    const unknown = await clerk.query(ENTER, { input: { personId: 999_999, accountHolder: 'X', bankName: 'Y', iban: IBAN } });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const noChange = await supervisor.query(APPROVE, { id: '999999' });
    expect(noChange.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(Number(await sqlValue(server.db, 'SELECT count(*) FROM bank_account_changes'))).toBe(rows);
  });

  it('a machine client keeps the direct path: its entry is APPROVED and in force at once', async () => {
    const accounts = await accountsOf();
    const entered = await enter(core);
    expect(entered.ok).toMatchObject({ status: 'APPROVED', enteredBy: `client:${core.clientId}`, enteredByName: null, decidedBy: `client:${core.clientId}` });
    expect(await accountsOf()).toBe(accounts + 1);
  });

  it('the staff trail records each step with the member and the state before', async () => {
    const rows = await sqlAll<{ what: string; person_id: number | null; target: string | null; before: string | null }>(
      server.db,
      "SELECT what, person_id, target, before FROM staff_audit WHERE kind = 'ACTION' AND what IN ('enterBankAccount', 'approveBankChange') AND staff_id IN (?, ?) ORDER BY id",
      clerk.staffId,
      supervisor.staffId,
    );
    expect(rows[0]).toMatchObject({ what: 'enterBankAccount', person_id: personId, before: 'null' });
    expect(rows[0]!.target).toMatch(/^bank-change:\d+$/);
    const approval = rows.find((r) => r.what === 'approveBankChange' && r.before === JSON.stringify({ status: 'PENDING' }));
    expect(approval).toMatchObject({ person_id: personId });
  });
});
