import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { claimFiles, severanceClaims } from '../../db/schema';
import { CLAIM_STATUSES } from '../../db/schema/claims';
import { CLAIM_TRANSITIONS, type ClaimStatus } from '../../server/modules/claims/claims.status';
import { isoInstant } from '../../server/platform/shared/clock';
import { CLAIM_FILE_LINK_SECONDS } from '../../server/fund/claims/claim-file-links';
import type { PortalClient } from '../helpers/client';
import { pdfBytes } from '../helpers/files';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlOne, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Claims on the fund's API (decision 0056): the work list `claims` (order, filter, paging, the computed due date, the
 * document links) and `setClaimStatus` (the whole status matrix of spec 001 section 4, each requirement, the member's
 * answer, what reaches the member, the event per change and none on a refusal, the scope).
 */
let server: TestServer;
let fund: FundTestClient;
let anna: PortalClient;

beforeAll(async () => {
  server = await startTestServer({ members: 3, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  fund = await createFundTestClient(server, 'claims:read claims:write events:read');
  anna = await loginAs(server, 'anna');
});
afterAll(async () => {
  await server.close();
});

const write = <T>(fn: () => Promise<T>) => writeTransaction(server.db, fn);
const now = () => isoInstant(server.clock.now());
const count = async (query: string, ...params: unknown[]) => Number(await sqlValue(server.db, query, ...params));

async function personOf(email: string): Promise<number> {
  return Number(await sqlValue(server.db, 'SELECT id FROM persons WHERE email = ?', email));
}

/** Stores a claim of the person's first Vorsorgekasse account as the claim flow would (a payout by bank transfer). */
async function newClaim(email: string, status: ClaimStatus, extra: Partial<typeof severanceClaims.$inferInsert> = {}): Promise<number> {
  const personId = await personOf(email);
  const accountId = Number(await sqlValue(server.db, 'SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', personId));
  const [row] = await write(() =>
    server.db
      .insert(severanceClaims)
      .values({
        personId,
        accountId,
        option: 'PAYOUT',
        payoutType: 'BANK_TRANSFER',
        iban: 'AT611904300234573201',
        bic: 'BKAUATWW',
        status,
        submittedAt: now(),
        statusChangedAt: status === 'NEW' ? null : now(),
        entitlementCents: 1_234_567,
        taxCents: 74_074,
        cashOrderCostCents: 0,
        ...extra,
      })
      .returning({ id: severanceClaims.id }),
  );
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
  const claim = await sqlOne(server.db, 'SELECT status, definite_date, status_changed_at FROM severance_claims WHERE id = ?', claimId);
  const personId = Number(await sqlValue(server.db, 'SELECT person_id FROM severance_claims WHERE id = ?', claimId));
  return {
    claim,
    messages: await count('SELECT count(*) FROM messages WHERE person_id = ?', personId),
    mails: await mailsOf(personId),
    events: await count('SELECT count(*) FROM fund_events'),
  };
}

const SET = `mutation Set($input: SetClaimStatusInput!) {
  setClaimStatus(input: $input) {
    ok { previousStatus messageId noticeSent eventId claim { id status definiteDate statusChangedAt } }
    error { code message field }
  }
}`;
type SetAnswer = {
  setClaimStatus: {
    ok: { previousStatus: string; messageId: string | null; noticeSent: boolean; eventId: string; claim: { id: string; status: string; definiteDate: string | null } } | null;
    error: { code: string; message: string; field: string | null } | null;
  };
};
async function setStatus(input: Record<string, unknown>, client = fund) {
  const answer = await client.query<SetAnswer>(SET, { input });
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data!.setClaimStatus;
}

/** The inputs a target status needs: a definite date before the due date for CHECKED, a message for INFORMATION_NEEDED. */
function inputFor(claimId: number, status: ClaimStatus): Record<string, unknown> {
  return {
    claimId: String(claimId),
    status,
    ...(status === 'CHECKED' ? { definiteDate: '2026-12-15' } : {}),
    ...(status === 'INFORMATION_NEEDED' ? { messageToMember: 'Bitte senden Sie uns eine Kopie Ihres Lichtbildausweises.' } : {}),
  };
}

/** anna writes to the Vorsorgekasse (or another recipient) from her inbox, as the web app sends it. */
async function annaWrites(recipient = 'SEVERANCE_FUND') {
  const answer = await anna.graphql<{ sendMessage: { ok: unknown; error: unknown } }>(
    'mutation($input: SendMessageInput!) { sendMessage(input: $input) { ok { message { id } } error { code } } }',
    { input: { recipient, subject: 'Unterlagen zu meinem Antrag', body: 'Anbei der Ausweis.', attachmentIds: [] } },
  );
  expect(answer.body.data?.sendMessage.error ?? null).toBeNull();
}

const CLAIMS = `query Claims($status: [SeveranceClaimStatus!], $first: Int, $after: String) {
  claims(status: $status, first: $first, after: $after) {
    edges { cursor node { id status submittedAt dueDate daysLeft } }
    pageInfo { endCursor hasNextPage }
  }
}`;
type ClaimsAnswer = {
  claims: {
    edges: { cursor: string; node: { id: string; status: string; submittedAt: string; dueDate: string; daysLeft: number } }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
};

describe('claims: the work list (oldest due date first)', () => {
  it('orders by receipt (the due date grows with it), then id; filters by status; pages with cursors; computes due date and days left', async () => {
    // Received in different months, one pair on the same instant (then by id), out of insertion order.
    const late = await newClaim(emailOf('anna'), 'CHECKING', { submittedAt: '2026-10-15T08:00:00.000Z' });
    const early = await newClaim(emailOf('bernd'), 'NEW', { submittedAt: '2026-08-03T08:00:00.000Z' });
    const tieA = await newClaim(emailOf('anna'), 'NEW', { submittedAt: '2026-09-10T08:00:00.000Z' });
    const tieB = await newClaim(emailOf('bernd'), 'POST_TRANSFER', { submittedAt: '2026-09-10T08:00:00.000Z' });
    const all = (await fund.query<ClaimsAnswer>(CLAIMS, { first: 500 })).body.data!.claims;
    expect(all.edges.map((e) => Number(e.node.id))).toEqual([early, tieA, tieB, late]);
    // 15.10.2026 → end of December → 5 working days (1 and 6 January are holidays) → 11.01.2027; today is 22.11.2026.
    expect(all.edges[3]!.node).toMatchObject({ dueDate: '2027-01-11', daysLeft: 50 });
    // 03.08.2026 → 31.10.2026 (Saturday) → 2., 3., 4., 5., 6.11.2026: overdue by 16 days.
    expect(all.edges[0]!.node).toMatchObject({ dueDate: '2026-11-06', daysLeft: -16 });

    const open = (await fund.query<ClaimsAnswer>(CLAIMS, { status: ['NEW', 'CHECKING'] })).body.data!.claims;
    expect(open.edges.map((e) => Number(e.node.id))).toEqual([early, tieA, late]);

    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: ClaimsAnswer['claims'] = (await fund.query<ClaimsAnswer>(CLAIMS, { first: 1, after })).body.data!.claims;
      seen.push(...page.edges.map((e) => Number(e.node.id)));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([early, tieA, tieB, late]);

    for (const bad of [{ first: 0 }, { first: 501 }, { status: [] }, { after: 'bm90LWEtY3Vyc29y' }, { after: Buffer.from('["x","y"]').toString('base64url') }]) {
      const answer = await fund.query(CLAIMS, bad);
      expect(answer.body.errors?.[0]?.extensions?.code, JSON.stringify(bad)).toBe('BAD_USER_INPUT');
    }
    await write(() => server.db.delete(severanceClaims));
  });

  it('carries the member (name, SVNR, address), account, option, bank data or institution, entitlement, the signature and the documents', async () => {
    const payout = await newClaim(emailOf('anna'), 'NEW', { signatureKind: 'TYPED', signatureName: 'Anna Muster' });
    const transfer = await newClaim(emailOf('bernd'), 'NEW', {
      option: 'TRANSFER_SUPPLEMENTARY_INSURANCE',
      payoutType: null,
      iban: null,
      bic: null,
      institutionName: 'Wiener Versicherung',
      policyNumber: 'PZV-77',
      signatureKind: 'DRAWN',
      signatureName: null,
    });
    await write(() =>
      server.db
        .insert(claimFiles)
        .values({ claimId: payout, kind: 'IDENTITY_DOCUMENT', fileName: 'ausweis.pdf', contentType: 'application/pdf', sizeBytes: 300, content: pdfBytes(300) }),
    );
    const answer = await fund.query<{ claims: { edges: { node: Record<string, unknown> }[] } }>(`{
      claims(first: 10) { edges { node {
        id option accountNumber payoutType entitlement tax cashOrderCost
        member { personId svnr firstName lastName titlePrefix address { street postcode city country } }
        bank { iban bic holder } institution { name policyNumber } cashOrderAddress { city }
        documents { kind fileName contentType size downloadUrl expiresAt }
        signatureKind signatureName
      } } }
    }`);
    const nodes = answer.body.data!.claims.edges.map((e) => e.node);
    const annaRow = await sqlOne<Record<string, string>>(
      server.db,
      'SELECT svnr, first_name, last_name, street, postcode, city, country FROM persons WHERE email = ?',
      emailOf('anna'),
    );
    const annaAccount = await sqlValue<string>(server.db, 'SELECT account_number FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', await personOf(emailOf('anna')));
    expect(nodes[0]).toMatchObject({
      id: String(payout),
      option: 'PAYOUT',
      accountNumber: annaAccount,
      payoutType: 'BANK_TRANSFER',
      entitlement: 1_234_567,
      tax: 74_074,
      member: {
        svnr: annaRow.svnr,
        firstName: annaRow.first_name,
        lastName: annaRow.last_name,
        address: { street: annaRow.street, postcode: annaRow.postcode, city: annaRow.city, country: annaRow.country },
      },
      bank: { iban: 'AT611904300234573201', bic: 'BKAUATWW', holder: `${annaRow.first_name} ${annaRow.last_name}` },
      institution: null,
      cashOrderAddress: null,
      signatureKind: 'TYPED',
      signatureName: 'Anna Muster',
    });
    const [doc] = nodes[0]!.documents as { downloadUrl: string; expiresAt: string; size: number; fileName: string }[];
    expect(doc).toMatchObject({ fileName: 'ausweis.pdf', size: 300, expiresAt: isoInstant(Math.floor(server.clock.now() / 1000) * 1000 + CLAIM_FILE_LINK_SECONDS * 1000) });
    expect(doc!.downloadUrl.startsWith(`${server.url}/fund/claim-file?file=`)).toBe(true);
    expect(nodes[1]).toMatchObject({
      id: String(transfer),
      bank: null,
      institution: { name: 'Wiener Versicherung', policyNumber: 'PZV-77' },
      documents: [],
      signatureKind: 'DRAWN',
      signatureName: null,
    });
    await write(() => server.db.delete(severanceClaims));
  });
});

describe('claim documents: short-lived links for the client that read them', () => {
  it('answers the file with the token of the client the link was made for, until it expires; refuses anything else', async () => {
    const reader = await createFundTestClient(server, 'claims:read', 'Dokumente');
    const other = await createFundTestClient(server, 'claims:read', 'Fremd');
    const eventsOnly = await createFundTestClient(server, 'events:read', 'Nur Ereignisse');
    const claim = await newClaim(emailOf('anna'), 'NEW');
    const bytes = pdfBytes(500);
    await write(() =>
      server.db
        .insert(claimFiles)
        .values({ claimId: claim, kind: 'BANK_CONFIRMATION', fileName: 'bank bestätigung.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, content: bytes }),
    );
    const docs = await reader.query<{ claims: { edges: { node: { documents: { downloadUrl: string }[] } }[] } }>('{ claims { edges { node { documents { downloadUrl } } } } }');
    const url = docs.body.data!.claims.edges[0]!.node.documents[0]!.downloadUrl;
    const get = (target: string, token?: string) => fetch(target, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

    const ok = await get(url, reader.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toContain('attachment;');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await get(url)).status).toBe(401);
    const cookie = [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(url, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await get(url, eventsOnly.token)).status).toBe(403);
    const foreign = await get(url, other.token);
    expect([foreign.status, ((await foreign.json()) as { error: string }).error]).toEqual([403, 'LINK_INVALID']);
    const u = new URL(url);
    const sig = u.searchParams.get('sig')!;
    const changed = [
      url.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      url.replace(`exp=${u.searchParams.get('exp')}`, `exp=${Number(u.searchParams.get('exp')) + 3600}`),
      url.replace(`file=${u.searchParams.get('file')}`, `file=${Number(u.searchParams.get('file')) + 1}`),
      `${url}&file=1`,
      `${server.url}/fund/claim-file`,
    ];
    for (const target of changed) expect([target, (await get(target, reader.token)).status]).toEqual([target, 403]);
    expect((await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${reader.token}` } })).status).toBe(405);

    server.clock.advance(CLAIM_FILE_LINK_SECONDS * 1000 - 1000);
    expect((await get(url, reader.token)).status).toBe(200);
    server.clock.advance(1000);
    const expired = await get(url, reader.token);
    expect([expired.status, ((await expired.json()) as { error: string }).error]).toEqual([410, 'LINK_EXPIRED']);
    await write(() => server.db.delete(severanceClaims));
    fund = await createFundTestClient(server, 'claims:read claims:write events:read');
  });
});

describe('setClaimStatus: the status matrix of spec 001 section 4', () => {
  const allowed = (from: ClaimStatus, to: ClaimStatus) => CLAIM_TRANSITIONS.some((t) => t.from === from && t.to === to);

  it('the table is the spec: the main line, any claim in progress to INFORMATION_NEEDED, and back to CHECKING', () => {
    expect(CLAIM_TRANSITIONS.map((t) => `${t.from}>${t.to}`).sort()).toEqual(
      [
        'NEW>CHECKING',
        'CHECKING>CHECKED',
        'CHECKED>PRE_TRANSFER',
        'PRE_TRANSFER>POST_TRANSFER',
        'NEW>INFORMATION_NEEDED',
        'CHECKING>INFORMATION_NEEDED',
        'CHECKED>INFORMATION_NEEDED',
        'PRE_TRANSFER>INFORMATION_NEEDED',
        'INFORMATION_NEEDED>CHECKING',
      ].sort(),
    );
  });

  for (const from of CLAIM_STATUSES) {
    for (const to of CLAIM_STATUSES) {
      const expected = allowed(from, to) ? 'changes' : 'is refused with TRANSITION_NOT_ALLOWED';
      it(`${from} → ${to} ${expected}`, async () => {
        server.clock.advance(1000);
        // The member's message moves a claim waiting for it back to CHECKING by itself (decision 0056); to test the
        // fund's own step from INFORMATION_NEEDED, the answer comes in the same instant as the claim's change, before it.
        if (from === 'INFORMATION_NEEDED') await annaWrites();
        const claim = await newClaim(emailOf('anna'), from, from === 'PRE_TRANSFER' || from === 'POST_TRANSFER' ? { definiteDate: '2026-12-10' } : {});
        const before = await snapshot(claim);
        const answer = await setStatus(inputFor(claim, to));
        if (!allowed(from, to)) {
          expect(answer).toEqual({ ok: null, error: { code: 'TRANSITION_NOT_ALLOWED', message: expect.any(String), field: 'status' } });
          expect(await snapshot(claim)).toEqual(before);
          return;
        }
        expect(answer.error).toBeNull();
        expect(answer.ok).toMatchObject({ previousStatus: from, claim: { id: String(claim), status: to } });
        const row = await sqlOne<{ status: string; status_changed_at: string }>(server.db, 'SELECT status, status_changed_at FROM severance_claims WHERE id = ?', claim);
        expect(row).toEqual({ status: to, status_changed_at: now() });
        const events = await sqlAll<{ id: number; type: string; actor: string; data: string }>(
          server.db,
          "SELECT id, type, actor, data FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed'",
          String(claim),
        );
        expect(events).toHaveLength(1);
        expect(String(events[0]!.id)).toBe(answer.ok!.eventId);
        expect(events[0]!.actor).toBe(`client:${fund.clientId}`);
        expect(JSON.parse(events[0]!.data)).toMatchObject({ claimId: String(claim), from, to });
        const informs = to === 'INFORMATION_NEEDED' || to === 'CHECKED' || to === 'POST_TRANSFER';
        expect(answer.ok!.messageId !== null).toBe(informs);
      });
    }
  }
});

describe('setClaimStatus: what each step needs', () => {
  async function refused(claim: number, input: Record<string, unknown>, code: string, field: string) {
    const before = await snapshot(claim);
    expect(await setStatus({ claimId: String(claim), ...input })).toEqual({ ok: null, error: { code, message: expect.any(String), field } });
    expect(await snapshot(claim)).toEqual(before);
  }

  it('CHECKED needs a definite date from today up to the due date, later only with a reason', async () => {
    // Received today (22.11.2026): due 05.02.2027 (end of January, then 1., 2., 3., 4., 5. February).
    const claim = await newClaim(emailOf('anna'), 'CHECKING');
    await refused(claim, { status: 'CHECKED' }, 'DEFINITE_DATE_REQUIRED', 'definiteDate');
    await refused(claim, { status: 'CHECKED', definiteDate: '2026-11-21' }, 'DEFINITE_DATE_IN_PAST', 'definiteDate');
    await refused(claim, { status: 'CHECKED', definiteDate: '2027-02-06' }, 'DEFINITE_DATE_AFTER_DUE_DATE', 'reason');
    await refused(claim, { status: 'CHECKED', definiteDate: '2027-02-06', reason: '   ' }, 'DEFINITE_DATE_AFTER_DUE_DATE', 'reason');
    await refused(claim, { status: 'CHECKED', definiteDate: '2027-02-05', reason: 'x'.repeat(501) }, 'TOO_LONG', 'reason');
    await refused(claim, { status: 'CHECKED', definiteDate: '2027-02-05', messageToMember: 'Hallo' }, 'MESSAGE_NOT_ALLOWED', 'messageToMember');
    expect((await setStatus({ claimId: String(claim), status: 'CHECKED', definiteDate: '2027-02-05' })).ok?.claim.definiteDate).toBe('2027-02-05');
    const later = await newClaim(emailOf('anna'), 'CHECKING');
    const withReason = await setStatus({ claimId: String(later), status: 'CHECKED', definiteDate: '2027-02-20', reason: 'Bestätigung der Bank ausständig', note: 'intern' });
    expect(withReason.ok?.claim.definiteDate).toBe('2027-02-20');
    const data = JSON.parse(String(await sqlValue(server.db, 'SELECT data FROM fund_events WHERE id = ?', Number(withReason.ok!.eventId)))) as Record<string, unknown>;
    expect(data).toMatchObject({ reason: 'Bestätigung der Bank ausständig', note: 'intern', definiteDate: '2027-02-20' });
  });

  it('INFORMATION_NEEDED needs a message to the member; other steps take neither a message nor a date', async () => {
    const claim = await newClaim(emailOf('anna'), 'NEW');
    await refused(claim, { status: 'INFORMATION_NEEDED' }, 'MESSAGE_REQUIRED', 'messageToMember');
    await refused(claim, { status: 'INFORMATION_NEEDED', messageToMember: ' \n ' }, 'MESSAGE_REQUIRED', 'messageToMember');
    await refused(claim, { status: 'INFORMATION_NEEDED', messageToMember: 'x'.repeat(5001) }, 'TOO_LONG', 'messageToMember');
    await refused(claim, { status: 'CHECKING', definiteDate: '2026-12-01' }, 'DEFINITE_DATE_NOT_ALLOWED', 'definiteDate');
    await refused(claim, { status: 'CHECKING', note: 'x'.repeat(2001) }, 'TOO_LONG', 'note');
  });

  it('INFORMATION_NEEDED → CHECKING: the fund may not before the member answered; her message to the Vorsorgekasse moves it back by itself', async () => {
    const claim = await newClaim(emailOf('anna'), 'CHECKING');
    server.clock.advance(1000);
    await annaWrites(); // before the change: not an answer to it
    server.clock.advance(1000);
    expect((await setStatus(inputFor(claim, 'INFORMATION_NEEDED'))).ok?.claim.status).toBe('INFORMATION_NEEDED');
    await refused(claim, { status: 'CHECKING' }, 'MEMBER_HAS_NOT_ANSWERED', 'status');
    server.clock.advance(1000);
    const before = await snapshot(claim);
    await annaWrites('OMBUDSMAN'); // to someone else: not an answer to the fund, the claim stays
    expect((await snapshot(claim)).claim).toEqual(before.claim);
    await refused(claim, { status: 'CHECKING' }, 'MEMBER_HAS_NOT_ANSWERED', 'status');
    server.clock.advance(1000);
    await annaWrites();
    // The answer moved the claim in its own transaction, with the event of the member (decision 0056).
    const row = await sqlOne<{ status: string; status_changed_at: string }>(server.db, 'SELECT status, status_changed_at FROM severance_claims WHERE id = ?', claim);
    expect(row).toEqual({ status: 'CHECKING', status_changed_at: now() });
    const annaId = await personOf(emailOf('anna'));
    const message = Number(await sqlValue(server.db, "SELECT max(id) FROM messages WHERE person_id = ? AND direction = 'OUTBOUND'", annaId));
    const events = await sqlAll<{ actor: string; person_id: number; data: string }>(
      server.db,
      "SELECT actor, person_id, data FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed' ORDER BY id",
      String(claim),
    );
    expect(events.at(-1)).toMatchObject({ actor: `member:${annaId}`, person_id: annaId });
    expect(JSON.parse(events.at(-1)!.data)).toEqual({
      claimId: String(claim),
      from: 'INFORMATION_NEEDED',
      to: 'CHECKING',
      definiteDate: null,
      messageId: message,
      note: null,
      reason: null,
    });
    // Nothing left to answer: the next message moves nothing and writes no event.
    server.clock.advance(1000);
    await annaWrites();
    expect(await count("SELECT count(*) FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed'", String(claim))).toBe(events.length);
  });

  it('an unknown or malformed claim id is NOT_FOUND; a client without claims:write gets 403 and nothing changes', async () => {
    for (const claimId of ['999999999', 'abc', '-1', '1e3']) {
      const answer = await fund.query(SET, { input: { claimId, status: 'CHECKING' } });
      expect(answer.body.errors?.[0]?.extensions?.code, claimId).toBe('NOT_FOUND');
    }
    const reader = await createFundTestClient(server, 'claims:read events:read', 'Nur lesen');
    const claim = await newClaim(emailOf('anna'), 'NEW');
    const before = await snapshot(claim);
    const answer = await reader.query(SET, { input: { claimId: String(claim), status: 'CHECKING' } });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', scope: 'claims:write' });
    expect(await snapshot(claim)).toEqual(before);
  });
});

describe('the four-eyes step (CHECKED → PRE_TRANSFER, decision 0054)', () => {
  const clerk = { kind: 'staff' as const, staffId: '101', role: 'CLERK' as const };
  const supervisor = { kind: 'staff' as const, staffId: '102', role: 'SUPERVISOR' as const };
  const otherSupervisor = { kind: 'staff' as const, staffId: '103', role: 'SUPERVISOR' as const };
  const checkedInput = (claim: number) => ({ claimId: String(claim), status: 'CHECKED' as const, definiteDate: '2026-12-10' });
  const approveInput = (claim: number) => ({ claimId: String(claim), status: 'PRE_TRANSFER' as const });

  it('records who set CHECKED; a clerk is refused with ROLE_NOT_ALLOWED, the same supervisor with FOUR_EYES_REQUIRED, another supervisor approves', async () => {
    const { deps } = server;
    const setStatus = deps.services.claimStatus.setStatus;
    const claim = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(supervisor, checkedInput(claim), { origin: server.url })).toMatchObject({ ok: true });
    expect(await sqlValue(server.db, 'SELECT checked_by FROM severance_claims WHERE id = ?', claim)).toBe('staff:102');
    const before = await snapshot(claim);
    expect(await setStatus(clerk, approveInput(claim), { origin: server.url })).toMatchObject({ ok: false, code: 'ROLE_NOT_ALLOWED' });
    expect(await setStatus(supervisor, approveInput(claim), { origin: server.url })).toMatchObject({ ok: false, code: 'FOUR_EYES_REQUIRED' });
    expect(await snapshot(claim)).toEqual(before);
    expect(await setStatus(otherSupervisor, approveInput(claim), { origin: server.url })).toMatchObject({ ok: true, value: { from: 'CHECKED', to: 'PRE_TRANSFER' } });
    const actors = await sqlAll(server.db, "SELECT actor FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed' ORDER BY id", String(claim));
    expect(actors.map((row) => row.actor)).toEqual(['staff:102', 'staff:103']);
  });

  it('a clerk sets CHECKED, a supervisor approves; the machine client keeps the direct path; other steps ask no role', async () => {
    const { deps } = server;
    const setStatus = deps.services.claimStatus.setStatus;
    const worked = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(clerk, checkedInput(worked), { origin: server.url })).toMatchObject({ ok: true });
    expect(await setStatus(clerk, approveInput(worked), { origin: server.url })).toMatchObject({ ok: false, code: 'ROLE_NOT_ALLOWED' });
    expect(await setStatus(supervisor, approveInput(worked), { origin: server.url })).toMatchObject({ ok: true });

    const machine = { kind: 'client' as const, clientId: 'core-system' };
    const direct = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(machine, checkedInput(direct), { origin: server.url })).toMatchObject({ ok: true });
    expect(await setStatus(machine, approveInput(direct), { origin: server.url })).toMatchObject({ ok: true });

    const other = await newClaim(emailOf('anna'), 'NEW');
    expect(await setStatus(clerk, { claimId: String(other), status: 'CHECKING' }, { origin: server.url })).toMatchObject({ ok: true });
  });
});

describe('setClaimStatus: what reaches the member', () => {
  const ME = '{ me { latestSeveranceClaim { id status definiteDate } } }';
  type Me = { me: { latestSeveranceClaim: { id: string; status: string; definiteDate: string | null } } };

  it('the dashboard shows each status; INFORMATION_NEEDED, CHECKED and POST_TRANSFER put a German message in the inbox with the notice by delivery choice', async () => {
    server.clock.advance(60_000);
    const claim = await newClaim(emailOf('anna'), 'NEW');
    const annaId = await personOf(emailOf('anna'));
    const notices = () => mailsOf(annaId);
    const lastMessage = () =>
      sqlOne<{ id: number; subject: string; body: string; counterpart: string }>(
        server.db,
        "SELECT id, subject, body, counterpart FROM messages WHERE person_id = ? AND direction = 'INBOUND' ORDER BY id DESC LIMIT 1",
        annaId,
      );
    const shown = async () => (await anna.graphql<Me>(ME)).body.data!.me.latestSeveranceClaim;

    let sent = await notices();
    const steps: [ClaimStatus, Record<string, unknown>][] = [
      ['CHECKING', {}],
      ['INFORMATION_NEEDED', { messageToMember: 'Bitte senden Sie uns die Bestätigung Ihrer Bank.' }],
      ['CHECKING', {}],
      ['CHECKED', { definiteDate: '2026-12-15' }],
      ['PRE_TRANSFER', {}],
      ['POST_TRANSFER', {}],
    ];
    for (const [status, extra] of steps) {
      if (status === 'CHECKING' && (await shown()).status === 'INFORMATION_NEEDED') {
        // The member's answer moves the claim back to CHECKING by itself (decision 0056), without a message or notice.
        server.clock.advance(1000);
        await annaWrites();
        expect(await shown()).toEqual({ id: String(claim), status: 'CHECKING', definiteDate: null });
        expect(await notices()).toBe(sent);
        continue;
      }
      const answer = await setStatus({ claimId: String(claim), status, ...extra });
      expect(answer.error, status).toBeNull();
      expect(await shown()).toEqual({ id: String(claim), status, definiteDate: ['CHECKED', 'PRE_TRANSFER', 'POST_TRANSFER'].includes(status) ? '2026-12-15' : null });
      if (answer.ok!.messageId === null) {
        expect(await notices(), status).toBe(sent);
        continue;
      }
      const message = await lastMessage();
      expect(String(message.id)).toBe(answer.ok!.messageId);
      expect(message.counterpart).toBe('SEVERANCE_FUND');
      expect(answer.ok!.noticeSent).toBe(true);
      expect(await notices(), status).toBe(++sent);
      if (status === 'INFORMATION_NEEDED') {
        expect(message.subject).toBe('Ihr Antrag bei der Vorsorgekasse: Unterlagen fehlen');
        expect(message.body).toContain('Bitte senden Sie uns die Bestätigung Ihrer Bank.');
        expect(message.body).toContain('Nachricht an die Vorsorgekasse');
      } else if (status === 'CHECKED') {
        expect(message.subject).toBe('Ihr Antrag bei der Vorsorgekasse ist geprüft');
        expect(message.body).toContain('Ihre Abfertigung wird am 15.12.2026 ausbezahlt.');
      } else {
        expect(message.subject).toBe('Ihre Abfertigung wurde ausbezahlt');
        expect(message.body).toContain('am 15.12.2026 ausbezahlt');
      }
    }
  });

  it('a claim set to PRE_TRANSFER by SQL without a definite date is reported paid today', async () => {
    const claim = await newClaim(emailOf('bernd'), 'PRE_TRANSFER');
    const answer = await setStatus({ claimId: String(claim), status: 'POST_TRANSFER' });
    const body = await sqlValue<string>(server.db, 'SELECT body FROM messages WHERE id = ?', Number(answer.ok!.messageId));
    expect(body).toContain('wurde am 22.11.2026 ausbezahlt');
  });

  it('a member without digital delivery gets the inbox message but no e-mail', async () => {
    const bernd = await personOf(emailOf('bernd'));
    const claim = await newClaim(emailOf('bernd'), 'CHECKING');
    const before = await mailsOf(bernd);
    const answer = await setStatus({ claimId: String(claim), status: 'CHECKED', definiteDate: '2026-12-01' });
    expect(answer.ok).toMatchObject({ noticeSent: false, messageId: expect.any(String) });
    expect(await mailsOf(bernd)).toBe(before);
  });
});
