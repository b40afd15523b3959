import { and, count, eq } from 'drizzle-orm';
import { writeTransaction } from '../../db/client';
import { afterAll, beforeAll, expect } from 'vitest';
import { fundEvents, mailOutbox, mandates, mergeRequests, messages, persons, publicUploads, sentMails, type PersonRow } from '../../db/schema';
import { createFundTestClient, type FundAnswer, type FundTestClient } from './fund-client';
import { emailOf, type Scenario } from './scenarios';
import { startTestServer, type TestServer } from './test-server';

/**
 * The shared setup and steps of the fund's inbox suites (fund-inbox-messages.test.ts, fund-inbox.test.ts; decision
 * 0055): a server with one member, a reading and a writing fund client, paging, fixtures and the snapshot a refusal
 * must leave unchanged.
 */

export interface Edge<N> {
  cursor: string;
  node: N;
}

export interface Page<N> {
  edges: Edge<N>[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

export type Err = { code: string; message: string; field: string | null } | null;

/** Every page of a connection read with `first`, in order. */
export async function readAll<N>(client: FundTestClient, field: string, args: string, selection: string, first: number): Promise<Edge<N>[]> {
  const edges: Edge<N>[] = [];
  let after: string | null = null;
  for (let i = 0; i < 200; i++) {
    const answer: FundAnswer<Record<string, Page<N>>> = await client.query<Record<string, Page<N>>>(
      `query($after: String) { ${field}(${args}${args ? ', ' : ''}first: ${first}, after: $after) { edges { cursor node { ${selection} } } pageInfo { endCursor hasNextPage } } }`,
      { after },
    );
    expect(answer.body.errors).toBeUndefined();
    const page: Page<N> = answer.body.data![field]!;
    edges.push(...page.edges);
    if (!page.pageInfo.hasNextPage) return edges;
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
    after = page.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

export const MESSAGE_FIELDS =
  'id subject text sentAt status answeredAt direction mailbox counterpart member { id firstName lastName svnr } attachments { id fileName contentType sizeBytes }';

export const REPLY = `mutation($input: ReplyToMessageInput!) { replyToMessage(input: $input) { ok { noticeSent message { ${MESSAGE_FIELDS} replyToId } } error { code message field } } }`;

export const POST = `mutation($input: PostMessageInput!) { postMessage(input: $input) { ok { noticeSent message { ${MESSAGE_FIELDS} } } error { code message field } } }`;

export const b64 = (bytes: Buffer) => bytes.toString('base64');

/** Registers the suite's server (beforeAll/afterAll) and returns its state and steps, shared by the suites split from one file. */
export function inboxSuite() {
  /**
   * The fund's inbox on its API (decision 0055): the reads `messages`, `forms`, `publicUploads`, `mergeRequests`,
   * `mandates`, `premiumApplications` (filter, paging oldest first, each item naming its member), the changes
   * `postMessage`, `replyToMessage`, `assignPublicUpload`, `resolveMergeRequest`, `setMandateStatus` with their refusals
   * (nothing changed), the member's view and notice mail, the event of each change, and 403 without the scope.
   */
  const live = {} as { server: TestServer; reader: FundTestClient; writer: FundTestClient };

  beforeAll(async () => {
    live.server = await startTestServer({ members: 1, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
    live.reader = await createFundTestClient(live.server, 'messages:read forms:read uploads:read claims:read mandates:read', 'Leser');
    live.writer = await createFundTestClient(live.server, 'messages:read messages:write documents:write claims:write mandates:write', 'Schreiber');
  });

  afterAll(async () => {
    await live.server.close();
  });

  async function person(scenario: Scenario): Promise<PersonRow> {
    return (
      await live.server.db
        .select()
        .from(persons)
        .where(eq(persons.email, emailOf(scenario)))
        .limit(1)
    )[0]!;
  }

  /** Rows of the tables the fund's changes write, to show that a refusal changed nothing. */
  async function snapshot() {
    const n = async (table: typeof messages | typeof fundEvents | typeof mailOutbox | typeof sentMails) => (await live.server.db.select({ n: count() }).from(table))[0]!.n;
    return {
      messages: await n(messages),
      events: await n(fundEvents),
      // A queued mail moves from the outbox to sent_mails when the worker sends it.
      mails: (await n(mailOutbox)) + (await n(sentMails)),
      merges: await live.server.db.select().from(mergeRequests),
      mandates: await live.server.db.select().from(mandates),
      uploads: await live.server.db.select().from(publicUploads),
    };
  }

  /** The inbox notices queued or sent to a person. */
  async function notices(personId: number): Promise<number> {
    const queued = await live.server.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.personId, personId), eq(mailOutbox.kind, 'INBOX_NOTICE')));
    const sent = await live.server.db
      .select({ n: count() })
      .from(sentMails)
      .where(and(eq(sentMails.personId, personId), eq(sentMails.kind, 'INBOX_NOTICE')));
    return queued[0]!.n + sent[0]!.n;
  }

  /** Inserts rows as a test fixture (the database is written in write transactions only). */
  const fixture = <T>(write: () => Promise<T>): Promise<T> => writeTransaction(live.server.db, write);

  /** A member's message to the fund, as the member inbox stores it. */
  async function memberMessage(scenario: Scenario, subject: string, sentAt: string, attachments: { fileName: string; contentType: string; content: Buffer }[] = []) {
    const p = await person(scenario);
    return live.server.deps.stores.messages.insert(
      { personId: p.id, direction: 'OUTBOUND', counterpart: 'PENSION_FUND', subject, body: `Text von ${p.firstName}`, origin: 'PORTAL', sentAt, readAt: sentAt },
      attachments,
    );
  }

  return Object.assign(live, {
    person,
    snapshot,
    notices,
    fixture,
    memberMessage,
  });
}
