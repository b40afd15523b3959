import { and, count, eq } from 'drizzle-orm';
import { writeTransaction } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactDuties,
  formSubmissions,
  fundEvents,
  mailOutbox,
  mandates,
  mergeRequests,
  messages,
  persons,
  pkContracts,
  premiumApplications,
  publicUploadFiles,
  publicUploads,
  sentMails,
  type PersonRow,
} from '../../db/schema';
import { postFundMessage } from '../../server/cli/fund';
import { createFundTestClient, type FundAnswer, type FundTestClient } from '../helpers/fund-client';
import { exeBytes, jpegBytes, pdfBytes } from '../helpers/files';
import { emailOf, loginAs, type Scenario } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The fund's inbox on its API (decision 0055): the reads `messages`, `forms`, `publicUploads`, `mergeRequests`,
 * `mandates`, `premiumApplications` (filter, paging oldest first, each item naming its member), the changes
 * `postMessage`, `replyToMessage`, `assignPublicUpload`, `resolveMergeRequest`, `setMandateStatus` with their refusals
 * (nothing changed), the member's view and notice mail, the event of each change, and 403 without the scope.
 */
let server: TestServer;
let reader: FundTestClient;
let writer: FundTestClient;
beforeAll(async () => {
  server = await startTestServer({ members: 1, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  reader = await createFundTestClient(server, 'messages:read forms:read uploads:read claims:read mandates:read', 'Leser');
  writer = await createFundTestClient(server, 'messages:read messages:write documents:write claims:write mandates:write', 'Schreiber');
});
afterAll(async () => {
  await server.close();
});

interface Edge<N> {
  cursor: string;
  node: N;
}
interface Page<N> {
  edges: Edge<N>[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}
type Err = { code: string; message: string; field: string | null } | null;

async function person(scenario: Scenario): Promise<PersonRow> {
  return (
    await server.db
      .select()
      .from(persons)
      .where(eq(persons.email, emailOf(scenario)))
      .limit(1)
  )[0]!;
}

/** Rows of the tables the fund's changes write, to show that a refusal changed nothing. */
async function snapshot() {
  const n = async (table: typeof messages | typeof fundEvents | typeof mailOutbox | typeof sentMails) => (await server.db.select({ n: count() }).from(table))[0]!.n;
  return {
    messages: await n(messages),
    events: await n(fundEvents),
    // A queued mail moves from the outbox to sent_mails when the worker sends it.
    mails: (await n(mailOutbox)) + (await n(sentMails)),
    merges: await server.db.select().from(mergeRequests),
    mandates: await server.db.select().from(mandates),
    uploads: await server.db.select().from(publicUploads),
  };
}

/** The inbox notices queued or sent to a person. */
async function notices(personId: number): Promise<number> {
  const queued = await server.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.personId, personId), eq(mailOutbox.kind, 'INBOX_NOTICE')));
  const sent = await server.db
    .select({ n: count() })
    .from(sentMails)
    .where(and(eq(sentMails.personId, personId), eq(sentMails.kind, 'INBOX_NOTICE')));
  return queued[0]!.n + sent[0]!.n;
}

/** Inserts rows as a test fixture (the database is written in write transactions only). */
const fixture = <T>(write: () => Promise<T>): Promise<T> => writeTransaction(server.db, write);

