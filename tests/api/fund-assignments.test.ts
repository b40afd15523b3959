import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { fundEvents, mandates, persons, pkContracts, publicUploads, vkAccounts, severanceClaims, workAssignments } from '../../db/schema';
import { createFundTestClient } from '../helpers/fund-client';
import { signInStaff, type StaffTestSession } from '../helpers/staff-session';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * "Mir zuweisen" on the fund's API (decision 0058): a staff person assigns an item to herself and releases it; the
 * `assignee` of every list's items; the refusals — someone else's item, an unknown id, a machine client, the auditor
 * without write scope — change nothing.
 */
let server: TestServer;
let clerk: StaffTestSession;
let colleague: StaffTestSession;
let auditor: StaffTestSession;
let personId: number;
beforeAll(async () => {
  server = await startTestServer({ members: 1 });
  clerk = await signInStaff(server, 'CLERK', 'clara@fund.example', 'Clara Clerk');
  colleague = await signInStaff(server, 'SUPERVISOR', 'sven@fund.example', 'Sven Supervisor');
  auditor = await signInStaff(server, 'AUDITOR', 'anton@fund.example', 'Anton Auditor');
  personId = (await server.db.select({ id: persons.id }).from(persons).limit(1))[0]!.id;
});
afterAll(async () => {
  await server.close();
});

const fixture = <T>(write: () => Promise<T>): Promise<T> => writeTransaction(server.db, write);
const now = () => new Date(server.clock.now()).toISOString();

async function newClaim(): Promise<number> {
  const accountId = (await server.db.select({ id: vkAccounts.id }).from(vkAccounts).where(eq(vkAccounts.personId, personId)).limit(1))[0]!.id;
  const [row] = await fixture(() =>
    server.db
      .insert(severanceClaims)
      .values({ personId, accountId, option: 'KEEP', status: 'NEW', submittedAt: now(), taxCents: 0, cashOrderCostCents: 0 })
      .returning({ id: severanceClaims.id }),
  );
  return row!.id;
}

async function newMandate(reference: string): Promise<number> {
  // Any member's Pensionskasse contract (the first member may have only Vorsorgekasse accounts).
  const contract = (await server.db.select().from(pkContracts).limit(1))[0]!;
  const [row] = await fixture(() =>
    server.db
      .insert(mandates)
      .values({
        personId: contract.personId,
        contractId: contract.id,
        type: 'MONTHLY',
        amountCents: 5_000,
        iban: 'AT611904300234573201',
        accountOwner: 'Anna Muster',
        startDate: '2026-06-01',
        mandateReference: reference,
        creditorId: 'AT12ZZZ00000000001',
        status: 'ACTIVE',
        createdAt: now(),
      })
      .returning({ id: mandates.id }),
  );
  return row!.id;
}

async function newPublicUpload(): Promise<number> {
  const [row] = await fixture(() =>
    server.db
      .insert(publicUploads)
      .values({ firstName: 'Otto', lastName: 'Ohnelogin', svnr: '1237010180', email: 'otto@example.com', message: 'Meldezettel', createdAt: now() })
      .returning({ id: publicUploads.id }),
  );
  return row!.id;
}

const ASSIGN = 'mutation($input: WorkItemInput!) { assignToMe(input: $input) { ok { kind id assignee { staffId name assignedAt } } error { code message field } } }';
const RELEASE = 'mutation($input: WorkItemInput!) { releaseAssignment(input: $input) { ok { kind id assignee { name } } error { code message field } } }';
type Result = {
  ok: { kind: string; id: string; assignee: { staffId: string; name: string; assignedAt: string } | null } | null;
  error: { code: string; message: string; field: string | null } | null;
};

/** Rows that an assignment writes, to show a refusal changed nothing. */
async function snapshot() {
  return {
    assignments: await server.db.select().from(workAssignments),
    events: (await server.db.select({ n: count() }).from(fundEvents))[0]!.n,
  };
}

