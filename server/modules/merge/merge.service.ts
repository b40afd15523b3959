import { writeTransaction, type Db } from '../../../db/client';
import type { EventRecorder } from '../../fund/events/events.store';
import type { UploadsService } from '../uploads/uploads.service';
import type { PersonStore } from '../person/person.store';
import type { ClaimsStore } from '../claims/claims.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { zodFieldErrors, type IssueLike } from '@contract/field-errors';
import { err, ok, type FieldError, type Result } from '../../platform/shared/result';
import type { RequestScope } from '../../platform/shared/request-scope';
import { isoDateVienna } from '@contract/dates';
import { isPngDataUrl, type SignatureWire } from '@contract/signature';
import { requestMergeInput, type MergeSignatureType } from '@contract/merge';
import { mergeEligibility, type MergeVerdict } from './merge.rules';
import type { MergeStore, NewMergeFile } from './merge.store';
import type { TenantDefinition } from '../../tenants';
import { renderLetter } from '../documents/pdf/letter';
import { MERGE_APPLICATION_FILE_NAME, mergeApplicationForm } from '../documents/pdf/request-templates';

/** What the merge screen shows before the form (GraphQL `MergeEligibility`). */
export interface MergeEligibilityModel extends MergeVerdict {
  /** ISO date (Vienna) the pending request was received; null without one. */
  pendingSince: string | null;
}

/**
 * What is in progress for one Vorsorgekasse account of the person (GraphQL `SeveranceAccountPendingRequest`): a
 * severance claim not yet finished, or a pending merge request that names the account. While one is, the dashboard
 * shows neither the decision countdown nor the merge link for it (spec 001 sections 2 and 5; decision 0044).
 */
export type SeveranceAccountPendingRequest = 'CLAIM' | 'MERGE';

/** A stored merge request (GraphQL `MergeRequest`). */
export interface MergeRequestModel {
  id: string;
  status: 'PENDING';
  submittedOn: string;
  accountNumbers: string[];
  targetAccountNumber: string;
}

/**
 * A merge request as GraphQL `RequestMergeInput` and the REST method `webportal/zusammenlegung` send it (the REST
 * signature fields already gathered in `signature`). `requestMergeInput` of the contract checks it: a missing or wrong
 * field is a field error.
 */
export interface RequestMergeWire {
  firstName?: string | null;
  lastName?: string | null;
  svnr?: string | null;
  email?: string | null;
  consent?: boolean | null;
  termsAccepted?: boolean | null;
  signatureType?: MergeSignatureType | null;
  signature?: SignatureWire | null;
  idCopyIds?: readonly string[] | null;
  signedFormIds?: readonly string[] | null;
}

/** Codes of a refused merge request (server/modules/merge/merge.graphql `RequestMergeError.code`). */
export type MergeErrorCode = 'ERROR_NOT_OFFERED' | 'ERROR_INVALID_INPUT' | 'ERROR_NOT_ELIGIBLE' | 'ERROR_ALREADY_PENDING' | 'ERROR_UPLOAD';

/** A refusal found inside the write transaction: thrown to roll back the uploads taken, then answered. */
class Refusal extends Error {
  constructor(readonly result: Result<never, MergeErrorCode>) {
    super(result.ok ? 'refusal' : result.code);
  }
}

/** The zod issues as field errors, one per field (`code` = the issue's message when it is a field code); the public merge uses it too. */
export function fieldErrorsOf(issues: readonly IssueLike[]): FieldError[] {
  return zodFieldErrors(issues);
}

/**
 * Merging dormant Vorsorgekasse accounts of the session's person (Zusammenlegung, § 17 (2a) BMSVG; spec 001
 * sections 2, 5 and 8; decision 0023): the eligibility the screen explains before the form, and sending the
 * request. Every call takes the person id from the session. Built once per process; every call takes the request's
 * scope (the DataLoaders its account reads go through).
 */