/** Every page of a connection read with `first`, in order. */
async function readAll<N>(client: FundTestClient, field: string, args: string, selection: string, first: number): Promise<Edge<N>[]> {
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

/** A member's message to the fund, as the member inbox stores it. */
async function memberMessage(scenario: Scenario, subject: string, sentAt: string, attachments: { fileName: string; contentType: string; content: Buffer }[] = []) {
  const p = await person(scenario);
  return server.deps.stores.messages.insert(
    { personId: p.id, direction: 'OUTBOUND', counterpart: 'PENSION_FUND', subject, body: `Text von ${p.firstName}`, origin: 'PORTAL', sentAt, readAt: sentAt },
    attachments,
  );
}

const MESSAGE_FIELDS =
  'id subject text sentAt status answeredAt direction mailbox counterpart member { id firstName lastName svnr } attachments { id fileName contentType sizeBytes }';
const REPLY = `mutation($input: ReplyToMessageInput!) { replyToMessage(input: $input) { ok { noticeSent message { ${MESSAGE_FIELDS} replyToId } } error { code message field } } }`;
const POST = `mutation($input: PostMessageInput!) { postMessage(input: $input) { ok { noticeSent message { ${MESSAGE_FIELDS} } } error { code message field } } }`;
const b64 = (bytes: Buffer) => bytes.toString('base64');

describe('messages: what members sent, and the fund answering', () => {
  it('lists members’ messages oldest first across pages, each naming its member, with attachment bytes on request', async () => {
    const pdf = pdfBytes(700);
    const annas = await memberMessage('anna', 'Frage zur Pension', '2020-01-02T08:00:00.000Z', [{ fileName: 'Beleg.pdf', contentType: 'application/pdf', content: pdf }]);
    const bernds = await memberMessage('bernd', 'Frage zur Abfertigung', '2020-01-02T08:00:00.000Z');
    const total = (await server.db.select({ n: count() }).from(messages).where(eq(messages.direction, 'OUTBOUND')))[0]!.n;
    const all = await readAll<{ id: string; sentAt: string; member: { svnr: string; lastName: string } }>(reader, 'messages', '', 'id sentAt member { svnr lastName }', 3);
    expect(all).toHaveLength(total);
    const keys = all.map((e) => [e.node.sentAt, Number(e.node.id)] as const);
    expect([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))).toEqual(keys);
    expect(new Set(all.map((e) => e.node.id)).size).toBe(total);
    // Same sent time: the lower id first; each names its own member.
    const mine = all.filter((e) => [String(annas.id), String(bernds.id)].includes(e.node.id));
    expect(mine.map((e) => [e.node.id, e.node.member.svnr])).toEqual([
      [String(annas.id), (await person('anna')).svnr],
      [String(bernds.id), (await person('bernd')).svnr],
    ]);
    const first = await reader.query<{ messages: Page<{ id: string; attachments: { fileName: string; contentBase64: string }[] }> }>(
      '{ messages(status: [OPEN], first: 1) { edges { node { id attachments { fileName contentBase64 } } } } }',
    );
    expect(first.body.errors).toBeUndefined();
    const withFile = await reader.query<{ messages: Page<{ id: string; attachments: { fileName: string; contentBase64: string }[] }> }>(
      `{ messages(first: 200) { edges { node { id attachments { fileName contentBase64 } } } } }`,
    );
    const node = withFile.body.data!.messages.edges.find((e) => e.node.id === String(annas.id))!.node;
    expect(node.attachments).toEqual([{ fileName: 'Beleg.pdf', contentBase64: b64(pdf) }]);
  });

  it('answers a member’s message: the member sees it unread in the inbox, the notice is queued, the original is ANSWERED, message.sent written', async () => {
    const anna = await person('anna');
    const original = await memberMessage('anna', 'Bitte um Bestätigung', '2021-03-04T09:00:00.000Z');
    const pdf = pdfBytes(500);
    const mailsBefore = await notices(anna.id);
    const answer = await writer.query<{
      replyToMessage: { ok: { noticeSent: boolean; message: { id: string; subject: string; replyToId: string; direction: string; status: string | null } }; error: Err };
    }>(REPLY, {
      input: {
        messageId: String(original.id),
        text: '  Anbei die Bestätigung.  ',
        attachments: [{ fileName: 'Bestaetigung.pdf', contentType: 'application/pdf', contentBase64: b64(pdf) }],
      },
    });
    expect(answer.body.errors).toBeUndefined();
    const ok = answer.body.data!.replyToMessage.ok;
    expect(ok).toMatchObject({ noticeSent: true, message: { subject: 'AW: Bitte um Bestätigung', replyToId: String(original.id), direction: 'FROM_FUND', status: null } });

    const member = await loginAs(server, 'anna');
    const inbox = await member.graphql<{ me: { messages: { nodes: { id: string; subject: string; unread: boolean; body: string; attachments: { fileName: string }[] }[] } } }>(
      '{ me { messages(folder: RECEIVED, pageSize: 50) { nodes { id subject unread body attachments { fileName } } } } }',
    );
    expect(inbox.body.data!.me.messages.nodes.find((m) => m.id === ok.message.id)).toEqual({
      id: ok.message.id,
      subject: 'AW: Bitte um Bestätigung',
      unread: true,
      body: 'Anbei die Bestätigung.',
      attachments: [{ fileName: 'Bestaetigung.pdf' }],
    });
    expect(await notices(anna.id)).toBe(mailsBefore + 1);

    const answered = await reader.query<{ messages: Page<{ id: string; status: string; answeredAt: string }> }>(
      '{ messages(status: [ANSWERED], first: 200) { edges { node { id status answeredAt } } } }',
    );
    expect(answered.body.data!.messages.edges.map((e) => e.node)).toContainEqual({ id: String(original.id), status: 'ANSWERED', answeredAt: expect.any(String) });
    const open = await reader.query<{ messages: Page<{ id: string }> }>('{ messages(status: [OPEN], first: 200) { edges { node { id } } } }');
    expect(open.body.data!.messages.edges.map((e) => e.node.id)).not.toContain(String(original.id));

    const events = (await server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'message.sent' && e.subjectId === ok.message.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe(`client:${writer.clientId}`);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ messageId: Number(ok.message.id), replyToId: original.id, mailbox: 'MEMBER', attachments: 1, noticeSent: true });
  });

  it('refuses a reply with a code and changes nothing: unknown id, the fund’s own message, empty text, a program, a type that is not the content', async () => {
    const original = await memberMessage('bernd', 'Noch eine Frage', '2021-05-06T09:00:00.000Z');
    const fundsOwn = (await server.db.select().from(messages).where(eq(messages.direction, 'INBOUND')).limit(1))[0]!;
    const before = await snapshot();
    const unknown = await writer.query(REPLY, { input: { messageId: '999999999', text: 'x' } });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ messageId: String(fundsOwn.id), text: 'x' }, 'NOT_A_MEMBER_MESSAGE', 'messageId'],
      [{ messageId: String(original.id), text: '   ' }, 'TEXT_REQUIRED', 'text'],
      [{ messageId: String(original.id), text: 'x'.repeat(10_001) }, 'TEXT_TOO_LONG', 'text'],
      [
        { messageId: String(original.id), text: 'x', attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: b64(exeBytes()) }] },
        'ATTACHMENT_INVALID',
        'attachments[0]',
      ],
      [
        { messageId: String(original.id), text: 'x', attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: b64(jpegBytes()) }] },
        'ATTACHMENT_INVALID',
        'attachments[0]',
      ],
      [
        { messageId: String(original.id), text: 'x', attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: '%%%' }] },
        'ATTACHMENT_INVALID',
        'attachments[0]',
      ],
      [
        {
          messageId: String(original.id),
          text: 'x',
          attachments: Array.from({ length: 6 }, () => ({ fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: b64(pdfBytes()) })),
        },
        'TOO_MANY_ATTACHMENTS',
        'attachments',
      ],
    ];
    for (const [input, code, field] of cases) {
      const answer = await writer.query<{ replyToMessage: { ok: unknown; error: Err } }>(REPLY, { input });
      expect([code, answer.body.data?.replyToMessage.ok, answer.body.data?.replyToMessage.error?.code, answer.body.data?.replyToMessage.error?.field]).toEqual([
        code,
        null,
        code,
        field,
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('posts to a member by SVNR or id, into the board inbox only with a seat, and refuses the rest with a code', async () => {
    const bernd = await person('bernd');
    const sonja = await person('sonja');
    const posted = await writer.query<{ postMessage: { ok: { noticeSent: boolean; message: { id: string; member: { id: string }; counterpart: string } }; error: Err } }>(POST, {
      input: {
        svnr: bernd.svnr,
        from: 'SEVERANCE_FUND',
        subject: 'Ihr Kontoauszug',
        text: 'Bitte beachten Sie …',
        attachments: [{ fileName: 'scan.jpg', contentType: 'image/jpeg', contentBase64: b64(jpegBytes()) }],
      },
    });
    expect(posted.body.data!.postMessage).toMatchObject({ ok: { noticeSent: false, message: { member: { id: String(bernd.id) }, counterpart: 'SEVERANCE_FUND' } }, error: null });
    const member = await loginAs(server, 'bernd');
    const inbox = await member.graphql<{ me: { messages: { nodes: { id: string }[] } } }>('{ me { messages(folder: RECEIVED, pageSize: 50) { nodes { id } } } }');
    expect(inbox.body.data!.me.messages.nodes.map((m) => m.id)).toContain(posted.body.data!.postMessage.ok.message.id);

    const board = await writer.query<{ postMessage: { ok: { message: { mailbox: string } }; error: Err } }>(POST, {
      input: { personId: String(sonja.id), mailbox: 'BOARD', subject: 'Einladung zur Sitzung', text: 'Sehr geehrte Frau Dr.in Aufsicht, …' },
    });
    expect(board.body.data!.postMessage).toMatchObject({ ok: { message: { mailbox: 'BOARD' } }, error: null });
    const events = (await server.deps.events.ofPerson(sonja.id)).filter((e) => e.type === 'message.sent');
    expect(events.map((e) => JSON.parse(e.data).mailbox)).toContain('BOARD');

    const before = await snapshot();
    const refused: [Record<string, unknown>, string, string][] = [
      [{ svnr: (await person('anna')).svnr, mailbox: 'BOARD', subject: 'Einladung', text: 'x' }, 'NO_BOARD_SEAT', 'mailbox'],
      [{ svnr: '1237010180', subject: 'x', text: 'x' }, 'MEMBER_NOT_FOUND', 'svnr'],
      [{ personId: '99999999', subject: 'x', text: 'x' }, 'MEMBER_NOT_FOUND', 'personId'],
      [{ svnr: bernd.svnr, subject: 'x'.repeat(101), text: 'x' }, 'SUBJECT_TOO_LONG', 'subject'],
      [{ svnr: bernd.svnr, subject: ' ', text: 'x' }, 'SUBJECT_REQUIRED', 'subject'],
      [{ svnr: bernd.svnr, subject: 'x', text: '' }, 'TEXT_REQUIRED', 'text'],
    ];
    for (const [input, code, field] of refused) {
      const answer = await writer.query<{ postMessage: { ok: unknown; error: Err } }>(POST, { input });
      expect([code, answer.body.data?.postMessage.error?.code, answer.body.data?.postMessage.error?.field]).toEqual([code, code, field]);
    }
    const both = await writer.query(POST, { input: { svnr: bernd.svnr, personId: String(bernd.id), subject: 'x', text: 'x' } });
    expect(both.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a contact person’s message into the customer mailbox it came from', async () => {
    const otto = await person('otto');
    const [duty] = await server.db.select().from(contactDuties).where(eq(contactDuties.personId, otto.id)).limit(1);
    const sentAt = '2021-06-07T09:00:00.000Z';
    const original = await server.deps.stores.messages.insert(
      {
        personId: otto.id,
        customerDesignation: duty!.customerDesignation,
        direction: 'OUTBOUND',
        counterpart: 'SEVERANCE_FUND',
        subject: 'Beitragsliste',
        body: 'Anbei',
        origin: 'PORTAL',
        sentAt,
        readAt: sentAt,
      },
      [],
    );
    const answer = await writer.query<{ replyToMessage: { ok: { message: { id: string; counterpart: string } }; error: Err } }>(REPLY, {
      input: { messageId: String(original.id), text: 'Danke' },
    });
    expect(answer.body.data!.replyToMessage).toMatchObject({ ok: { message: { counterpart: 'SEVERANCE_FUND' } }, error: null });
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(answer.body.data!.replyToMessage.ok.message.id)));
    expect([stored!.personId, stored!.customerDesignation, stored!.mailboxKind, stored!.direction, stored!.replyToId]).toEqual([
      otto.id,
      duty!.customerDesignation,
      'MEMBER',
      'INBOUND',
      original.id,
    ]);
  });

  it('writes the message, its notice and its event in one transaction: when the event cannot be written, nothing is stored', async () => {
    const original = await memberMessage('anna', 'Rückfrage', '2021-07-08T09:00:00.000Z');
    const before = await snapshot();
    const record = server.deps.events.record;
    server.deps.events.record = () => Promise.reject(new Error('event store down'));
    try {
      const answer = await writer.query(REPLY, { input: { messageId: String(original.id), text: 'Antwort' } });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const post = await writer.query(POST, { input: { svnr: (await person('bernd')).svnr, subject: 'x', text: 'y' } });
      expect(post.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      server.deps.events.record = record;
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the command line’s fund message goes through the same service and writes message.sent with the actor system', async () => {
    const clara = await person('clara');
    const posted = await postFundMessage(server.deps, { to: emailOf('clara'), from: 'PENSION_FUND', subject: 'Per Befehl', body: 'Text', attachments: [] });
    const events = (await server.deps.events.ofPerson(clara.id)).filter((e) => e.type === 'message.sent' && e.subjectId === String(posted.messageId));
    expect(events.map((e) => e.actor)).toEqual(['system']);
  });
});

describe('forms', () => {
  it('lists forms oldest first with their member and message, filtered by whether they were answered', async () => {
    const anna = await person('anna');
    const carrier = await memberMessage('anna', 'Formular: Bankverbindung', '2020-02-01T10:00:00.000Z', [
      { fileName: 'Formular.pdf', contentType: 'application/pdf', content: pdfBytes() },
    ]);
    const [form] = await fixture(() =>
      server.db.insert(formSubmissions).values({ personId: anna.id, kind: 'BANK_DATA', messageId: carrier.id, submittedAt: '2020-02-01T10:00:00.000Z' }).returning(),
    );
    const read = async (status: string) =>
      (
        await reader.query<{ forms: Page<{ id: string; kind: string; status: string; member: { svnr: string }; message: { id: string; attachments: { fileName: string }[] } }> }>(
          `{ forms(status: [${status}], first: 200) { edges { node { id kind status member { svnr } message { id attachments { fileName } } } } } }`,
        )
      ).body.data!.forms.edges.map((e) => e.node);
    expect((await read('OPEN')).find((f) => f.id === String(form!.id))).toEqual({
      id: String(form!.id),
      kind: 'BANK_DATA',
      status: 'OPEN',
      member: { svnr: anna.svnr },
      message: { id: String(carrier.id), attachments: [{ fileName: 'Formular.pdf' }] },
    });
    await writer.query(REPLY, { input: { messageId: String(carrier.id), text: 'Erledigt.' } });
    expect((await read('OPEN')).map((f) => f.id)).not.toContain(String(form!.id));
    expect((await read('ANSWERED')).map((f) => f.id)).toContain(String(form!.id));
    const pages = await readAll<{ id: string }>(reader, 'forms', '', 'id', 1);
    expect(pages.map((e) => e.node.id)).toContain(String(form!.id));
  });
});

describe('public uploads: listing and filing with a member', () => {
  async function publicUpload(lastName: string, createdAt: string) {
    const [row] = await fixture(() =>
      server.db
        .insert(publicUploads)
        .values({ personId: null, firstName: 'Anna', lastName, svnr: '1234010180', email: 'anna@example.org', message: 'Meine Geburtsurkunde', createdAt })
        .returning(),
    );
    const pdf = pdfBytes(400);
    await fixture(() =>
      server.db.insert(publicUploadFiles).values({
        id: `f${row!.id}`.padEnd(32, '0'),
        captchaChallenge: 'c',
        submissionId: row!.id,
        fileName: 'Urkunde.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        content: pdf,
        documentKind: null,
        createdAt,
        expiresAt: createdAt,
      }),
    );
    return { row: row!, pdf };
  }
  const ASSIGN =
    'mutation($input: AssignPublicUploadInput!) { assignPublicUpload(input: $input) { ok { upload { id status member { svnr } } message { id direction subject } } error { code field } } }';

  it('lists UNASSIGNED uploads with their files, refuses a mismatch without a change, and files the upload as a sent message of the member', async () => {
    const anna = await person('anna');
    const { row, pdf } = await publicUpload('Muster', '2020-03-01T10:00:00.000Z');
    const unassigned = await reader.query<{ publicUploads: Page<{ id: string; status: string; member: null; files: { fileName: string; contentBase64: string }[] }> }>(
      '{ publicUploads(status: [UNASSIGNED], first: 200) { edges { node { id status member { id } files { fileName contentBase64 } } } } }',
    );
    expect(unassigned.body.data!.publicUploads.edges.map((e) => e.node).find((u) => u.id === String(row.id))).toEqual({
      id: String(row.id),
      status: 'UNASSIGNED',
      member: null,
      files: [{ fileName: 'Urkunde.pdf', contentBase64: b64(pdf) }],
    });

    const before = await snapshot();
    const refusals: [Record<string, unknown>, string][] = [
      [{ uploadId: String(row.id), svnr: anna.svnr, lastName: 'Musterfrau' }, 'NAME_MISMATCH'],
      [{ uploadId: String(row.id), svnr: '1237010180', lastName: 'Muster' }, 'MEMBER_NOT_FOUND'],
      [{ uploadId: String(row.id), svnr: '12345', lastName: 'Muster' }, 'SVNR_INVALID'],
    ];
    for (const [input, code] of refusals) {
      const answer = await writer.query<{ assignPublicUpload: { ok: unknown; error: Err } }>(ASSIGN, { input });
      expect([code, answer.body.data?.assignPublicUpload.ok, answer.body.data?.assignPublicUpload.error?.code]).toEqual([code, null, code]);
    }
    expect((await writer.query(ASSIGN, { input: { uploadId: '88888888', svnr: anna.svnr, lastName: 'Muster' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);

    const assigned = await writer.query<{
      assignPublicUpload: { ok: { upload: { status: string; member: { svnr: string } }; message: { id: string; direction: string; subject: string } }; error: Err };
    }>(ASSIGN, {
      input: { uploadId: String(row.id), svnr: anna.svnr, lastName: '  muster ' },
    });
    expect(assigned.body.data!.assignPublicUpload).toMatchObject({
      ok: { upload: { status: 'ASSIGNED', member: { svnr: anna.svnr } }, message: { direction: 'FROM_MEMBER', subject: 'Ihre Unterlagen vom 01.03.2020 (Upload-Formular)' } },
      error: null,
    });
    const member = await loginAs(server, 'anna');
    const sent = await member.graphql<{ me: { messages: { nodes: { id: string; body: string; attachments: { fileName: string }[] }[] } } }>(
      '{ me { messages(folder: SENT, pageSize: 50) { nodes { id body attachments { fileName } } } } }',
    );
    expect(sent.body.data!.me.messages.nodes.find((m) => m.id === assigned.body.data!.assignPublicUpload.ok.message.id)).toEqual({
      id: assigned.body.data!.assignPublicUpload.ok.message.id,
      body: 'Meine Geburtsurkunde',
      attachments: [{ fileName: 'Urkunde.pdf' }],
    });
    const events = (await server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'upload.assigned' && e.subjectId === String(row.id));
    expect(events).toHaveLength(1);
    const again = await writer.query<{ assignPublicUpload: { error: Err } }>(ASSIGN, { input: { uploadId: String(row.id), svnr: anna.svnr, lastName: 'Muster' } });
    expect(again.body.data!.assignPublicUpload.error?.code).toBe('ALREADY_ASSIGNED');
    const assignedList = await reader.query<{ publicUploads: Page<{ id: string }> }>('{ publicUploads(status: [ASSIGNED], first: 200) { edges { node { id } } } }');
    expect(assignedList.body.data!.publicUploads.edges.map((e) => e.node.id)).toContain(String(row.id));
  });
});

describe('merge requests', () => {
  const RESOLVE =
    'mutation($input: ResolveMergeRequestInput!) { resolveMergeRequest(input: $input) { ok { id status resolvedAt resolutionNote member { svnr } } error { code field } } }';

  it('lists PENDING requests, refuses a bad resolution without a change, resolves with a note that reaches the member, and writes merge.resolved', async () => {
    const bernd = await person('bernd');
    const [request] = await fixture(() =>
      server.db
        .insert(mergeRequests)
        .values({
          personId: bernd.id,
          status: 'PENDING',
          firstName: bernd.firstName,
          lastName: bernd.lastName,
          svnr: bernd.svnr,
          email: 'bernd@example.at',
          signatureType: 'DIGITAL',
          signatureKind: 'TYPED',
          signatureName: 'Bernd',
          accountNumbers: 'VK-100,VK-101',
          targetAccountNumber: 'VK-102',
          submittedAt: '2020-04-01T10:00:00.000Z',
        })
        .returning(),
    );
    const pending = await reader.query<{ mergeRequests: Page<{ id: string; accountNumbers: string[]; member: { svnr: string } }> }>(
      '{ mergeRequests(status: [PENDING], first: 200) { edges { node { id accountNumbers member { svnr } } } } }',
    );
    expect(pending.body.data!.mergeRequests.edges.map((e) => e.node)).toContainEqual({
      id: String(request!.id),
      accountNumbers: ['VK-100', 'VK-101'],
      member: { svnr: bernd.svnr },
    });

    const before = await snapshot();
    for (const [input, code] of [
      [{ mergeRequestId: String(request!.id), status: 'DECLINED' }, 'NOTE_REQUIRED'],
      [{ mergeRequestId: String(request!.id), status: 'PENDING', note: 'x' }, 'STATUS_NOT_ALLOWED'],
      [{ mergeRequestId: String(request!.id), status: 'DONE', note: 'x'.repeat(2001) }, 'NOTE_TOO_LONG'],
    ] as const) {
      const answer = await writer.query<{ resolveMergeRequest: { ok: unknown; error: Err } }>(RESOLVE, { input });
      expect([code, answer.body.data?.resolveMergeRequest.error?.code]).toEqual([code, code]);
    }
    expect(await snapshot()).toEqual(before);

    const done = await writer.query<{ resolveMergeRequest: { ok: { status: string; resolutionNote: string }; error: Err } }>(RESOLVE, {
      input: { mergeRequestId: String(request!.id), status: 'DONE', note: 'Die Übertragung erfolgt mit 1. Dezember.' },
    });
    expect(done.body.data!.resolveMergeRequest).toMatchObject({ ok: { status: 'DONE', resolutionNote: 'Die Übertragung erfolgt mit 1. Dezember.' }, error: null });
    const member = await loginAs(server, 'bernd');
    const inbox = await member.graphql<{ me: { messages: { nodes: { subject: string; body: string; counterpart: string }[] } } }>(
      '{ me { messages(folder: RECEIVED, pageSize: 50) { nodes { subject body counterpart } } } }',
    );
    const told = inbox.body.data!.me.messages.nodes.find((m) => m.subject === 'Ihre Abfertigungskonten wurden zusammengelegt')!;
    expect(told.counterpart).toBe('SEVERANCE_FUND');
    expect(told.body).toContain('VK-100,VK-101');
    expect(told.body).toContain('Anmerkung der Vorsorgekasse: Die Übertragung erfolgt mit 1. Dezember.');
    const events = (await server.deps.events.ofPerson(bernd.id)).filter((e) => e.type === 'merge.resolved');
    expect(events.map((e) => [e.subjectId, JSON.parse(e.data).status])).toEqual([[String(request!.id), 'DONE']]);
    const again = await writer.query<{ resolveMergeRequest: { error: Err } }>(RESOLVE, { input: { mergeRequestId: String(request!.id), status: 'DECLINED', note: 'x' } });
    expect(again.body.data!.resolveMergeRequest.error?.code).toBe('ALREADY_RESOLVED');
    expect((await writer.query(RESOLVE, { input: { mergeRequestId: 'abc', status: 'DONE' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('mandates and premium applications', () => {
  const SET = 'mutation($input: SetMandateStatusInput!) { setMandateStatus(input: $input) { ok { id status member { svnr } } error { code field } } }';

  async function mandate(personId: number, type: 'MONTHLY' | 'ONE_OFF', reference: string) {
    const contract = (await server.db.select().from(pkContracts).where(eq(pkContracts.personId, personId)).limit(1))[0]!;
    const [row] = await fixture(() =>
      server.db
        .insert(mandates)
        .values({
          personId,
          contractId: contract.id,
          type,
          amountCents: 5_000,
          iban: 'AT611904300234573201',
          accountOwner: 'Anna Muster',
          startDate: '2020-06-01',
          mandateReference: reference,
          creditorId: 'AT12ZZZ00000000001',
          status: 'ACTIVE',
          createdAt: '2020-05-01T10:00:00.000Z',
        })
        .returning(),
    );
    return row!;
  }

  it('sets only the statuses the fund may set, with codes for the rest, and writes mandate.changed', async () => {
    const anna = await person('anna');
    const monthly = await mandate(anna.id, 'MONTHLY', 'FUND-TEST-M');
    const oneOff = await mandate(anna.id, 'ONE_OFF', 'FUND-TEST-O');
    const active = await reader.query<{ mandates: Page<{ id: string; member: { svnr: string } }> }>(
      '{ mandates(status: [ACTIVE], first: 200) { edges { node { id member { svnr } } } } }',
    );
    expect(active.body.data!.mandates.edges.map((e) => e.node)).toEqual(
      expect.arrayContaining([
        { id: String(monthly.id), member: { svnr: anna.svnr } },
        { id: String(oneOff.id), member: { svnr: anna.svnr } },
      ]),
    );
    const before = await snapshot();
    for (const [input, code] of [
      [{ mandateId: String(monthly.id), status: 'CANCELLED' }, 'MEMBER_ONLY'],
      [{ mandateId: String(monthly.id), status: 'COLLECTED' }, 'TRANSITION_NOT_ALLOWED'],
      [{ mandateId: String(monthly.id), status: 'ACTIVE' }, 'TRANSITION_NOT_ALLOWED'],
      [{ mandateId: String(monthly.id), status: 'LAPSED', note: 'x'.repeat(2001) }, 'NOTE_TOO_LONG'],
    ] as const) {
      const answer = await writer.query<{ setMandateStatus: { ok: unknown; error: Err } }>(SET, { input });
      expect([code, answer.body.data?.setMandateStatus.error?.code]).toEqual([code, code]);
    }
    expect((await writer.query(SET, { input: { mandateId: '77777777', status: 'LAPSED' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);

    const lapsed = await writer.query<{ setMandateStatus: { ok: { status: string }; error: Err } }>(SET, {
      input: { mandateId: String(monthly.id), status: 'LAPSED', note: '36 Monate ohne Einzug' },
    });
    expect(lapsed.body.data!.setMandateStatus).toMatchObject({ ok: { status: 'LAPSED' }, error: null });
    const collected = await writer.query<{ setMandateStatus: { ok: { status: string }; error: Err } }>(SET, { input: { mandateId: String(oneOff.id), status: 'COLLECTED' } });
    expect(collected.body.data!.setMandateStatus).toMatchObject({ ok: { status: 'COLLECTED' }, error: null });
    const again = await writer.query<{ setMandateStatus: { error: Err } }>(SET, { input: { mandateId: String(monthly.id), status: 'LAPSED' } });
    expect(again.body.data!.setMandateStatus.error?.code).toBe('TRANSITION_NOT_ALLOWED');
    const events = (await server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'mandate.changed').map((e) => JSON.parse(e.data) as Record<string, unknown>);
    expect(events).toEqual([
      { mandateId: monthly.id, from: 'ACTIVE', to: 'LAPSED', note: '36 Monate ohne Einzug' },
      { mandateId: oneOff.id, from: 'ACTIVE', to: 'COLLECTED', note: null },
    ]);
    const lapsedList = await reader.query<{ mandates: Page<{ id: string }> }>('{ mandates(status: [LAPSED], first: 200) { edges { node { id } } } }');
    expect(lapsedList.body.data!.mandates.edges.map((e) => e.node.id)).toEqual([String(monthly.id)]);
  });

  it('lists premium applications oldest first, from a signing time on', async () => {
    const anna = await person('anna');
    const bernd = await person('bernd');
    const base = { street: 'Lindengasse 12', postcode: '1070', city: 'Wien', country: 'AT', birthDate: '1980-01-01', signatureKind: 'TYPED' as const, signature: 'Muster' };
    await fixture(async () => {
      await server.db.delete(premiumApplications);
      await server.db.insert(premiumApplications).values([
        { ...base, personId: bernd.id, signedAt: '2021-01-01T10:00:00.000Z' },
        { ...base, personId: anna.id, signedAt: '2020-01-01T10:00:00.000Z' },
      ]);
    });
    const all = await readAll<{ member: { svnr: string } }>(reader, 'premiumApplications', '', 'member { svnr }', 1);
    expect(all.map((e) => e.node.member.svnr)).toEqual([anna.svnr, bernd.svnr]);
    const since = await reader.query<{ premiumApplications: Page<{ member: { svnr: string } }> }>(
      '{ premiumApplications(signedSince: "2020-06-01T00:00:00Z") { edges { node { member { svnr } } } } }',
    );
    expect(since.body.data!.premiumApplications.edges.map((e) => e.node.member.svnr)).toEqual([bernd.svnr]);
  });
});

describe('scopes', () => {
  it('answers 403 naming the scope for every read and change without it, and runs nothing', async () => {
    const none = await createFundTestClient(server, 'events:read', 'Ohne');
    const documents: [string, string][] = [
      ['{ messages { pageInfo { hasNextPage } } }', 'messages:read'],
      ['{ forms { pageInfo { hasNextPage } } }', 'forms:read'],
      ['{ publicUploads { pageInfo { hasNextPage } } }', 'uploads:read'],
      ['{ mergeRequests { pageInfo { hasNextPage } } }', 'claims:read'],
      ['{ mandates { pageInfo { hasNextPage } } }', 'mandates:read'],
      ['{ premiumApplications { pageInfo { hasNextPage } } }', 'mandates:read'],
      ['mutation { postMessage(input: { svnr: "1", subject: "x", text: "x" }) { error { code } } }', 'messages:write'],
      ['mutation { replyToMessage(input: { messageId: "1", text: "x" }) { error { code } } }', 'messages:write'],
      ['mutation { assignPublicUpload(input: { uploadId: "1", svnr: "1", lastName: "x" }) { error { code } } }', 'documents:write'],
      ['mutation { resolveMergeRequest(input: { mergeRequestId: "1", status: DONE }) { error { code } } }', 'claims:write'],
      ['mutation { setMandateStatus(input: { mandateId: "1", status: LAPSED }) { error { code } } }', 'mandates:write'],
    ];
    const before = await snapshot();
    for (const [document, scope] of documents) {
      const answer = await none.query(document);
      expect([document, answer.status, answer.body.errors?.[0]?.extensions?.scope]).toEqual([document, 403, scope]);
    }
    // A reader may not write either.
    expect((await reader.query(POST, { input: { svnr: '1', subject: 'x', text: 'x' } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
