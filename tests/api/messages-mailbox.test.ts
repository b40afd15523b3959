import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { messages } from '../../db/schema';
// Reading and sending messages as the web's inbox does, and choosing the mailbox as its mailbox dialog does.
import { MessageDetail_Query as ONE, NewMessage_SendMutation as SEND } from '../../web/src/features/messages/api/inbox';
import { MailboxDialog_ChooseMailboxMutation as CHOOSE } from '../../web/src/features/session/api/choose-mailbox';
import { graphql } from '../gql';
import type { MailboxType, MessageFolder } from '../gql/graphql';
import type { PortalClient } from '../helpers/client';
import { INBOX_LIST as LIST } from '../helpers/inbox-operations';
import { loginAs, startLoginAs } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';

/**
 * The mailbox type (decision 0022, spec 000 section 4): a contact person (ASP) who chose a duty at login sees and
 * writes that customer's messages; as AWB_LB their own; nobody else reaches a customer's messages.
 */
const MARK = graphql(`
  mutation InboxMailboxMarkRead($id: ID!) {
    markMessageRead(input: { id: $id }) {
      ok {
        unreadMessageCount
      }
      error {
        code
      }
    }
  }
`);
const DUTIES = graphql(`
  query InboxMailboxDuties {
    serviceDuties {
      id
      customerDesignation
    }
  }
`);
const SESSION = graphql(`
  query InboxMailboxSession {
    session {
      loggedIn
    }
  }
`);

const suite = useTestServer({ members: 2 });

/** Emil logged in with the mailbox chosen: ASP for the duty of `customer`, or AWB_LB. */
async function emilAs(mailbox: { asp: string } | 'AWB_LB'): Promise<PortalClient> {
  const { client } = await startLoginAs(suite.server, 'emil');
  const duties = (await client.operation(DUTIES)).body.data!.serviceDuties;
  const dutyId = mailbox === 'AWB_LB' ? null : duties.find((d) => d.customerDesignation === mailbox.asp)!.id;
  const chosen = await client.operation(CHOOSE, {
    type: mailbox === 'AWB_LB' ? 'AWB_LB' : 'ASP',
    dutyId,
  });
  expect(chosen.body.data?.chooseMailbox.ok).toMatchObject({ type: mailbox === 'AWB_LB' ? 'AWB_LB' : 'ASP', dutyId });
  const session = await client.operation(SESSION);
  expect(session.body.data?.session.loggedIn).toBe(true);
  return client;
}

async function list(client: PortalClient, folder: MessageFolder) {
  const res = await client.operation(LIST, { folder });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.me!;
}

