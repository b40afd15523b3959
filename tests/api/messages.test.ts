import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { messageAttachments, messages, uploads } from '../../db/schema';
// Reading one message and marking it read as the web's inbox does.
import { MessageDetail_MarkReadMutation as MARK, MessageDetail_Query as ONE } from '../../web/src/features/messages/api/inbox';
import { graphql } from '../gql';
import type { InboxListQueryVariables, SendMessageInput } from '../gql/graphql';
import type { PortalClient } from '../helpers/client';
import { INBOX_LIST as LIST } from '../helpers/inbox-operations';
import { multipart, pdfBytes } from '../helpers/files';
import { loginAs, type Scenario } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';

const SEND = graphql(`
  mutation InboxSend($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ok {
        message {
          ...MessageDetail_MessageFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

const suite = useTestServer({ members: 4 });

const login = (scenario: Scenario): Promise<PortalClient> => loginAs(suite.server, scenario);

async function list(client: PortalClient, variables: InboxListQueryVariables) {
  const res = await client.operation(LIST, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.me!;
}

async function uploadPdf(client: PortalClient, name = 'Beilage.pdf', bytes = pdfBytes(400)): Promise<string> {
  const { body, contentType } = multipart([{ name: 'file', fileName: name, contentType: 'application/pdf', body: bytes }]);
  const res = await client.fetch('/webportal/upload?purpose=inbox-attachment&lng=de', { method: 'POST', headers: { 'content-type': contentType }, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function messageCount(): Promise<number> {
  return (await suite.server.db.select({ n: count() }).from(messages))[0]!.n;
}

describe('inbox read side (spec 001 section 2)', () => {
  it('lists anna’s received messages newest first with two unread; opening one marks it read and the count drops', async () => {
    const anna = await login('anna');
    const me = await list(anna, { folder: 'RECEIVED' });
    expect(me.unreadMessageCount).toBe(2);
    expect(me.messages).toMatchObject({ totalCount: 4, unreadCount: 2, page: 1, pageSize: 10, pageCount: 1 });
    const subjects = me.messages.nodes.map((m) => m.subject);
    expect(subjects.slice(2)).toEqual(['AW: Frage zu meinen Beitragsmonaten', 'Willkommen im Mitgliederportal']);
    // The seeded conversation: her question under sent.
    expect((await list(anna, { folder: 'SENT' })).messages.nodes.map((m) => m.subject)).toEqual(['Frage zu meinen Beitragsmonaten']);
    expect(me.messages.nodes.filter((m) => m.unread)).toHaveLength(2);
    const unreadList = await list(anna, { folder: 'RECEIVED', unreadOnly: true });
    expect(unreadList.messages.nodes).toHaveLength(2);

    const first = me.messages.nodes[0]!;
    const marked = await anna.operation(MARK, { input: { id: first.id } });
    expect(marked.body.data!.markMessageRead.ok).toMatchObject({ unreadMessageCount: 1, message: { unread: false, readAt: expect.any(String) } });
    expect((await list(anna, { folder: 'RECEIVED' })).unreadMessageCount).toBe(1);
    // Idempotent.
    const again = await anna.operation(MARK, { input: { id: first.id } });
    expect(again.body.data!.markMessageRead.ok?.unreadMessageCount).toBe(1);
  });

  it('pages with 10/25/50 per page, searches by subject, and refuses another page size', async () => {
    const anna = await login('anna');
    const annaId = await personIdOf(suite.server, 'anna');
    for (let i = 1; i <= 12; i++) {
      await writeTransaction(suite.server.db, () =>
        suite.server.db.insert(messages).values({
          personId: annaId,
          direction: 'INBOUND',
          counterpart: 'SEVERANCE_FUND',
          subject: `Seitentest ${String(i).padStart(2, '0')} 100%_sicher`,
          body: 'Text',
          origin: 'CLERK',
          sentAt: `2026-01-${String(i).padStart(2, '0')}T08:00:00.000Z`,
          readAt: '2026-02-01T08:00:00.000Z',
        }),
      );
    }
    const p1 = await list(anna, { folder: 'RECEIVED', pageSize: 10 });
    expect(p1.messages).toMatchObject({ totalCount: 16, pageCount: 2 });
    const p2 = await list(anna, { folder: 'RECEIVED', pageSize: 10, page: 2 });
    expect(p2.messages.nodes).toHaveLength(6);
    expect((await list(anna, { folder: 'RECEIVED', pageSize: 25 })).messages.nodes).toHaveLength(16);
    const found = await list(anna, { folder: 'RECEIVED', search: 'seitentest 0', pageSize: 50 });
    expect(found.messages.totalCount).toBe(9);
    expect(found.messages.nodes[0]!.subject).toBe('Seitentest 09 100%_sicher');
    expect((await list(anna, { folder: 'RECEIVED', search: '100%_' })).messages.totalCount).toBe(12);
    expect((await list(anna, { folder: 'RECEIVED', search: '%' })).messages.totalCount).toBe(12);
    const bad = await anna.operation(LIST, { folder: 'RECEIVED', pageSize: 11 });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("another member's message id answers like an unknown one, in GraphQL and REST", async () => {
    const anna = await login('anna');
    const bernd = await login('bernd');
    const annas = (await list(anna, { folder: 'RECEIVED' })).messages.nodes[0]!.id;
    const foreign = await bernd.operation(ONE, { id: annas });
    const unknown = await bernd.operation(ONE, { id: '987654321' });
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.data?.me?.message).toBeNull();
    const mark = await bernd.operation(MARK, { input: { id: annas } });
    expect(mark.body.data!.markMessageRead.error?.code).toBe('NOT_FOUND');
    const rest = await bernd.rest('getMessage', { id: annas });
    expect(rest.status).toBe(404);
  });

  it('REST getMessages and getMessageRecipients answer the same data as GraphQL', async () => {
    const anna = await login('anna');
    const gql = await list(anna, { folder: 'RECEIVED', pageSize: 25 });
    const rest = await anna.rest('getMessages', { folder: 'RECEIVED', pageSize: '25', page: '1' });
    expect(rest.status).toBe(200);
    expect((rest.json as { nodes: { id: string }[] }).nodes.map((m) => m.id)).toEqual(gql.messages.nodes.map((m) => m.id));
    const recipients = await anna.rest('getMessageRecipients');
    expect(recipients.json).toEqual({ recipients: gql.messageRecipients });
    expect(gql.messageRecipients).toEqual(['PENSION_FUND', 'SEVERANCE_FUND', 'OMBUDSMAN']);
    const clara = await login('clara');
    expect((await list(clara, { folder: 'RECEIVED' })).messageRecipients).toEqual(['PENSION_FUND', 'PENSION_SERVICE', 'OMBUDSMAN']);
    const bernd = await login('bernd');
    expect((await list(bernd, { folder: 'RECEIVED' })).messageRecipients).toEqual(['SEVERANCE_FUND', 'OMBUDSMAN']);
  });
});

describe('writing (spec 001 section 2)', () => {
  it('sends to the severance fund with a PDF; the message is under sent at once with its attachment, which only anna can download', async () => {
    const anna = await login('anna');
    const pdf = pdfBytes(700);
    const uploadId = await uploadPdf(anna, 'Dienstzeugnis.pdf', pdf);
    const res = await anna.operation(SEND, {
      input: { recipient: 'SEVERANCE_FUND', subject: '  Frage zur Abfertigung  ', body: 'Bitte um Auskunft.', attachmentIds: [uploadId] },
    });
    const sent = res.body.data!.sendMessage.ok!.message;
    expect(sent).toMatchObject({ folder: 'SENT', counterpart: 'SEVERANCE_FUND', subject: 'Frage zur Abfertigung', unread: false });
    expect(sent.attachments).toEqual([
      {
        id: expect.any(String),
        fileName: 'Dienstzeugnis.pdf',
        contentType: 'application/pdf',
        size: 700,
        downloadUrl: `/webportal/download?attachment=${sent.attachments[0]!.id}`,
      },
    ]);
    const sentList = await list(anna, { folder: 'SENT' });
    expect(sentList.messages.nodes[0]!.id).toBe(sent.id);
    // The upload's bytes moved to the message.
    expect(await suite.server.db.select().from(uploads).where(eq(uploads.id, uploadId))).toEqual([]);

    const download = await anna.fetch(`${sent.attachments[0]!.downloadUrl}&lng=de`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Dienstzeugnis.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const bernd = await login('bernd');
    const foreign = await bernd.fetch(`${sent.attachments[0]!.downloadUrl}&lng=de`);
    const unknown = await bernd.fetch('/webportal/download?attachment=987654321&lng=de');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await unknown.text());
  });

  it.each<[string, SendMessageInput, string, string, string]>([
    ['a subject of 101 characters', { recipient: 'SEVERANCE_FUND', subject: 'x'.repeat(101), body: 'Text' }, 'INVALID_INPUT', 'subject', 'SUBJECT_TOO_LONG'],
    ['an empty subject', { recipient: 'SEVERANCE_FUND', subject: '   ', body: 'Text' }, 'INVALID_INPUT', 'subject', 'SUBJECT_REQUIRED'],
    ['an empty body', { recipient: 'SEVERANCE_FUND', subject: 'Betreff', body: '' }, 'INVALID_INPUT', 'body', 'BODY_REQUIRED'],
    ['a recipient anna has no relation to', { recipient: 'PENSION_SERVICE', subject: 'Betreff', body: 'Text' }, 'RECIPIENT_NOT_ALLOWED', 'recipient', 'RECIPIENT_NOT_ALLOWED'],
    [
      'an unknown attachment id',
      { recipient: 'SEVERANCE_FUND', subject: 'Betreff', body: 'Text', attachmentIds: ['0'.repeat(32)] },
      'ATTACHMENT_INVALID',
      'attachmentIds',
      'UPLOAD_NOT_FOUND',
    ],
    [
      'six attachments',
      { recipient: 'SEVERANCE_FUND', subject: 'Betreff', body: 'Text', attachmentIds: Array.from({ length: 6 }, (_, i) => String(i).repeat(32)) },
      'INVALID_INPUT',
      'attachmentIds',
      'TOO_MANY_ATTACHMENTS',
    ],
  ])('refuses %s with its message at the field, storing nothing', async (_label, input, code, field, fieldCode) => {
    const anna = await login('anna');
    const before = await messageCount();
    const res = await anna.operation(SEND, { input });
    const result = res.body.data!.sendMessage;
    expect(result.ok).toBeNull();
    expect(result.error?.code).toBe(code);
    expect(result.error?.fieldErrors).toContainEqual({ field, code: fieldCode, message: expect.any(String) });
    expect(await messageCount()).toBe(before);
  });

  it("refuses another member's upload id and keeps the upload; REST sendMessage answers the same", async () => {
    const anna = await login('anna');
    const bernd = await login('bernd');
    const annasUpload = await uploadPdf(anna);
    const before = await messageCount();
    const res = await bernd.operation(SEND, {
      input: { recipient: 'SEVERANCE_FUND', subject: 'Betreff', body: 'Text', attachmentIds: [annasUpload] },
    });
    expect(res.body.data!.sendMessage.error).toMatchObject({ code: 'ATTACHMENT_INVALID', fieldErrors: [{ field: 'attachmentIds', code: 'UPLOAD_NOT_FOUND' }] });
    const rest = await bernd.rest('sendMessage', { recipient: 'SEVERANCE_FUND', subject: 'Betreff', body: 'Text', attachmentIds: annasUpload });
    expect(rest.json).toMatchObject({ ok: false, code: 'ATTACHMENT_INVALID' });
    expect(await messageCount()).toBe(before);
    expect(await suite.server.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, annasUpload))).toHaveLength(1);
    const ok = await anna.rest('sendMessage', { recipient: 'SEVERANCE_FUND', subject: 'Per REST', body: 'Text', attachmentIds: annasUpload });
    expect(ok.json).toMatchObject({ ok: true, message: { folder: 'SENT', subject: 'Per REST', attachments: [{ fileName: 'Beilage.pdf' }] } });
    expect((await suite.server.db.select({ n: count() }).from(messageAttachments))[0]!.n).toBeGreaterThanOrEqual(2);
  });
});
