import { writeTransaction, type Db } from '../../../db/client';
import type { CLAIM_STATUSES } from '../../../db/schema';
import { isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import { fill } from '@contract/i18n/fill';
import catalogue from '@contract/i18n/de/claim-status.json';
import { actorText, type EventActor } from '../../fund/events/event-types';
import type { FundEventsStore } from '../../fund/events/events.store';
import type { Mailer } from '../../platform/mail/mailer';
import type { MessagesService } from '../messages/messages.service';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { DomainError } from '../../platform/shared/errors';
import { err, ok, type Result } from '../../platform/shared/result';
import { payoutDueDate, receivedOn } from './claims.rules';
import type { ClaimForChange, ClaimsStore } from './claims.store';

/** A claim status (db/schema/claims.ts, spec 001 section 4). */
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** What a transition needs beyond the pair of statuses. */
type Requirement = 'DEFINITE_DATE' | 'MESSAGE_TO_MEMBER' | 'MEMBER_ANSWER' | null;

/** One allowed step of a claim (decision 0056). */
export interface ClaimTransition {
  from: ClaimStatus;
  to: ClaimStatus;
  requires: Requirement;
  /**
   * A step of the four-eyes rule (decisions 0054, 0070): only another principal than the one that set CHECKED
   * (`checkedBy`) may take it — a staff person only as a SUPERVISOR, a machine client only as another client.
   */
  fourEyes: boolean;
  /** The inbox message the step sends the member (with the e-mail notice by delivery choice), or none. */
  informs: 'INFORMATION_NEEDED' | 'CHECKED' | 'POST_TRANSFER' | null;
}

/** Statuses of a claim still in progress from which the fund may ask the member for more (all but the end states). */
const ASKABLE: readonly ClaimStatus[] = ['NEW', 'CHECKING', 'CHECKED', 'PRE_TRANSFER'];

/**
 * Every allowed status change of a severance claim (spec 001 section 4; decision 0056), a pure table:
 * NEW → CHECKING → CHECKED (a definite date) → PRE_TRANSFER (four eyes) → POST_TRANSFER; any claim still in progress
 * → INFORMATION_NEEDED (a message to the member) → CHECKING once the member answered. Every other pair is refused
 * with TRANSITION_NOT_ALLOWED.
 */
export const CLAIM_TRANSITIONS: readonly ClaimTransition[] = [
  { from: 'NEW', to: 'CHECKING', requires: null, fourEyes: false, informs: null },
  { from: 'CHECKING', to: 'CHECKED', requires: 'DEFINITE_DATE', fourEyes: false, informs: 'CHECKED' },
  { from: 'CHECKED', to: 'PRE_TRANSFER', requires: null, fourEyes: true, informs: null },
  { from: 'PRE_TRANSFER', to: 'POST_TRANSFER', requires: null, fourEyes: false, informs: 'POST_TRANSFER' },
  ...ASKABLE.map((from): ClaimTransition => ({ from, to: 'INFORMATION_NEEDED', requires: 'MESSAGE_TO_MEMBER', fourEyes: false, informs: 'INFORMATION_NEEDED' })),
  { from: 'INFORMATION_NEEDED', to: 'CHECKING', requires: 'MEMBER_ANSWER', fourEyes: false, informs: null },
];

/** The allowed transition from `from` to `to`, or undefined. */
export function transitionOf(from: ClaimStatus, to: ClaimStatus): ClaimTransition | undefined {
  return CLAIM_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** Codes of a refused status change (fund API `FundError.code`; English messages in CLAIM_STATUS_ERROR_MESSAGES). */
export type ClaimStatusErrorCode =
  | 'TRANSITION_NOT_ALLOWED'
  | 'FOUR_EYES_REQUIRED'
  | 'ROLE_NOT_ALLOWED'
  | 'DEFINITE_DATE_REQUIRED'
  | 'DEFINITE_DATE_NOT_ALLOWED'
  | 'DEFINITE_DATE_IN_PAST'
  | 'DEFINITE_DATE_AFTER_DUE_DATE'
  | 'MESSAGE_REQUIRED'
  | 'MESSAGE_NOT_ALLOWED'
  | 'MEMBER_HAS_NOT_ANSWERED'
  | 'TOO_LONG';

/** English messages for integrators (decision 0053: messages to integrators are English). */
export const CLAIM_STATUS_ERROR_MESSAGES: Record<ClaimStatusErrorCode, string> = {
  TRANSITION_NOT_ALLOWED: 'The claim cannot move from its current status to this one (spec 001 section 4).',
  FOUR_EYES_REQUIRED: 'The payout or transfer must be approved by another person or client than the one that set CHECKED (four-eyes rule).',
  ROLE_NOT_ALLOWED: 'Only a supervisor may approve the payout or transfer (four-eyes rule).',
  DEFINITE_DATE_REQUIRED: 'CHECKED needs the definite payout or transfer date.',
  DEFINITE_DATE_NOT_ALLOWED: 'A definite date is set only with the change to CHECKED.',
  DEFINITE_DATE_IN_PAST: 'The definite date lies before today.',
  DEFINITE_DATE_AFTER_DUE_DATE: 'The definite date lies after the legal due date; give a reason.',
  MESSAGE_REQUIRED: 'INFORMATION_NEEDED needs a messageToMember saying what is missing.',
  MESSAGE_NOT_ALLOWED: 'A messageToMember is sent only with the change to INFORMATION_NEEDED.',
  MEMBER_HAS_NOT_ANSWERED: 'The member has not written to the Vorsorgekasse since the claim was set to INFORMATION_NEEDED.',
  TOO_LONG: 'The text is too long.',
};

/** Longest texts of a status change, in characters. */
export const CLAIM_STATUS_LIMITS = { messageToMember: 5000, note: 2000, reason: 500 } as const;

/** A requested status change (fund API `SetClaimStatusInput`); blank texts count as absent. */
export interface ClaimStatusChangeInput {
  claimId: string;
  status: ClaimStatus;
  /** ISO date; only with CHECKED. */
  definiteDate?: string | null;
  /** The fund's internal note; recorded in the event, never shown to the member. */
  note?: string | null;
  /** The text of the inbox message to the member; required with (and only with) INFORMATION_NEEDED. */
  messageToMember?: string | null;
  /** Why; required when the definite date lies after the due date; recorded in the event. */
  reason?: string | null;
}

/**
 * Who changes a claim: the fund's core system (a machine client) or a staff person of the workbench with the role
 * (decision 0054), which the four-eyes step asks for.
 */
export type ClaimStatusActor = Extract<EventActor, { kind: 'client' }> | (Extract<EventActor, { kind: 'staff' }> & { role: 'CLERK' | 'SUPERVISOR' | 'AUDITOR' | 'ADMIN' });

/** A done change: the statuses, the definite date, the inbox message sent (or null) and the event's id. */
export interface ClaimStatusChange {
  claimId: number;
  from: ClaimStatus;
  to: ClaimStatus;
  definiteDate: string | null;
  messageId: number | null;
  noticeSent: boolean;
  eventId: number;
}

const blank = (text: string | null | undefined): string | null => (text === null || text === undefined || text.trim() === '' ? null : text.trim());

/**
 * The checks of one change, pure (decision 0056): the pair must be in CLAIM_TRANSITIONS; then the inputs the step
 * needs. `dueDate` is the claim's legal due date and `today` the Vienna date (ISO); `answered` whether the member
 * wrote to the Vorsorgekasse since the change to INFORMATION_NEEDED (asked only for that step).
 */
export async function checkClaimStatusChange(
  from: ClaimStatus,
  input: Omit<ClaimStatusChangeInput, 'claimId'>,
  facts: { dueDate: string; today: string; answered: () => Promise<boolean> },
): Promise<Result<ClaimTransition, ClaimStatusErrorCode>> {
  {
    const transition = transitionOf(from, input.status);
    if (!transition) return err('TRANSITION_NOT_ALLOWED', [{ field: 'status', code: 'TRANSITION_NOT_ALLOWED' }]);
    for (const field of ['messageToMember', 'note', 'reason'] as const) {
      const text = input[field];
      if (text && text.length > CLAIM_STATUS_LIMITS[field]) return err('TOO_LONG', [{ field, code: 'TOO_LONG' }]);
    }
    const definiteDate = input.definiteDate ?? null;
    if (transition.requires === 'DEFINITE_DATE') {
      if (definiteDate === null) return err('DEFINITE_DATE_REQUIRED', [{ field: 'definiteDate', code: 'DEFINITE_DATE_REQUIRED' }]);
      if (definiteDate < facts.today) return err('DEFINITE_DATE_IN_PAST', [{ field: 'definiteDate', code: 'DEFINITE_DATE_IN_PAST' }]);
      if (definiteDate > facts.dueDate && blank(input.reason) === null) return err('DEFINITE_DATE_AFTER_DUE_DATE', [{ field: 'reason', code: 'DEFINITE_DATE_AFTER_DUE_DATE' }]);
    } else if (definiteDate !== null) {
      return err('DEFINITE_DATE_NOT_ALLOWED', [{ field: 'definiteDate', code: 'DEFINITE_DATE_NOT_ALLOWED' }]);
    }
    const message = blank(input.messageToMember);
    if (transition.requires === 'MESSAGE_TO_MEMBER' && message === null) return err('MESSAGE_REQUIRED', [{ field: 'messageToMember', code: 'MESSAGE_REQUIRED' }]);
    if (transition.requires !== 'MESSAGE_TO_MEMBER' && message !== null) return err('MESSAGE_NOT_ALLOWED', [{ field: 'messageToMember', code: 'MESSAGE_NOT_ALLOWED' }]);
    if (transition.requires === 'MEMBER_ANSWER' && !(await facts.answered())) return err('MEMBER_HAS_NOT_ANSWERED', [{ field: 'status', code: 'MEMBER_HAS_NOT_ANSWERED' }]);
    return ok(transition);
  }
}

type Wording = 'payout' | 'transfer' | 'keep';
const wordingOf = (option: ClaimForChange['option']): Wording => (option === 'PAYOUT' ? 'payout' : option === 'KEEP' ? 'keep' : 'transfer');

/** Subject and body of the inbox message a step sends (schema/contract/i18n/de/claim-status.json), formal "Sie". */
export function claimStatusMessage(
  informs: NonNullable<ClaimTransition['informs']>,
  claim: { option: ClaimForChange['option']; accountNumber: string; submittedOn: string; definiteDate: string | null },
  messageToMember: string | null,
): { subject: string; body: string } {
  const texts = catalogue.claimStatus.message;
  const values = { account: claim.accountNumber, submittedOn: formatDate(claim.submittedOn), date: claim.definiteDate ? formatDate(claim.definiteDate) : '' };
  const wording = wordingOf(claim.option);
  switch (informs) {
    case 'INFORMATION_NEEDED':
      return { subject: texts.INFORMATION_NEEDED.subject, body: fill(texts.INFORMATION_NEEDED.body, { ...values, message: messageToMember ?? '' }) };
    case 'CHECKED':
      return { subject: texts.CHECKED.subject, body: fill(texts.CHECKED[wording], values) };
    case 'POST_TRANSFER':
      return { subject: texts.POST_TRANSFER[wording].subject, body: fill(texts.POST_TRANSFER[wording].body, values) };
  }
}

/** A refusal found inside the transaction: thrown to roll it back, then answered. */
class Refusal extends Error {
  constructor(readonly result: Result<never, ClaimStatusErrorCode>) {
    super('refusal');
  }
}

/**
 * Moving a severance claim along spec 001 section 4 (decision 0056), for the fund's API and the coming staff
 * workbench alike: the rules are CLAIM_TRANSITIONS and `checkClaimStatusChange`; this service adds the facts (the
 * claim, its due date by `payoutDueDate`, the member's answer), the four-eyes check, and the effects, all in one write
 * transaction: the new status (with the definite date for CHECKED), the inbox message the step calls for with the
 * e-mail notice by the member's delivery choice (the messages service's `postFromFund`, as `npm run fund -- message`),
 * and the event `claim.status_changed`. A refusal writes nothing.
 */
export function createClaimStatusService(deps: { db: Db; store: ClaimsStore; messages: MessagesService; mailer: Mailer; events: FundEventsStore; clock: Clock }) {
  const { store, clock } = deps;

  return {
    /**
     * Changes the status of claim `input.claimId` (see the service comment); `origin` is the portal's public origin
     * for the link in the e-mail notice. Resolves to the change, or a refusal with its code and field (nothing
     * written). @throws DomainError NOT_FOUND for a claim id that is malformed or unknown.
     */
    async setStatus(actor: ClaimStatusActor, input: ClaimStatusChangeInput, notice: { origin: string }): Promise<Result<ClaimStatusChange, ClaimStatusErrorCode>> {
      const id = /^[1-9]\d{0,14}$/.test(input.claimId) ? Number(input.claimId) : null;
      const notFound = () => new DomainError('NOT_FOUND', `No claim ${input.claimId.slice(0, 40)}.`);
      if (id === null) throw notFound();
      try {
        return await writeTransaction(deps.db, async () => {
          const claim = await store.forChange(id);
          if (!claim) throw notFound();
          const submittedOn = receivedOn(claim.submittedAt);
          const checked = await checkClaimStatusChange(claim.status, input, {
            dueDate: payoutDueDate(submittedOn),
            today: isoDateVienna(clock.now()),
            answered: () => store.memberWroteSince(claim.personId, claim.statusChangedAt ?? claim.submittedAt),
          });
          if (!checked.ok) return checked;
          const transition = checked.value;
          // Four eyes on money leaving the fund (decisions 0054, 0070): the payout or transfer is approved only by another
          // principal than the one that set CHECKED, a staff person only as a SUPERVISOR, a machine client only as
          // another client.
          if (transition.fourEyes) {
            if (actor.kind === 'staff' && actor.role !== 'SUPERVISOR') return err('ROLE_NOT_ALLOWED', [{ field: 'status', code: 'ROLE_NOT_ALLOWED' }]);
            if (claim.checkedBy === actorText(actor)) return err('FOUR_EYES_REQUIRED', [{ field: 'status', code: 'FOUR_EYES_REQUIRED' }]);
          }
          const definiteDate = transition.requires === 'DEFINITE_DATE' ? input.definiteDate! : undefined;
          const now = isoInstant(clock.now());
          // Another change of the same claim committed first: refuse, as the pair is no longer the claim's.
          if (!(await store.changeStatus(id, claim.status, transition.to, now, definiteDate, transition.to === 'CHECKED' ? actorText(actor) : undefined))) {
            throw new Refusal(err('TRANSITION_NOT_ALLOWED', [{ field: 'status', code: 'TRANSITION_NOT_ALLOWED' }]));
          }
          const effective = definiteDate ?? claim.definiteDate;
          let messageId: number | null = null;
          let noticeSent = false;
          if (transition.informs) {
            // A claim moved by SQL before this service may lack the definite date: the message then names today.
            const date = effective ?? isoDateVienna(clock.now());
            const text = claimStatusMessage(transition.informs, { ...claim, submittedOn, definiteDate: date }, blank(input.messageToMember));
            const posted = await deps.messages.postFromFund(
              claim.person,
              { counterpart: 'SEVERANCE_FUND', ...text, attachments: [] },
              { mailer: deps.mailer, origin: notice.origin },
            );
            messageId = posted.message.id;
            noticeSent = posted.noticeSent;
          }
          const eventId = await deps.events.record({
            type: 'claim.status_changed',
            personId: claim.personId,
            subjectId: id,
            actor,
            data: { claimId: String(id), from: claim.status, to: transition.to, definiteDate: effective, messageId, note: blank(input.note), reason: blank(input.reason) },
          });
          return ok({ claimId: id, from: claim.status, to: transition.to, definiteDate: effective, messageId, noticeSent, eventId });
        });
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
    },

    /**
     * The member answered the fund's information request (decision 0056, "The member answered"): message `messageId`,
     * sent from the member's own inbox to the Vorsorgekasse, moves every claim of person `personId` in
     * INFORMATION_NEEDED back to CHECKING, each with the event `claim.status_changed` (actor the member, `messageId`
     * the answer). Joins the caller's write transaction (the messages service's `send`), so the message, the status
     * and the events are stored together or not at all. Resolves to the ids of the claims moved (none: nothing
     * written). No inbox message: CHECKING informs nobody (CLAIM_TRANSITIONS).
     */
    async memberAnswered(personId: number, messageId: number): Promise<number[]> {
      return writeTransaction(deps.db, async () => {
        const moved: number[] = [];
        const now = isoInstant(clock.now());
        for (const claim of await store.awaitingAnswerOf(personId)) {
          // Conditional on the status read: a change of the fund committed meanwhile wins, this claim is left alone.
          if (!(await store.changeStatus(claim.id, 'INFORMATION_NEEDED', 'CHECKING', now))) continue;
          await deps.events.record({
            type: 'claim.status_changed',
            personId,
            subjectId: claim.id,
            actor: { kind: 'member', personId },
            data: { claimId: String(claim.id), from: 'INFORMATION_NEEDED', to: 'CHECKING', definiteDate: claim.definiteDate, messageId, note: null, reason: null },
          });
          moved.push(claim.id);
        }
        return moved;
      });
    },
  };
}

export type ClaimStatusService = ReturnType<typeof createClaimStatusService>;
