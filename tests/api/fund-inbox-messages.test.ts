import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactDuties, formSubmissions, messages } from '../../db/schema';
import { postFundMessage } from '../../server/cli/fund';
import { exeBytes, jpegBytes, pdfBytes } from '../helpers/files';
import { emailOf, loginAs } from '../helpers/scenarios';
import { inboxSuite, type Page, type Err, readAll, REPLY, POST, b64 } from '../helpers/fund-inbox-suite';

/**
 * The fund's inbox on its API (decision 0055), messages and forms: `messages` and `forms` (filter, paging oldest first,
 * each naming its member), `postMessage` and `replyToMessage` with their refusals (nothing changed), the member's view
 * and notice mail, the event of each change. Uploads, merges, mandates and scopes are in fund-inbox.test.ts.
 */
const s = inboxSuite();
const { person, snapshot, notices, fixture, memberMessage } = s;

describe('messages: what members sent, and the fund answering', () => {
  it('lists members’ messages oldest first across pages, each naming its member, with attachment bytes on request', async () => {
    const pdf = pdfBytes(700);
    const annas = await memberMessage('anna', 'Frage zur Pension', '2020-01-02T08:00:00.000Z', [{ fileName: 'Beleg.pdf', contentType: 'application/pdf', content: pdf }]);
    const bernds = await memberMessage('bernd', 'Frage zur Abfertigung', '2020-01-02T08:00:00.000Z');
    const total = (await s.server.db.select({ n: count() }).from(messages).where(eq(messages.direction, 'OUTBOUND')))[0]!.n;
    const all = await readAll<{ id: string; sentAt: string; member: { svnr: string; lastName: string } }>(s.reader, 'messages', '', 'id sentAt member { svnr lastName }', 3);
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
    const first = await s.reader.query<{ messages: Page<{ id: string; attachments: { fileName: string; contentBase64: string }[] }> }>(
      '{ messages(status: [OPEN], first: 1) { edges { node { id attachments { fileName contentBase64 } } } } }',
    );
    expect(first.body.errors).toBeUndefined();
    const withFile = await s.reader.query<{ messages: Page<{ id: string; attachments: { fileName: string; contentBase64: string }[] }> }>(
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
    const answer = await s.writer.query<{
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

    const member = await loginAs(s.server, 'anna');
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

    const answered = await s.reader.query<{ messages: Page<{ id: string; status: string; answeredAt: string }> }>(
      '{ messages(status: [ANSWERED], first: 200) { edges { node { id status answeredAt } } } }',
    );
    expect(answered.body.data!.messages.edges.map((e) => e.node)).toContainEqual({ id: String(original.id), status: 'ANSWERED', answeredAt: expect.any(String) });
    const open = await s.reader.query<{ messages: Page<{ id: string }> }>('{ messages(status: [OPEN], first: 200) { edges { node { id } } } }');
    expect(open.body.data!.messages.edges.map((e) => e.node.id)).not.toContain(String(original.id));

    const events = (await s.server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'message.sent' && e.subjectId === ok.message.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe(`client:${s.writer.clientId}`);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ messageId: Number(ok.message.id), replyToId: original.id, mailbox: 'MEMBER', attachments: 1, noticeSent: true });
  });

  it('refuses a reply with a code and changes nothing: unknown id, the fund’s own message, empty text, a program, a type that is not the content', async () => {
    const original = await memberMessage('bernd', 'Noch eine Frage', '2021-05-06T09:00:00.000Z');
    const fundsOwn = (await s.server.db.select().from(messages).where(eq(messages.direction, 'INBOUND')).limit(1))[0]!;
    const before = await snapshot();
    const unknown = await s.writer.query(REPLY, { input: { messageId: '999999999', text: 'x' } });
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
      const answer = await s.writer.query<{ replyToMessage: { ok: unknown; error: Err } }>(REPLY, { input });
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
    const posted = await s.writer.query<{ postMessage: { ok: { noticeSent: boolean; message: { id: string; member: { id: string }; counterpart: string } }; error: Err } }>(POST, {
      input: {
        svnr: bernd.svnr,
        from: 'SEVERANCE_FUND',
        subject: 'Ihr Kontoauszug',
        text: 'Bitte beachten Sie …',
        attachments: [{ fileName: 'scan.jpg', contentType: 'image/jpeg', contentBase64: b64(jpegBytes()) }],
      },
    });
    expect(posted.body.data!.postMessage).toMatchObject({ ok: { noticeSent: false, message: { member: { id: String(bernd.id) }, counterpart: 'SEVERANCE_FUND' } }, error: null });
    const member = await loginAs(s.server, 'bernd');
    const inbox = await member.graphql<{ me: { messages: { nodes: { id: string }[] } } }>('{ me { messages(folder: RECEIVED, pageSize: 50) { nodes { id } } } }');
    expect(inbox.body.data!.me.messages.nodes.map((m) => m.id)).toContain(posted.body.data!.postMessage.ok.message.id);

    const board = await s.writer.query<{ postMessage: { ok: { message: { mailbox: string } }; error: Err } }>(POST, {
      input: { personId: String(sonja.id), mailbox: 'BOARD', subject: 'Einladung zur Sitzung', text: 'Sehr geehrte Frau Dr.in Aufsicht, …' },
    });
    expect(board.body.data!.postMessage).toMatchObject({ ok: { message: { mailbox: 'BOARD' } }, error: null });
    const events = (await s.server.deps.events.ofPerson(sonja.id)).filter((e) => e.type === 'message.sent');
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
      const answer = await s.writer.query<{ postMessage: { ok: unknown; error: Err } }>(POST, { input });
      expect([code, answer.body.data?.postMessage.error?.code, answer.body.data?.postMessage.error?.field]).toEqual([code, code, field]);
    }
    const both = await s.writer.query(POST, { input: { svnr: bernd.svnr, personId: String(bernd.id), subject: 'x', text: 'x' } });
    expect(both.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a contact person’s message into the customer mailbox it came from', async () => {
    const otto = await person('otto');
    const [duty] = await s.server.db.select().from(contactDuties).where(eq(contactDuties.personId, otto.id)).limit(1);
    const sentAt = '2021-06-07T09:00:00.000Z';
    const original = await s.server.deps.stores.messages.insert(
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
    const answer = await s.writer.query<{ replyToMessage: { ok: { message: { id: string; counterpart: string } }; error: Err } }>(REPLY, {
      input: { messageId: String(original.id), text: 'Danke' },
    });
    expect(answer.body.data!.replyToMessage).toMatchObject({ ok: { message: { counterpart: 'SEVERANCE_FUND' } }, error: null });
    const [stored] = await s.server.db
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
    const record = s.server.deps.events.record;
    s.server.deps.events.record = () => Promise.reject(new Error('event store down'));
    try {
      const answer = await s.writer.query(REPLY, { input: { messageId: String(original.id), text: 'Antwort' } });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const post = await s.writer.query(POST, { input: { svnr: (await person('bernd')).svnr, subject: 'x', text: 'y' } });
      expect(post.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      s.server.deps.events.record = record;
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the command line’s fund message goes through the same service and writes message.sent with the actor system', async () => {
    const clara = await person('clara');
    const posted = await postFundMessage(s.server.deps, { to: emailOf('clara'), from: 'PENSION_FUND', subject: 'Per Befehl', body: 'Text', attachments: [] });
    const events = (await s.server.deps.events.ofPerson(clara.id)).filter((e) => e.type === 'message.sent' && e.subjectId === String(posted.messageId));
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
      s.server.db.insert(formSubmissions).values({ personId: anna.id, kind: 'BANK_DATA', messageId: carrier.id, submittedAt: '2020-02-01T10:00:00.000Z' }).returning(),
    );
    const read = async (status: string) =>
      (
        await s.reader.query<{ forms: Page<{ id: string; kind: string; status: string; member: { svnr: string }; message: { id: string; attachments: { fileName: string }[] } }> }>(
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
    await s.writer.query(REPLY, { input: { messageId: String(carrier.id), text: 'Erledigt.' } });
    expect((await read('OPEN')).map((f) => f.id)).not.toContain(String(form!.id));
    expect((await read('ANSWERED')).map((f) => f.id)).toContain(String(form!.id));
    const pages = await readAll<{ id: string }>(s.reader, 'forms', '', 'id', 1);
    expect(pages.map((e) => e.node.id)).toContain(String(form!.id));
  });
});
