import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { fundEvents, publicUploads, workAssignments } from '../../db/schema';
import { createFundTestClient } from '../helpers/fund-client';
import { signInStaff, type StaffTestSession } from '../helpers/staff-session';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { expectClearResult, type FundResultAnswer } from './fund-result-answers';
import { scalar } from './hostile-bodies';

/**
 * Hostile input to "Mir zuweisen" on /fund/graphql (decision 0058): wrong types, huge strings, unknown and foreign
 * ids, SQL and HTML as ids, unknown kinds, from a clerk's session and a machine client. Pass: never a 5xx or a leaked
 * stack or path; every refusal a clear error (a result code, or NOT_FOUND / FORBIDDEN / a request error); a change
 * only when the answer says `ok` with an assignee that was not there, and then exactly one event.
 */
const RUNS = Number(process.env.FUZZ_GRAPHQL_RUNS ?? 150);
const CLEAR_CODES = ['BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'GRAPHQL_VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'BAD_REQUEST'];
const KINDS = ['CLAIM', 'MESSAGE', 'FORM', 'PUBLIC_UPLOAD', 'MERGE_REQUEST', 'MANDATE', 'PREMIUM_APPLICATION'];

let server: TestServer;
let clerk: StaffTestSession;
let uploadId: number;
beforeAll(async () => {
  server = await startTestServer({ members: 1, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000000' } });
  clerk = await signInStaff(server, 'CLERK', 'fuzz@fund.example', 'Fiona Fuzz');
  const [row] = await writeTransaction(server.db, () =>
    server.db
      .insert(publicUploads)
      .values({ firstName: 'Otto', lastName: 'Ohnelogin', svnr: '1237010180', email: 'otto@example.com', message: '', createdAt: new Date(server.clock.now()).toISOString() })
      .returning({ id: publicUploads.id }),
  );
  uploadId = row!.id;
});
afterAll(async () => {
  await server.close();
});

const OPERATIONS = {
  assignToMe: 'mutation($input: WorkItemInput!) { assignToMe(input: $input) { ok { kind id assignee { name } } error { code message field } } }',
  releaseAssignment: 'mutation($input: WorkItemInput!) { releaseAssignment(input: $input) { ok { kind id assignee { name } } error { code message field } } }',
} as const;
type Operation = keyof typeof OPERATIONS;
type Answer = FundResultAnswer;

async function counts() {
  return {
    assignments: JSON.stringify(await server.db.select().from(workAssignments)),
    events: (await server.db.select({ n: count() }).from(fundEvents))[0]!.n,
  };
}

const expectClear = (operation: Operation, answer: FundResultAnswer) => expectClearResult(operation, answer, CLEAR_CODES);

const codeOf = (op: Operation, answer: Answer) =>
  answer.body.errors?.[0]?.extensions?.code ?? (answer.body.errors?.[0] ? 'REQUEST_ERROR' : (answer.body.data?.[op]?.error?.code ?? 'OK'));

describe('assignToMe and releaseAssignment under hostile input', () => {
  it('answers every generated input clearly, and writes one event exactly when the assignment changed', async () => {
    const id = fc.oneof(scalar, fc.constantFrom(String(uploadId), '1', '2', '0', '-1', '9007199254740993', '1e3', ' 1'));
    const kind = fc.oneof(scalar, fc.constantFrom(...KINDS));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Operation>('assignToMe', 'releaseAssignment'),
        fc.oneof(fc.record({ input: fc.record({ kind, id }, { requiredKeys: [] }) }), fc.record({ input: scalar })),
        async (op, variables) => {
          const before = await counts();
          const answer = await clerk.query<Answer['body']['data'] & object>(OPERATIONS[op], variables as Record<string, unknown>);
          expectClear(op, answer as Answer);
          const after = await counts();
          if (after.assignments === before.assignments) expect(after.events).toBe(before.events);
          else expect([codeOf(op, answer as Answer), after.events]).toEqual(['OK', before.events + 1]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses the named cases with a clear error and nothing changed', async () => {
    const machine = await createFundTestClient(server, 'events:read documents:write claims:write');
    // The generated run may have left the upload assigned to the clerk.
    await clerk.query(OPERATIONS.releaseAssignment, { input: { kind: 'PUBLIC_UPLOAD', id: String(uploadId) } });
    const before = await counts();
    const cases: [Operation, Record<string, unknown>, string, 'clerk' | 'machine'][] = [
      ['assignToMe', { input: { kind: 'CLAIM', id: '1; DROP TABLE work_assignments' } }, 'NOT_FOUND', 'clerk'],
      ['assignToMe', { input: { kind: 'MANDATE', id: '<script>alert(1)</script>' } }, 'NOT_FOUND', 'clerk'],
      ['assignToMe', { input: { kind: 'FORM', id: 'x'.repeat(70_000) } }, 'NOT_FOUND', 'clerk'],
      ['assignToMe', { input: { kind: 'CLAIM', id: '9007199254740993' } }, 'NOT_FOUND', 'clerk'],
      ['assignToMe', { input: { kind: 'claim', id: '1' } }, 'REQUEST_ERROR', 'clerk'],
      ['assignToMe', { input: { kind: "CLAIM' OR 1=1 --", id: '1' } }, 'REQUEST_ERROR', 'clerk'],
      ['assignToMe', { input: { kind: 'CLAIM', id: { $gt: 0 } } }, 'REQUEST_ERROR', 'clerk'],
      ['assignToMe', { input: { kind: 'CLAIM' } }, 'REQUEST_ERROR', 'clerk'],
      ['releaseAssignment', { input: { kind: 'PUBLIC_UPLOAD', id: String(uploadId) } }, 'NOT_ASSIGNED', 'clerk'],
      // A machine client cannot hold `work:assign` (a staff-only scope): refused before anything is looked at.
      ['assignToMe', { input: { kind: 'PUBLIC_UPLOAD', id: String(uploadId) } }, 'FORBIDDEN', 'machine'],
      ['releaseAssignment', { input: { kind: 'PUBLIC_UPLOAD', id: String(uploadId) } }, 'FORBIDDEN', 'machine'],
      ['assignToMe', { input: { kind: 'MANDATE', id: String(uploadId) } }, 'FORBIDDEN', 'machine'],
    ];
    for (const [op, variables, code, who] of cases) {
      const caller = who === 'clerk' ? clerk : machine;
      const answer = (await caller.query(OPERATIONS[op], variables)) as Answer;
      expectClear(op, answer);
      expect([op, JSON.stringify(variables).slice(0, 80), codeOf(op, answer)]).toEqual([op, JSON.stringify(variables).slice(0, 80), code]);
    }
    expect(await counts()).toEqual(before);
  });
});