export function createMergeService(deps: {
  db: Db;
  /** The upload service whose `merge-document` uploads (PDF, TIF, JPEG, PNG, inspected ZIP) the request takes. */
  uploads: UploadsService;
  personStore: PersonStore;
  claimsStore: ClaimsStore;
  store: MergeStore;
  clock: Clock;
  /** This server's tenant: without `severanceMerge` (the regional tenant) nothing is read or stored. */
  tenant: TenantDefinition;
  /**
   * Issues the request's PDF confirmation (archived, decision 0018) and delivers it to the inbox; called inside the
   * request's write transaction, throws when it cannot (the request is then not stored either).
   */
  confirm: (scope: RequestScope, personId: number, requestId: number) => Promise<void>;
  /** The fund's event feed (decision 0053): the change's event is written in its transaction. */
  events: EventRecorder;
}) {
  const { store, clock } = deps;

  /** The person's Vorsorgekasse accounts, those with an open claim, and the pending merge request, if any. */
  async function mergeState(scope: RequestScope, personId: number) {
    const accounts = await scope.loaders.vkAccountsByPerson.load(personId);
    const [open, pending] = await Promise.all([
      deps.claimsStore.openClaimAccounts(
        personId,
        accounts.map((a) => a.id),
      ),
      store.pending(personId),
    ]);
    return { accounts, open, pending };
  }

  async function eligibility(scope: RequestScope, personId: number): Promise<MergeEligibilityModel> {
    if (!deps.tenant.severanceMerge) return { eligible: false, reason: 'NOT_OFFERED', dormantAccounts: [], target: null, pendingSince: null };
    const { accounts, open, pending } = await mergeState(scope, personId);
    const verdict = mergeEligibility(accounts, isoDateVienna(clock.now()), open, pending !== undefined);
    return { ...verdict, pendingSince: pending ? isoDateVienna(Date.parse(pending.submittedAt)) : null };
  }

  // One look-up per request: the dashboard asks for every account of the person.
  const pendingByScope = new WeakMap<RequestScope, Map<number, Promise<Map<number, SeveranceAccountPendingRequest>>>>();

  async function readPendingRequests(scope: RequestScope, personId: number): Promise<Map<number, SeveranceAccountPendingRequest>> {
    const { accounts, open, pending } = await mergeState(scope, personId);
    // The request stores the merged (dormant) accounts' numbers, comma-separated.
    const merged = new Set((pending?.accountNumbers ?? '').split(',').map((n) => n.trim()));
    const out = new Map<number, SeveranceAccountPendingRequest>();
    for (const a of accounts) {
      if (open.has(a.id)) out.set(a.id, 'CLAIM');
      else if (merged.has(a.accountNumber)) out.set(a.id, 'MERGE');
    }
    return out;
  }

  return {
    /**
     * The request in progress for each of the person's Vorsorgekasse accounts (account id → CLAIM or MERGE); an
     * account without one is absent. A claim counts while it is not finished (status other than POST_TRANSFER), a
     * merge while the request is PENDING and names the account among the merged ones. Read once per request scope.
     */
    async pendingRequests(scope: RequestScope, personId: number): Promise<Map<number, SeveranceAccountPendingRequest>> {
      let perPerson = pendingByScope.get(scope);
      if (!perPerson) pendingByScope.set(scope, (perPerson = new Map()));
      let found = perPerson.get(personId);
      if (!found) perPerson.set(personId, (found = readPendingRequests(scope, personId)));
      return await found;
    },

    /**
     * Whether the person may merge now, why (not), the dormant accounts with their dates and the target account. On a
     * tenant without the merge: not eligible, reason NOT_OFFERED, no accounts.
     */
    eligibility,

    /**
     * The merge application to print, sign by hand and upload as the signed form of a HANDWRITTEN request (spec 001
     * section 5; decision 0023 "Printable application"): a PDF filled with the person's data, the dormant accounts
     * that may be merged now and the target account; for `personId` null (the public merge) a blank one.
     * Errors: ERROR_NOT_OFFERED (a tenant without the merge), ERROR_NOT_ELIGIBLE (a member who may not merge now:
     * the screen explains why and offers no form).
     */
    async applicationForm(scope: RequestScope, personId: number | null): Promise<Result<{ bytes: Buffer; fileName: string }, 'ERROR_NOT_OFFERED' | 'ERROR_NOT_ELIGIBLE'>> {
      if (!deps.tenant.severanceMerge) return err('ERROR_NOT_OFFERED');
      const today = isoDateVienna(clock.now());
      const fileName = `${MERGE_APPLICATION_FILE_NAME}_${today}.pdf`;
      if (personId === null) return ok({ bytes: await renderLetter(mergeApplicationForm(null, today), { addressLines: [], salutation: '' }, deps.tenant.name), fileName });
      const [verdict, person] = await Promise.all([eligibility(scope, personId), deps.personStore.findById(personId)]);
      if (!verdict.eligible || !verdict.target || !person) return err('ERROR_NOT_ELIGIBLE');
      const address = [person.street, [person.postcode, person.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      const content = mergeApplicationForm(
        {
          person: { firstName: person.firstName, lastName: person.lastName, svnr: person.svnr, address, email: person.email ?? '' },
          accounts: verdict.dormantAccounts.filter((a) => a.eligible).map((a) => ({ accountNumber: a.accountNumber, endDate: a.endDate })),
          targetAccountNumber: verdict.target.accountNumber,
        },
        today,
      );
      return ok({ bytes: await renderLetter(content, { addressLines: [], salutation: '' }, deps.tenant.name), fileName });
    },

    /**
     * Sends a merge request; on a tenant without the merge (server/tenants.ts `severanceMerge`) `ERROR_NOT_OFFERED`
     * before anything is read. `input` is checked by `requestMergeInput` (@contract/merge: names, SVNR by the check
     * digit rule, e-mail, consent and terms ticked, signature type; DIGITAL needs a signature, the ID copy is always
     * required and the signed form for HANDWRITTEN: `DOCUMENT_REQUIRED`). Then, in the write transaction: the
     * documents must be the person's own pending uploads of purpose `merge-document` (`ERROR_UPLOAD` with
     * `UPLOAD_NOT_FOUND`, `UPLOAD_ALREADY_USED` or `UPLOAD_WRONG_PURPOSE` at the field); the SVNR must be the
     * person's own (`ERROR_INVALID_INPUT` with `SVNR_MISMATCH`: the request is for the member's own accounts); the
     * person must be eligible (`ERROR_NOT_ELIGIBLE`) with no pending request (`ERROR_ALREADY_PENDING`, also for two
     * concurrent sends). The request (PENDING, every
     * eligible dormant account, the target account), its files (and a drawn signature as PNG) and its PDF
     * confirmation (documents archive and inbox) are stored in one write transaction; a refusal stores nothing.
     */
    async request(scope: RequestScope, personId: number, input: RequestMergeWire): Promise<Result<MergeRequestModel, MergeErrorCode>> {
      if (!deps.tenant.severanceMerge) return err('ERROR_NOT_OFFERED');
      const parsed = requestMergeInput.safeParse(input);
      if (!parsed.success) return err('ERROR_INVALID_INPUT', fieldErrorsOf(parsed.error.issues));
      const v = parsed.data;
      if (v.signature?.kind === 'DRAWN' && !isPngDataUrl(v.signature.png)) return err('ERROR_INVALID_INPUT', [{ field: 'signature', code: 'SIGNATURE_INVALID' }]);
      const submittedAt = isoInstant(clock.now());
      let stored: { id: number; accountNumbers: string[]; targetAccountNumber: string };
      try {
        stored = await writeTransaction(deps.db, async () => {
          // The uploads first, so a foreign or unknown id gets the same answer whoever asks; every refusal below
          // rolls their use back.
          const files: NewMergeFile[] = [];
          if (v.signature?.kind === 'DRAWN') {
            const content = Buffer.from(v.signature.png.slice(v.signature.png.indexOf(',') + 1), 'base64');
            files.push({ kind: 'SIGNATURE', fileName: 'unterschrift.png', contentType: 'image/png', sizeBytes: content.length, content });
          }
          for (const doc of v.documents) {
            const taken = await deps.uploads.consume(personId, doc.ids, { purpose: 'merge-document', usedFor: 'merge', field: doc.field });
            if (!taken.ok) throw new Refusal(err('ERROR_UPLOAD', taken.fieldErrors));
            files.push(...taken.value.map((f) => ({ kind: doc.kind, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, content: f.content })));
          }
          const person = await deps.personStore.findById(personId);
          if (!person || person.svnr !== v.svnr) throw new Refusal(err('ERROR_INVALID_INPUT', [{ field: 'svnr', code: 'SVNR_MISMATCH' }]));
          const verdict = await eligibility(scope, personId);
          if (verdict.reason === 'REQUEST_PENDING') throw new Refusal(err('ERROR_ALREADY_PENDING'));
          if (!verdict.eligible || !verdict.target) throw new Refusal(err('ERROR_NOT_ELIGIBLE'));
          const target = verdict.target;
          const accountNumbers = verdict.dormantAccounts.filter((a) => a.eligible).map((a) => a.accountNumber);
          const newId = await store.insertUnlessPending(
            {
              personId,
              firstName: v.firstName,
              lastName: v.lastName,
              svnr: v.svnr,
              email: v.email,
              signatureType: v.signatureType,
              signatureKind: v.signature?.kind ?? null,
              signatureName: v.signature?.kind === 'TYPED' ? v.signature.name : null,
              accountNumbers: accountNumbers.join(', '),
              targetAccountNumber: target.accountNumber,
              submittedAt,
            },
            files,
          );
          if (newId === undefined) throw new Refusal(err('ERROR_ALREADY_PENDING'));
          await deps.confirm(scope, personId, newId);
          await deps.events.record({
            type: 'merge.requested',
            personId,
            subjectId: newId,
            actor: { kind: 'member', personId },
            data: { mergeRequestId: newId, accountNumbers, targetAccountNumber: target.accountNumber, signatureType: v.signatureType },
          });
          return { id: newId, accountNumbers, targetAccountNumber: target.accountNumber };
        });
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
      return ok({
        id: String(stored.id),
        status: 'PENDING',
        submittedOn: isoDateVienna(Date.parse(submittedAt)),
        accountNumbers: stored.accountNumbers,
        targetAccountNumber: stored.targetAccountNumber,
      });
    },
  };
}

export type MergeService = ReturnType<typeof createMergeService>;