describe('mailbox type (decision 0022)', () => {
  it('emil acting for Donau Logistik AG sees and writes that customer’s messages, not his own', async () => {
    const asp = await emilAs({ asp: 'Donau Logistik AG' });
    const received = await list(asp, 'RECEIVED');
    expect(received.messages.nodes.map((m) => m.subject)).toEqual(['AW: Beitragsmeldung Donau Logistik AG']);
    expect(received.unreadMessageCount).toBe(1);
    expect(received.messageRecipients).toEqual(['PENSION_FUND', 'SEVERANCE_FUND', 'OMBUDSMAN']);
    const sent = await asp.operation(SEND, {
      input: { recipient: 'PENSION_FUND', subject: 'Neue Dienstnehmerin ab Jänner', body: 'Bitte um Anmeldung.' },
    });
    const id = sent.body.data!.sendMessage.ok!.message.id;
    const row = (
      await suite.server.db
        .select()
        .from(messages)
        .where(eq(messages.id, Number(id)))
    )[0]!;
    expect(row.customerDesignation).toBe('Donau Logistik AG');
    expect((await list(asp, 'SENT')).messages.nodes.map((m) => m.subject)).toEqual(['Neue Dienstnehmerin ab Jänner', 'Beitragsmeldung Donau Logistik AG']);

    // Reading it marks the customer's message read; the count follows the customer's mailbox.
    const mark = await asp.operation(MARK, { id: received.messages.nodes[0]!.id });
    expect(mark.body.data!.markMessageRead.ok).toEqual({ unreadMessageCount: 0 });

    // As AWB_LB the same person sees his own mailbox (a message of his own pension contract), without the customer's.
    const emilId = await personIdOf(suite.server, 'emil');
    await writeTransaction(suite.server.db, () =>
      suite.server.db.insert(messages).values({
        personId: emilId,
        direction: 'INBOUND',
        counterpart: 'PENSION_FUND',
        subject: 'Ihr Leistungsnachweis',
        body: 'Eigene Nachricht',
        origin: 'CORE_SYSTEM',
        sentAt: '2026-11-20T08:00:00.000Z',
        readAt: null,
      }),
    );
    expect((await list(asp, 'RECEIVED')).messages.nodes.map((m) => m.subject)).not.toContain('Ihr Leistungsnachweis');
    const own = await emilAs('AWB_LB');
    const ownReceived = await list(own, 'RECEIVED');
    expect(ownReceived.messages.nodes.map((m) => m.subject)).toEqual(['Ihr Leistungsnachweis']);
    expect(ownReceived.unreadMessageCount).toBe(1);
    expect((await list(own, 'SENT')).messages.nodes.map((m) => m.subject)).not.toContain('Neue Dienstnehmerin ab Jänner');
    expect((await own.operation(ONE, { id })).body.data!.me!.message).toBeNull();
  });

  it('acting for another customer, or as a member, a customer’s message answers like a missing one', async () => {
    const donau = await emilAs({ asp: 'Donau Logistik AG' });
    const [message] = (await list(donau, 'RECEIVED')).messages.nodes;
    const alpen = await emilAs({ asp: 'Alpenländische Bau GmbH' });
    expect((await list(alpen, 'RECEIVED')).messages.nodes.map((m) => m.subject)).toEqual(['AW: Beitragsmeldung Alpenländische Bau GmbH']);
    const anna = await loginAs(suite.server, 'anna');
    for (const client of [alpen, anna]) {
      expect((await client.operation(ONE, { id: message!.id })).body.data!.me!.message).toBeNull();
      const foreign = await client.operation(MARK, { id: message!.id });
      const missing = await client.operation(MARK, { id: '987654321' });
      expect(foreign.body).toEqual(missing.body);
      const restForeign = await client.rest('getMessage', { id: message!.id });
      const restMissing = await client.rest('getMessage', { id: '987654321' });
      expect([restForeign.status, restForeign.text]).toEqual([restMissing.status, restMissing.text]);
    }
    expect((await list(anna, 'RECEIVED')).messages.nodes.map((m) => m.subject).filter((s) => s.includes('Beitragsmeldung'))).toEqual([]);
  });

  it('a refused mailbox choice answers INVALID_INPUT with the dutyId field error and keeps the session’s mailbox', async () => {
    const client = await emilAs('AWB_LB');
    const before = (await list(client, 'RECEIVED')).messages.nodes.map((m) => m.id);
    const choose = (type: MailboxType, dutyId: string | null) => client.operation(CHOOSE, { type, dutyId });
    expect((await choose('ASP', null)).body.data?.chooseMailbox).toMatchObject({
      ok: null,
      error: {
        code: 'INVALID_INPUT',
        message: 'Bitte wählen Sie aus, in welcher Funktion Sie das Portal verwenden möchten.',
        fieldErrors: [{ field: 'dutyId', code: 'REQUIRED', message: 'Bitte wählen Sie eine Funktion aus.' }],
      },
    });
    const unknown = { ok: null, error: expect.objectContaining({ code: 'INVALID_INPUT', fieldErrors: [expect.objectContaining({ field: 'dutyId', code: 'UNKNOWN_DUTY' })] }) };
    expect((await choose('ASP', '987654321')).body.data?.chooseMailbox).toMatchObject(unknown);
    expect((await choose('ASP', 'keine-zahl')).body.data?.chooseMailbox).toMatchObject(unknown);
    expect((await list(client, 'RECEIVED')).messages.nodes.map((m) => m.id)).toEqual(before);
  });
});
