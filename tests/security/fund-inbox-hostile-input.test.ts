import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundEvents, mandates, mergeRequests, messages, persons, publicUploads } from '../../db/schema';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { expectClearResult, type FundResultAnswer } from './fund-result-answers';
import { scalar } from './hostile-bodies';

/**
 * Hostile input to the fund's inbox operations on /fund/graphql (decision 0055): wrong types, huge strings, unknown
 * ids, other members' names, SQL and HTML in strings, broken base64 and programs as attachments. Pass: never a 5xx or
 * a leaked stack or path; every refusal a clear error (a result code, or BAD_USER_INPUT / NOT_FOUND); a change only
 * when the answer says `ok`, and then exactly one event per change; text is stored as given, never interpreted.
 */
const RUNS = Number(process.env.FUZZ_GRAPHQL_RUNS ?? 150);
const CLEAR_CODES = ['BAD_USER_INPUT', 'NOT_FOUND', 'GRAPHQL_VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'BAD_REQUEST'];

let server: TestServer;
let fund: FundTestClient;
beforeAll(async () => {
  server = await startTestServer({ members: 1, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000000' } });
  fund = await createFundTestClient(server, 'messages:read messages:write documents:write claims:write mandates:write uploads:read claims:read mandates:read', 'Feindlich');
});
afterAll(async () => {
  await server.close();
});

const OPERATIONS = {
  postMessage: 'mutation($input: PostMessageInput!) { postMessage(input: $input) { ok { message { id } } error { code message field } } }',
  replyToMessage: 'mutation($input: ReplyToMessageInput!) { replyToMessage(input: $input) { ok { message { id } } error { code message field } } }',
  assignPublicUpload: 'mutation($input: AssignPublicUploadInput!) { assignPublicUpload(input: $input) { ok { upload { id } } error { code message field } } }',
  resolveMergeRequest: 'mutation($input: ResolveMergeRequestInput!) { resolveMergeRequest(input: $input) { ok { id } error { code message field } } }',
  setMandateStatus: 'mutation($input: SetMandateStatusInput!) { setMandateStatus(input: $input) { ok { id } error { code message field } } }',
  messages: 'query($status: [InboxMessageStatus!], $first: Int, $after: String) { messages(status: $status, first: $first, after: $after) { edges { cursor } } }',
  publicUploads: 'query($status: [PublicUploadStatus!], $first: Int, $after: String) { publicUploads(status: $status, first: $first, after: $after) { edges { cursor } } }',
  mandates: 'query($status: [MandateStatus!], $first: Int, $after: String) { mandates(status: $status, first: $first, after: $after) { edges { cursor } } }',
} as const;
type Operation = keyof typeof OPERATIONS;

const FIELDS: Record<Operation, string[]> = {
  postMessage: ['svnr', 'personId', 'mailbox', 'from', 'subject', 'text', 'attachments'],
  replyToMessage: ['messageId', 'text', 'attachments'],
  assignPublicUpload: ['uploadId', 'svnr', 'lastName'],
  resolveMergeRequest: ['mergeRequestId', 'status', 'note'],
  setMandateStatus: ['mandateId', 'status', 'note'],
  messages: [],
  publicUploads: [],
  mandates: [],
};

const file = fc.record({
  fileName: fc.oneof(scalar, fc.constantFrom('a.pdf', '../../etc/passwd', 'x'.repeat(500))),
  contentType: fc.oneof(scalar, fc.constantFrom('application/pdf', 'image/jpeg')),
  contentBase64: fc.oneof(scalar, fc.constantFrom('TVqQAAMAAAAEAAAA', '%PDF-1.7', Buffer.from('%PDF-1.4\n%%EOF').toString('base64'))),
});
const fieldValue = (name: string) =>
  name === 'attachments' ? fc.oneof(scalar, fc.array(file, { maxLength: 7 })) : fc.oneof(scalar, fc.constantFrom('1', '2', '3', 'DONE', 'LAPSED', 'BOARD'));

async function counts() {
  const n = async (table: typeof messages | typeof fundEvents) => (await server.db.select({ n: count() }).from(table))[0]!.n;
  return {
    messages: await n(messages),
    events: await n(fundEvents),
    merges: JSON.stringify(await server.db.select().from(mergeRequests)),
    mandates: JSON.stringify(await server.db.select().from(mandates)),
    uploads: JSON.stringify(await server.db.select().from(publicUploads)),
  };
}

const expectClear = (operation: Operation, answer: FundResultAnswer) => expectClearResult(operation, answer, CLEAR_CODES);

describe('fund inbox operations under hostile input (property-based)', () => {
  it('answers every generated input clearly, and changes something only when it says ok', async () => {
    const operation = fc.constantFrom(...(Object.keys(OPERATIONS) as Operation[]));
    await fc.assert(
      fc.asyncProperty(
        operation.chain((op) =>
          fc.record({
            op: fc.constant(op),
            variables:
              FIELDS[op].length > 0
                ? fc.oneof(fc.record({ input: fc.record(Object.fromEntries(FIELDS[op].map((f) => [f, fieldValue(f)])), { requiredKeys: [] }) }), fc.record({ input: scalar }))
                : fc.record({ status: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), first: scalar, after: scalar }, { requiredKeys: [] }),
          }),
        ),
        async ({ op, variables }) => {
          const before = await counts();
          const answer = await fund.query<Record<string, { ok?: unknown; error?: { code: string; message: string } | null } | null>>(
            OPERATIONS[op],
            variables as Record<string, unknown>,
          );
          expectClear(op, answer);
          const after = await counts();
          const accepted = answer.body.errors === undefined && answer.body.data?.[op]?.ok !== undefined && answer.body.data?.[op]?.ok !== null;
          if (!accepted || FIELDS[op].length === 0) expect(after).toEqual(before);
          else expect(after.events).toBe(before.events + 1);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses the named cases with a clear error and nothing changed; SQL and HTML in text are stored as text', async () => {
    const anna = (
      await server.db
        .select()
        .from(persons)
        .where(eq(persons.email, emailOf('anna')))
        .limit(1)
    )[0]!;
    const bernd = (
      await server.db
        .select()
        .from(persons)
        .where(eq(persons.email, emailOf('bernd')))
        .limit(1)
    )[0]!;
    const before = await counts();
    const refusals: [Operation, Record<string, unknown>, string][] = [
      ['postMessage', { input: { svnr: anna.svnr, subject: 'x', text: 'y'.repeat(70_000) } }, 'TEXT_TOO_LONG'],
      ['postMessage', { input: { svnr: "' OR 1=1 --", subject: 'x', text: 'y' } }, 'MEMBER_NOT_FOUND'],
      ['postMessage', { input: { personId: '-1', subject: 'x', text: 'y' } }, 'MEMBER_NOT_FOUND'],
      [
        'postMessage',
        { input: { svnr: anna.svnr, subject: 'x', text: 'y', attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: 'TVqQAAMAAAAEAAAA' }] } },
        'ATTACHMENT_INVALID',
      ],
      ['replyToMessage', { input: { messageId: '1; DROP TABLE messages', text: 'x' } }, 'NOT_FOUND'],
      ['replyToMessage', { input: { messageId: '9007199254740993', text: 'x' } }, 'NOT_FOUND'],
      ['assignPublicUpload', { input: { uploadId: '1e3', svnr: anna.svnr, lastName: bernd.lastName } }, 'NOT_FOUND'],
      ['resolveMergeRequest', { input: { mergeRequestId: '<script>', status: 'DONE' } }, 'NOT_FOUND'],
      ['setMandateStatus', { input: { mandateId: '0', status: 'LAPSED' } }, 'NOT_FOUND'],
      ['setMandateStatus', { input: { mandateId: 1, status: 'GONE' } }, 'REQUEST_ERROR'],
      ['postMessage', { input: { svnr: 42, subject: ['x'], text: null } }, 'REQUEST_ERROR'],
      ['messages', { first: 100_000 }, 'BAD_USER_INPUT'],
      ['messages', { after: 'WyIxIiwiMiJd' }, 'BAD_USER_INPUT'],
    ];
    for (const [op, variables, code] of refusals) {
      const answer = await fund.query<Record<string, { ok?: unknown; error?: { code: string; message: string } | null } | null>>(OPERATIONS[op], variables);
      expectClear(op, answer);
      const requestError = answer.body.errors?.[0] && answer.body.errors[0].extensions?.code === undefined ? 'REQUEST_ERROR' : undefined;
      const got = answer.body.errors?.[0]?.extensions?.code ?? requestError ?? answer.body.data?.[op]?.error?.code;
      expect([op, JSON.stringify(variables).slice(0, 80), got]).toEqual([op, JSON.stringify(variables).slice(0, 80), code]);
    }
    expect(await counts()).toEqual(before);

    const hostileText = "<script>alert(1)</script>' OR 1=1 -- \u202Eevil";
    const posted = await fund.query<{ postMessage: { ok: { message: { id: string } } } }>(OPERATIONS.postMessage, {
      input: { svnr: bernd.svnr, subject: '<b>Betreff</b>', text: hostileText },
    });
    const id = Number(posted.body.data!.postMessage.ok.message.id);
    const [stored] = await server.db.select().from(messages).where(eq(messages.id, id));
    expect([stored!.subject, stored!.body, stored!.personId]).toEqual(['<b>Betreff</b>', hostileText, bernd.id]);
  });
});