describe('assignToMe and releaseAssignment', () => {
  it('assigns an item to the calling person, shows the assignee on the list, writes work.assigned; release frees it', async () => {
    const claim = await newClaim();
    const assigned = await clerk.query<{ assignToMe: Result }>(ASSIGN, { input: { kind: 'CLAIM', id: String(claim) } });
    expect(assigned.body.errors).toBeUndefined();
    expect(assigned.body.data!.assignToMe).toEqual({
      ok: { kind: 'CLAIM', id: String(claim), assignee: { staffId: String(clerk.staffId), name: 'Clara Clerk', assignedAt: now() } },
      error: null,
    });
    // Again: answered as it is, nothing written twice.
    const before = await snapshot();
    expect((await clerk.query<{ assignToMe: Result }>(ASSIGN, { input: { kind: 'CLAIM', id: String(claim) } })).body.data!.assignToMe.ok!.assignee!.name).toBe('Clara Clerk');
    expect(await snapshot()).toEqual(before);

    const list = await colleague.query<{ claims: { edges: { node: { id: string; assignee: { name: string } | null } }[] } }>(
      '{ claims(first: 500) { edges { node { id assignee { name } } } } }',
    );
    expect(list.body.data!.claims.edges.find((e) => e.node.id === String(claim))!.node.assignee).toEqual({ name: 'Clara Clerk' });

    const events = (await server.deps.events.ofPerson(personId)).filter((e) => e.type.startsWith('work.'));
    expect(events.map((e) => [e.type, e.actor, e.subjectId, JSON.parse(e.data)])).toEqual([
      ['work.assigned', `staff:${clerk.staffId}`, String(claim), { kind: 'CLAIM', itemId: claim, staffId: clerk.staffId }],
    ]);

    const released = await clerk.query<{ releaseAssignment: Result }>(RELEASE, { input: { kind: 'CLAIM', id: String(claim) } });
    expect(released.body.data!.releaseAssignment).toEqual({ ok: { kind: 'CLAIM', id: String(claim), assignee: null }, error: null });
    expect((await server.db.select().from(workAssignments).where(eq(workAssignments.itemId, claim))).length).toBe(0);
    expect((await server.deps.events.ofPerson(personId)).filter((e) => e.type === 'work.released').map((e) => e.subjectId)).toEqual([String(claim)]);
    // Now free: the colleague takes it.
    expect((await colleague.query<{ assignToMe: Result }>(ASSIGN, { input: { kind: 'CLAIM', id: String(claim) } })).body.data!.assignToMe.ok!.assignee!.name).toBe(
      'Sven Supervisor',
    );
  });

  it('batches the assignees of a page: every item shows its own, the unassigned null', async () => {
    const ids = [await newMandate('ASSIGN-1'), await newMandate('ASSIGN-2'), await newMandate('ASSIGN-3')];
    await clerk.query(ASSIGN, { input: { kind: 'MANDATE', id: String(ids[0]) } });
    await colleague.query(ASSIGN, { input: { kind: 'MANDATE', id: String(ids[2]) } });
    const list = await clerk.query<{ mandates: { edges: { node: { id: string; assignee: { name: string } | null } }[] } }>(
      '{ mandates(first: 200) { edges { node { id assignee { name } } } } }',
    );
    const byId = new Map(list.body.data!.mandates.edges.map((e) => [e.node.id, e.node.assignee?.name ?? null]));
    expect(ids.map((id) => byId.get(String(id)))).toEqual(['Clara Clerk', null, 'Sven Supervisor']);
  });

  it("refuses someone else's item, a release by another, and an unknown id; nothing changes", async () => {
    const upload = await newPublicUpload();
    await colleague.query(ASSIGN, { input: { kind: 'PUBLIC_UPLOAD', id: String(upload) } });
    const before = await snapshot();
    const taken = await clerk.query<{ assignToMe: Result }>(ASSIGN, { input: { kind: 'PUBLIC_UPLOAD', id: String(upload) } });
    expect(taken.body.data!.assignToMe).toEqual({ ok: null, error: { code: 'ALREADY_ASSIGNED', message: 'Already assigned to Sven Supervisor.', field: 'id' } });
    const release = await clerk.query<{ releaseAssignment: Result }>(RELEASE, { input: { kind: 'PUBLIC_UPLOAD', id: String(upload) } });
    expect(release.body.data!.releaseAssignment.error!.code).toBe('ASSIGNED_TO_OTHER');
    const claim = await newClaim();
    const before2 = await snapshot();
    expect((await clerk.query<{ releaseAssignment: Result }>(RELEASE, { input: { kind: 'CLAIM', id: String(claim) } })).body.data!.releaseAssignment.error!.code).toBe(
      'NOT_ASSIGNED',
    );
    expect(await snapshot()).toEqual(before2);
    for (const input of [
      { kind: 'MERGE_REQUEST', id: '987654' },
      { kind: 'FORM', id: '0' },
      { kind: 'PREMIUM_APPLICATION', id: 'abc' },
      // An upload's id is no claim's: kind and id together name the item.
      { kind: 'MESSAGE', id: String(upload + 100_000) },
    ]) {
      const answer = await clerk.query(ASSIGN, { input });
      expect(answer.body.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('NOT_FOUND');
    }
    expect(await snapshot()).toEqual({ ...before, events: before.events });
  });

  it("a SUPERVISOR releases a colleague's assignment (decision 0071); the event names the supervisor and the former assignee", async () => {
    const mandate = await newMandate('ASSIGN-ABSENT');
    await clerk.query(ASSIGN, { input: { kind: 'MANDATE', id: String(mandate) } });
    const released = await colleague.query<{ releaseAssignment: Result }>(RELEASE, { input: { kind: 'MANDATE', id: String(mandate) } });
    expect(released.body.data!.releaseAssignment).toEqual({ ok: { kind: 'MANDATE', id: String(mandate), assignee: null }, error: null });
    expect((await server.db.select().from(workAssignments).where(eq(workAssignments.itemId, mandate))).filter((a) => a.itemKind === 'MANDATE')).toEqual([]);
    const owner = (await server.db.select({ personId: mandates.personId }).from(mandates).where(eq(mandates.id, mandate)))[0]!.personId;
    const event = (await server.deps.events.ofPerson(owner)).filter((e) => e.type === 'work.released' && e.subjectId === String(mandate));
    expect(event.map((e) => [e.actor, JSON.parse(e.data)])).toEqual([[`staff:${colleague.staffId}`, { kind: 'MANDATE', itemId: mandate, staffId: clerk.staffId }]]);
    // The clerk, no SUPERVISOR, cannot do the same to the supervisor's item.
    await colleague.query(ASSIGN, { input: { kind: 'MANDATE', id: String(mandate) } });
    const before = await snapshot();
    expect((await clerk.query<{ releaseAssignment: Result }>(RELEASE, { input: { kind: 'MANDATE', id: String(mandate) } })).body.data!.releaseAssignment.error).toEqual({
      code: 'ASSIGNED_TO_OTHER',
      message: 'Assigned to Sven Supervisor; only they or a SUPERVISOR release it.',
      field: 'id',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a machine client and the auditor: `work:assign` is a staff-only scope of the working roles; nothing changes', async () => {
    const claim = await newClaim();
    const machine = await createFundTestClient(server, 'claims:read claims:write events:read');
    const before = await snapshot();
    const byMachine = await machine.query(ASSIGN, { input: { kind: 'CLAIM', id: String(claim) } });
    expect(byMachine.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', scope: 'work:assign' });
    const byAuditor = await auditor.query(ASSIGN, { input: { kind: 'CLAIM', id: String(claim) } });
    expect(byAuditor.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', scope: 'work:assign' });
    const releaseByAuditor = await auditor.query(RELEASE, { input: { kind: 'MANDATE', id: String(claim) } });
    expect(releaseByAuditor.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', scope: 'work:assign' });
    // No client can be created with the scope at all.
    await expect(createFundTestClient(server, 'work:assign')).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});
