import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { supervisoryBoardSeats } from '../../db/schema';
import { FundCommandError, postFundMessage } from '../../server/cli/fund';
// Reading one message as the web's inbox does.
import { MessageDetail_Query as ONE } from '../../web/src/features/messages/api/inbox';
import { graphql } from '../gql';
import { DEMO_PASSWORD, LOGIN_STATUS as LOGIN, PortalClient } from '../helpers/client';
import { INBOX_LIST as LIST } from '../helpers/inbox-operations';
import { emailOf, loginAs } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';

/**
 * The supervisory-board inbox (spec 001 sections 1 and 6; decision 0026): a separate inbox for
 * supervisory-board members, reached only with a current board seat, never mixed with the member inbox; a board
 * member without own contract logs in and sees no contract data.
 */
const MARK = graphql(`
  mutation BoardInboxMark($id: ID!) {
    markMessageRead(input: { id: $id }) {
      ok {
        unreadMessageCount
        unreadBoardMessageCount
        message {
          id
          folder
          unread
        }
      }
      error {
        code
      }
    }
  }
`);
const ME = graphql(`
  query BoardInboxMe {
    me {
      supervisoryBoardSeats {
        fund
        since
        until
      }
      pensionContracts {
        id
      }
      severanceAccounts {
        id
      }
      claimableSeveranceAccounts {
        id
      }
      messageRecipients
      unreadMessageCount
      unreadBoardMessageCount
    }
  }
`);

const suite = useTestServer({ members: 2 });

async function list(client: PortalClient, folder: 'RECEIVED' | 'SENT' | 'BOARD', extra: { page?: number; pageSize?: number } = {}) {
  return client.operation(LIST, { folder, ...extra });
}

async function boardMessages(client: PortalClient) {
  const res = await list(client, 'BOARD');
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.me!.messages.nodes;
}

