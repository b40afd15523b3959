import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from '../../db/schema/claims';
import { CLAIM_TRANSITIONS, type ClaimStatus } from '../../server/modules/claims/claims.status';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlOne, sqlValue } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { claimsSuite, SET, inputFor } from '../helpers/fund-claims-suite';

/**
 * `setClaimStatus` on the fund's API (decision 0056): the whole status matrix of spec 001 section 4, each requirement,
 * the member's answer, the four-eyes step (decision 0054), what reaches the member, the event per change and none on a
 * refusal, the scope. The work list is in fund-claims.test.ts.
 */
const s = claimsSuite();
const { now, count, personOf, newClaim, mailsOf, snapshot, setStatus, annaWrites } = s;

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
        s.server.clock.advance(1000);
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
        const row = await sqlOne<{ status: string; status_changed_at: string }>(s.server.db, 'SELECT status, status_changed_at FROM severance_claims WHERE id = ?', claim);
        expect(row).toEqual({ status: to, status_changed_at: now() });
        const events = await sqlAll<{ id: number; type: string; actor: string; data: string }>(
          s.server.db,
          "SELECT id, type, actor, data FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed'",
          String(claim),
        );
        expect(events).toHaveLength(1);
        expect(String(events[0]!.id)).toBe(answer.ok!.eventId);
        expect(events[0]!.actor).toBe(`client:${s.fund.clientId}`);
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
    const data = JSON.parse(String(await sqlValue(s.server.db, 'SELECT data FROM fund_events WHERE id = ?', Number(withReason.ok!.eventId)))) as Record<string, unknown>;
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
    s.server.clock.advance(1000);
    await annaWrites(); // before the change: not an answer to it
    s.server.clock.advance(1000);
    expect((await setStatus(inputFor(claim, 'INFORMATION_NEEDED'))).ok?.claim.status).toBe('INFORMATION_NEEDED');
    await refused(claim, { status: 'CHECKING' }, 'MEMBER_HAS_NOT_ANSWERED', 'status');
    s.server.clock.advance(1000);
    const before = await snapshot(claim);
    await annaWrites('OMBUDSMAN'); // to someone else: not an answer to the fund, the claim stays
    expect((await snapshot(claim)).claim).toEqual(before.claim);
    await refused(claim, { status: 'CHECKING' }, 'MEMBER_HAS_NOT_ANSWERED', 'status');
    s.server.clock.advance(1000);
    await annaWrites();
    // The answer moved the claim in its own transaction, with the event of the member (decision 0056).
    const row = await sqlOne<{ status: string; status_changed_at: string }>(s.server.db, 'SELECT status, status_changed_at FROM severance_claims WHERE id = ?', claim);
    expect(row).toEqual({ status: 'CHECKING', status_changed_at: now() });
    const annaId = await personOf(emailOf('anna'));
    const message = Number(await sqlValue(s.server.db, "SELECT max(id) FROM messages WHERE person_id = ? AND direction = 'OUTBOUND'", annaId));
    const events = await sqlAll<{ actor: string; person_id: number; data: string }>(
      s.server.db,
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
    s.server.clock.advance(1000);
    await annaWrites();
    expect(await count("SELECT count(*) FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed'", String(claim))).toBe(events.length);
  });

  it('an unknown or malformed claim id is NOT_FOUND; a client without claims:write gets 403 and nothing changes', async () => {
    for (const claimId of ['999999999', 'abc', '-1', '1e3']) {
      const answer = await s.fund.query(SET, { input: { claimId, status: 'CHECKING' } });
      expect(answer.body.errors?.[0]?.extensions?.code, claimId).toBe('NOT_FOUND');
    }
    const reader = await createFundTestClient(s.server, 'claims:read events:read', 'Nur lesen');
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
    const { deps } = s.server;
    const setStatus = deps.services.claimStatus.setStatus;
    const claim = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(supervisor, checkedInput(claim), { origin: s.server.url })).toMatchObject({ ok: true });
    expect(await sqlValue(s.server.db, 'SELECT checked_by FROM severance_claims WHERE id = ?', claim)).toBe('staff:102');
    const before = await snapshot(claim);
    expect(await setStatus(clerk, approveInput(claim), { origin: s.server.url })).toMatchObject({ ok: false, code: 'ROLE_NOT_ALLOWED' });
    expect(await setStatus(supervisor, approveInput(claim), { origin: s.server.url })).toMatchObject({ ok: false, code: 'FOUR_EYES_REQUIRED' });
    expect(await snapshot(claim)).toEqual(before);
    expect(await setStatus(otherSupervisor, approveInput(claim), { origin: s.server.url })).toMatchObject({ ok: true, value: { from: 'CHECKED', to: 'PRE_TRANSFER' } });
    const actors = await sqlAll(s.server.db, "SELECT actor FROM fund_events WHERE subject_id = ? AND type = 'claim.status_changed' ORDER BY id", String(claim));
    expect(actors.map((row) => row.actor)).toEqual(['staff:102', 'staff:103']);
  });

  it('a clerk sets CHECKED, a supervisor approves; a machine client approves only what another principal checked; other steps ask no role', async () => {
    const { deps } = s.server;
    const setStatus = deps.services.claimStatus.setStatus;
    const worked = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(clerk, checkedInput(worked), { origin: s.server.url })).toMatchObject({ ok: true });
    expect(await setStatus(clerk, approveInput(worked), { origin: s.server.url })).toMatchObject({ ok: false, code: 'ROLE_NOT_ALLOWED' });
    expect(await setStatus(supervisor, approveInput(worked), { origin: s.server.url })).toMatchObject({ ok: true });

    // Decision 0070: the client that set CHECKED cannot approve the payout itself; another client, or a client after a
    // staff person's check, can.
    const machine = { kind: 'client' as const, clientId: 'core-system' };
    const approver = { kind: 'client' as const, clientId: 'core-system-approval' };
    const byClient = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(machine, checkedInput(byClient), { origin: s.server.url })).toMatchObject({ ok: true });
    expect(await sqlValue(s.server.db, 'SELECT checked_by FROM severance_claims WHERE id = ?', byClient)).toBe('client:core-system');
    const checkedState = await snapshot(byClient);
    expect(await setStatus(machine, approveInput(byClient), { origin: s.server.url })).toMatchObject({ ok: false, code: 'FOUR_EYES_REQUIRED' });
    expect(await snapshot(byClient)).toEqual(checkedState);
    expect(await setStatus(approver, approveInput(byClient), { origin: s.server.url })).toMatchObject({ ok: true, value: { to: 'PRE_TRANSFER' } });
    const byStaff = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(clerk, checkedInput(byStaff), { origin: s.server.url })).toMatchObject({ ok: true });
    expect(await setStatus(machine, approveInput(byStaff), { origin: s.server.url })).toMatchObject({ ok: true });
    // A supervisor approves what a client checked.
    const checkedByClient = await newClaim(emailOf('anna'), 'CHECKING');
    expect(await setStatus(machine, checkedInput(checkedByClient), { origin: s.server.url })).toMatchObject({ ok: true });
    expect(await setStatus(supervisor, approveInput(checkedByClient), { origin: s.server.url })).toMatchObject({ ok: true });

    const other = await newClaim(emailOf('anna'), 'NEW');
    expect(await setStatus(clerk, { claimId: String(other), status: 'CHECKING' }, { origin: s.server.url })).toMatchObject({ ok: true });
  });
});

