import { afterAll, beforeAll, expect } from 'vitest';
import { writeTransaction } from '../../db/client';
import { severanceClaims } from '../../db/schema';
import { type ClaimStatus } from '../../server/modules/claims/claims.status';
import { isoInstant } from '../../server/platform/shared/clock';
import type { PortalClient } from './client';
import { payoutClaimRow } from './fund-claim-rows';
import { createFundTestClient, type FundTestClient } from './fund-client';
import { sqlOne, sqlValue } from './raw-sql';
import { loginAs } from './scenarios';
import { startTestServer, type TestServer } from './test-server';

/**
 * The shared setup and steps of the fund's claims suites (fund-claims.test.ts, fund-claim-status.test.ts; decision
 * 0056): a server with three members, a fund client with claims:read claims:write events:read, anna signed in, and the
 * steps that store a claim, set its status and take a snapshot of what a refusal must leave unchanged.
 */

export const SET = `mutation Set($input: SetClaimStatusInput!) {
  setClaimStatus(input: $input) {
    ok { previousStatus messageId noticeSent eventId claim { id status definiteDate statusChangedAt } }
    error { code message field }
  }
}`;

export type SetAnswer = {
  setClaimStatus: {
    ok: { previousStatus: string; messageId: string | null; noticeSent: boolean; eventId: string; claim: { id: string; status: string; definiteDate: string | null } } | null;
    error: { code: string; message: string; field: string | null } | null;
  };
};

/** The inputs a target status needs: a definite date before the due date for CHECKED, a message for INFORMATION_NEEDED. */
export function inputFor(claimId: number, status: ClaimStatus): Record<string, unknown> {
  return {
    claimId: String(claimId),
    status,
    ...(status === 'CHECKED' ? { definiteDate: '2026-12-15' } : {}),
    ...(status === 'INFORMATION_NEEDED' ? { messageToMember: 'Bitte senden Sie uns eine Kopie Ihres Lichtbildausweises.' } : {}),
  };
}

export const CLAIMS = `query Claims($status: [SeveranceClaimStatus!], $first: Int, $after: String) {
  claims(status: $status, first: $first, after: $after) {
    edges { cursor node { id status submittedAt dueDate daysLeft } }
    pageInfo { endCursor hasNextPage }
  }
}`;

export type ClaimsAnswer = {
  claims: {
    edges: { cursor: string; node: { id: string; status: string; submittedAt: string; dueDate: string; daysLeft: number } }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
};

/** Registers the suite's server (beforeAll/afterAll) and returns its state and steps, shared by the suites split from one file. */
export function claimsSuite() {
  /**
   * Claims on the fund's API (decision 0056): the work list `claims` (order, filter, paging, the computed due date, the
   * document links) and `setClaimStatus` (the whole status matrix of spec 001 section 4, each requirement, the member's
   * answer, what reaches the member, the event per change and none on a refusal, the scope).
   */
  // `approver`: a second client of the core system, for the four-eyes step after `fund` set CHECKED (decision 0070).
  const live = {} as { server: TestServer; fund: FundTestClient; approver: FundTestClient; anna: PortalClient };

  beforeAll(async () => {
    live.server = await startTestServer({ members: 3, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
    live.fund = await createFundTestClient(live.server, 'claims:read claims:write events:read');
    live.approver = await createFundTestClient(live.server, 'claims:read claims:write', 'Kernsystem Freigabe');
    live.anna = await loginAs(live.server, 'anna');
  });

  afterAll(async () => {
    await live.server.close();
  });

  const write = <T>(fn: () => Promise<T>) => writeTransaction(live.server.db, fn);

  const now = () => isoInstant(live.server.clock.now());

  const count = async (query: string, ...params: unknown[]) => Number(await sqlValue(live.server.db, query, ...params));

  async function personOf(email: string): Promise<number> {
    return Number(await sqlValue(live.server.db, 'SELECT id FROM persons WHERE email = ?', email));
  }

  /** Stores a claim of the person's first Vorsorgekasse account as the claim flow would (a payout by bank transfer). */
  async function newClaim(email: string, status: ClaimStatus, extra: Partial<typeof severanceClaims.$inferInsert> = {}): Promise<number> {
    const personId = await personOf(email);
    const values = await payoutClaimRow(live.server.db, personId, {
      status,
      submittedAt: now(),
      statusChangedAt: status === 'NEW' ? null : now(),
      entitlementCents: 1_234_567,
      taxCents: 74_074,
      ...extra,
    });
    const [row] = await write(() => live.server.db.insert(severanceClaims).values(values).returning({ id: severanceClaims.id }));
    return row!.id;
  }

  /**
   * The e-mails queued for the person: still in the outbox, or already handed over by the mail worker (which moves a row
   * to `sent_mails` in one transaction), so the count does not depend on the worker's timing.
   */
  async function mailsOf(personId: number, kind = 'INBOX_NOTICE'): Promise<number> {
    // One statement, so one snapshot: the mail worker moves a mail from the outbox to sent_mails in one transaction,
    // and two separate counts could see it in both.
    const where = 'WHERE person_id = ? AND kind = ?';
    return count(`SELECT (SELECT count(*) FROM mail_outbox ${where}) + (SELECT count(*) FROM sent_mails ${where})`, personId, kind, personId, kind);
  }

  /** What a refused change must leave as it was: the claim row, the member's messages, the outbox, the events. */
  async function snapshot(claimId: number) {
    const claim = await sqlOne(live.server.db, 'SELECT status, definite_date, status_changed_at FROM severance_claims WHERE id = ?', claimId);
    const personId = Number(await sqlValue(live.server.db, 'SELECT person_id FROM severance_claims WHERE id = ?', claimId));
    return {
      claim,
      messages: await count('SELECT count(*) FROM messages WHERE person_id = ?', personId),
      mails: await mailsOf(personId),
      events: await count('SELECT count(*) FROM fund_events'),
    };
  }

  async function setStatus(input: Record<string, unknown>, client = live.fund) {
    const answer = await client.query<SetAnswer>(SET, { input });
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    return answer.body.data!.setClaimStatus;
  }

  /** live.anna writes to the Vorsorgekasse (or another recipient) from her inbox, as the web app sends it. */
  async function annaWrites(recipient = 'SEVERANCE_FUND') {
    const answer = await live.anna.graphql<{ sendMessage: { ok: unknown; error: unknown } }>(
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { ok { message { id } } error { code } } }',
      { input: { recipient, subject: 'Unterlagen zu meinem Antrag', body: 'Anbei der Ausweis.', attachmentIds: [] } },
    );
    expect(answer.body.data?.sendMessage.error ?? null).toBeNull();
  }

  return Object.assign(live, {
    write,
    now,
    count,
    personOf,
    newClaim,
    mailsOf,
    snapshot,
    setStatus,
    annaWrites,
  });
}