describe('supervisory-board inbox (decision 0026)', () => {
  it('sonja (board member without contract) logs in and lists her board messages newest first, with paging and the unread count', async () => {
    const login = await new PortalClient(suite.server.url).operation(LOGIN, { e: emailOf('sonja'), p: DEMO_PASSWORD });
    expect(login.body.data!.login).toEqual({ ok: { status: 'SUCCESSFUL_PK_ASP', loggedIn: true }, error: null });

    const sonja = await loginAs(suite.server, 'sonja');
    const res = await list(sonja, 'BOARD');
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data!.me!.messages;
    expect(page).toMatchObject({ totalCount: 3, unreadCount: 2, page: 1, pageSize: 10, pageCount: 1 });
    expect(page.nodes.map((m) => [m.folder, m.counterpart, m.unread])).toEqual([
      ['BOARD', 'SEVERANCE_FUND', true],
      ['BOARD', 'SEVERANCE_FUND', true],
      ['BOARD', 'SEVERANCE_FUND', false],
    ]);
    expect(page.nodes[0]!.subject).toMatch(/^Einladung zur Sitzung des Aufsichtsrats/);
    expect(res.body.data!.me!.unreadBoardMessageCount).toBe(2);
    // Page 2 of a 10-per-page list is empty; the page count stays 1.
    const second = (await list(sonja, 'BOARD', { page: 2 })).body.data!.me!.messages;
    expect(second).toMatchObject({ totalCount: 3, page: 2, pageCount: 1, nodes: [] });
  });

  it('sonja reads a board message: the detail shows its PDF, opening marks it read, and only she can download it', async () => {
    const sonja = await loginAs(suite.server, 'sonja');
    const invitation = (await boardMessages(sonja))[0]!;
    const detail = await sonja.operation(ONE, { id: invitation.id });
    expect(detail.body.data!.me!.message).toMatchObject({
      id: invitation.id,
      folder: 'BOARD',
      unread: true,
      attachments: [{ fileName: 'Tagesordnung-Aufsichtsratssitzung.pdf', contentType: 'application/pdf' }],
    });
    expect(detail.body.data!.me!.message!.body).toContain('Sitzung des Aufsichtsrats');

    const marked = await sonja.operation(MARK, { id: invitation.id });
    expect(marked.body.data!.markMessageRead.ok).toEqual({ unreadMessageCount: 0, unreadBoardMessageCount: 1, message: { id: invitation.id, folder: 'BOARD', unread: false } });

    const attachment = invitation.attachments[0]!;
    const download = await sonja.fetch(`${attachment.downloadUrl}&lng=de`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Tagesordnung-Aufsichtsratssitzung.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(attachment.size);

    // REST answers the same list (spec method names) and the detail.
    const rest = await sonja.rest('getMessages', { folder: 'BOARD' });
    expect(rest.status).toBe(200);
    expect((rest.json as { nodes: { id: string; folder: string }[] }).nodes.map((m) => [m.id, m.folder])).toEqual((await boardMessages(sonja)).map((m) => [m.id, 'BOARD']));
    const restOne = await sonja.rest('getMessage', { id: invitation.id });
    expect(restOne.json).toMatchObject({ id: invitation.id, folder: 'BOARD', unread: false });
  });

  it('a board member without own contract gets no contract data and no member-inbox recipients', async () => {
    const sonja = await loginAs(suite.server, 'sonja');
    const me = (await sonja.operation(ME)).body.data!.me;
    expect(me).toEqual({
      supervisoryBoardSeats: [{ fund: 'SEVERANCE_FUND', since: '2021-07-01', until: null }],
      pensionContracts: [],
      severanceAccounts: [],
      claimableSeveranceAccounts: [],
      messageRecipients: [],
      unreadMessageCount: 0,
      unreadBoardMessageCount: expect.any(Number),
    });
    expect((await list(sonja, 'RECEIVED')).body.data!.me!.messages.totalCount).toBe(0);
  });

  it('board messages never appear in the member inbox and member messages never in the board inbox (clara: board member and beneficiary)', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const me = (await clara.operation(ME)).body.data!.me!;
    expect(me.supervisoryBoardSeats.map((s) => s.fund)).toEqual(['PENSION_FUND']);
    expect(me.pensionContracts).toHaveLength(1);
    const board = await boardMessages(clara);
    expect(board.map((m) => m.subject)).toEqual([expect.stringMatching(/^Einladung zur Sitzung des Aufsichtsrats/)]);
    const received = (await list(clara, 'RECEIVED', { pageSize: 50 })).body.data!.me!;
    const sent = (await list(clara, 'SENT', { pageSize: 50 })).body.data!.me!;
    const memberIds = [...received.messages.nodes, ...sent.messages.nodes].map((m) => m.id);
    expect(received.messages.totalCount).toBeGreaterThan(0);
    expect(memberIds).not.toContain(board[0]!.id);
    expect(received.messages.nodes.every((m) => m.folder === 'RECEIVED')).toBe(true);
    expect(board.every((m) => m.folder === 'BOARD')).toBe(true);
    // The dashboard's member count ignores the board message; the board count is its own.
    expect(received.unreadMessageCount).toBe(received.messages.unreadCount);
    expect(received.unreadBoardMessageCount).toBe(1);
  });

  it('a member who is not on the board is refused the board inbox through GraphQL, REST and the download URL', async () => {
    const sonja = await loginAs(suite.server, 'sonja');
    const target = (await boardMessages(sonja))[2]!;
    const attachment = target.attachments[0]!;
    const anna = await loginAs(suite.server, 'anna');

    const gql = await list(anna, 'BOARD');
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await anna.operation(ONE, { id: target.id })).body.data!.me!.message).toBeNull();
    const mark = await anna.operation(MARK, { id: target.id });
    expect(mark.body.data!.markMessageRead.error).toEqual({ code: 'NOT_FOUND' });
    expect((await anna.operation(ME)).body.data!.me).toMatchObject({
      supervisoryBoardSeats: [],
      unreadBoardMessageCount: 0,
    });

    expect((await anna.rest('getMessages', { folder: 'BOARD' })).status).toBe(404);
    expect((await anna.rest('getMessage', { id: target.id })).status).toBe(404);
    expect((await anna.rest('markMessageRead', { id: target.id })).status).toBe(404);
    expect((await anna.fetch(`${attachment.downloadUrl}&lng=de`)).status).toBe(404);

    // Another board member cannot reach sonja's board messages either (a board inbox is personal).
    const clara = await loginAs(suite.server, 'clara');
    expect((await clara.operation(ONE, { id: target.id })).body.data!.me!.message).toBeNull();
    expect((await clara.fetch(`${attachment.downloadUrl}&lng=de`)).status).toBe(404);
    // Sonja's read state is untouched by the refused calls.
    expect((await boardMessages(sonja))[2]!.unread).toBe(target.unread);
  });

  it('the operator command posts into the board inbox with --board (unread, not in the member inbox) and refuses a person without a seat', async () => {
    const posted = await postFundMessage(suite.server.deps, {
      to: emailOf('sonja'),
      from: 'SEVERANCE_FUND',
      subject: 'Unterlagen zur Klausur des Aufsichtsrats',
      body: 'Sehr geehrte Frau Dr.in Aufsicht,\n\nanbei die Unterlagen.',
      attachments: [],
      board: true,
    });
    const sonja = await loginAs(suite.server, 'sonja');
    const board = await boardMessages(sonja);
    expect(board[0]).toMatchObject({ id: String(posted.messageId), folder: 'BOARD', unread: true, subject: 'Unterlagen zur Klausur des Aufsichtsrats' });
    expect((await list(sonja, 'RECEIVED')).body.data!.me!.messages.totalCount).toBe(0);

    await expect(
      postFundMessage(suite.server.deps, { to: emailOf('anna'), from: 'PENSION_FUND', subject: 'Einladung', body: 'Text', attachments: [], board: true }),
    ).rejects.toBeInstanceOf(FundCommandError);
    const anna = await loginAs(suite.server, 'anna');
    expect((await list(anna, 'RECEIVED', { pageSize: 50 })).body.data!.me!.messages.nodes.map((m) => m.subject)).not.toContain('Einladung');
  });

  it('a seat whose term has ended closes the board inbox, and a board-only person without a seat cannot log in', async () => {
    const sonja = await loginAs(suite.server, 'sonja');
    const withAttachment = (await boardMessages(sonja)).find((m) => m.attachments.length > 0)!;
    const sonjaId = await personIdOf(suite.server, 'sonja');
    await writeTransaction(suite.server.db, () => suite.server.db.update(supervisoryBoardSeats).set({ until: '2026-11-21' }).where(eq(supervisoryBoardSeats.personId, sonjaId)));
    expect((await list(sonja, 'BOARD')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Her own board messages are out of reach by id too: detail, mark read and download answer like a missing id.
    expect((await sonja.operation(ONE, { id: withAttachment.id })).body.data!.me!.message).toBeNull();
    expect((await sonja.operation(MARK, { id: withAttachment.id })).body.data!.markMessageRead.error).toEqual({
      code: 'NOT_FOUND',
    });
    expect((await sonja.fetch(`${withAttachment.attachments[0]!.downloadUrl}&lng=de`)).status).toBe(404);
    expect((await sonja.operation(ME)).body.data!.me!.unreadBoardMessageCount).toBe(0);
    const login = await new PortalClient(suite.server.url).operation(LOGIN, { e: emailOf('sonja'), p: DEMO_PASSWORD });
    expect(login.body.data!.login).toEqual({ ok: null, error: { code: 'ERROR_AUSGETRETEN' } });
  });
});