describe('setClaimStatus: what reaches the member', () => {
  const ME = '{ me { latestSeveranceClaim { id status definiteDate } } }';
  type Me = { me: { latestSeveranceClaim: { id: string; status: string; definiteDate: string | null } } };

  it('the dashboard shows each status; INFORMATION_NEEDED, CHECKED and POST_TRANSFER put a German message in the inbox with the notice by delivery choice', async () => {
    s.server.clock.advance(60_000);
    const claim = await newClaim(emailOf('anna'), 'NEW');
    const annaId = await personOf(emailOf('anna'));
    const notices = () => mailsOf(annaId);
    const lastMessage = () =>
      sqlOne<{ id: number; subject: string; body: string; counterpart: string }>(
        s.server.db,
        "SELECT id, subject, body, counterpart FROM messages WHERE person_id = ? AND direction = 'INBOUND' ORDER BY id DESC LIMIT 1",
        annaId,
      );
    const shown = async () => (await s.anna.graphql<Me>(ME)).body.data!.me.latestSeveranceClaim;

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
        s.server.clock.advance(1000);
        await annaWrites();
        expect(await shown()).toEqual({ id: String(claim), status: 'CHECKING', definiteDate: null });
        expect(await notices()).toBe(sent);
        continue;
      }
      // The payout is approved by another client than the one that set CHECKED (four eyes, decision 0070).
      const answer = await setStatus({ claimId: String(claim), status, ...extra }, status === 'PRE_TRANSFER' ? s.approver : s.fund);
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
    const body = await sqlValue<string>(s.server.db, 'SELECT body FROM messages WHERE id = ?', Number(answer.ok!.messageId));
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
