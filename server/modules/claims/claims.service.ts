import type { EventRecorder } from '../../fund/events/events.store';
import { writeTransaction, type Db } from '../../../db/client';
import type { VkAccountRow } from '../../../db/schema';
import type { UploadsService } from '../uploads/uploads.service';
import type { TenantDefinition } from '../../tenants';
import type { StepUp } from '../session/step-up';
import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import { isoDateVienna } from '@contract/dates';
import { zodFieldErrors } from '@contract/field-errors';
import { err, ok, type Result } from '../../platform/shared/result';
import type { RequestScope } from '../../platform/shared/request-scope';
import { isPngDataUrl, type SignatureWire } from '@contract/signature';
import type { CLAIM_DOCUMENT_FIELDS } from '@contract/claims';
import { allowedClaimOptions, payoutTaxCents, submitSeveranceClaimInput, type ClaimOption, type PayoutType, type SubmitSeveranceClaimValues } from '@contract/claims';
import type { ClaimsStore, ClaimWithAccount } from './claims.store';
import { daysUntil, decisionDeadline, decisionMonths, hasRightToDecide, isDueDateExceeded, payoutDueDate, receivedOn, type RightToDecideReason } from './claims.rules';

/** The read model of `SeveranceClaim` (server/modules/claims/claims.graphql). */
export interface SeveranceClaimModel {
  id: string;
  option: ClaimWithAccount['option'];
  status: ClaimWithAccount['status'];
  accountNumber: string;
  /** ISO date (Vienna) of the submission. */
  submittedOn: string;
  /** Latest legal payout date (ISO), computed from `submittedOn` by `payoutDueDate`, never stored. */
  dueDate: string;
  dueDateExceeded: boolean;
  definiteDate: string | null;
  /** Entitlement when sent, tax withheld and cash-order cost, integer cents (null for claims sent before they were stored). */
  entitlementCents: number | null;
  taxCents: number | null;
  cashOrderCostCents: number | null;
}

/** What the claim form needs of one Vorsorgekasse account (server/modules/claims/claims.graphql `ClaimableSeveranceAccount`). */
export interface ClaimableAccountModel {
  id: string;
  accountNumber: string;
  /** Latest statement's total entitlement (guthaben), integer cents; null without a statement. */
  entitlementCents: number | null;
  /** Stichtag of that statement. */
  stichtag: string | null;
  rightToDecide: boolean;
  rightToDecideSince: string | null;
  rightToDecideReason: RightToDecideReason | null;
  /** Last day to decide (ISO), null without a right; months: 3 at pension start, 6 otherwise. */
  decisionDeadline: string | null;
  decisionMonths: number;
  /** Days from today (Vienna) to the deadline; negative once passed; null without a right. */
  decisionDaysLeft: number | null;
  selfEmployed: boolean;
  /** A claim on this account is being processed (a second is refused). */
  claimOpen: boolean;
  allowedOptions: ClaimOption[];
  /** 6 % of the entitlement, integer cents. */
  payoutTaxCents: number;
  /** CASH_ORDER_COST_CENTS. */
  cashOrderCostCents: number;
}

/**
 * A claim as GraphQL `SubmitSeveranceClaimInput` and the REST method `webportal/verfuegungen` send it (the REST
 * partner ids already mapped to `institutionName`, the signature fields to `signature`). `submitSeveranceClaimInput`
 * of the contract checks it: a missing or wrong field is a field error.
 */
export interface SubmitSeveranceClaimWire {
  accountId?: string | null;
  option?: ClaimOption | null;
  institutionName?: string | null;
  policyNumber?: string | null;
  payoutType?: PayoutType | null;
  iban?: string | null;
  bic?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  confirmed?: boolean | null;
  currentPassword?: string | null;
  signature?: SignatureWire | null;
  identityDocumentIds?: readonly string[] | null;
  signatureSampleIds?: readonly string[] | null;
  bankConfirmationIds?: readonly string[] | null;
  institutionConfirmationIds?: readonly string[] | null;
}

/** Codes of a refused claim (server/modules/claims/claims.graphql `SubmitSeveranceClaimError.code`). */
export type ClaimErrorCode = 'ERROR_INVALID_INPUT' | 'ERROR_NO_RIGHT_TO_DECIDE' | 'ERROR_OPTION_NOT_ALLOWED' | 'ERROR_ALREADY_SUBMITTED' | 'ERROR_PWD_INVALID' | 'ERROR_UPLOAD';

/** A refusal found inside the write transaction: thrown to roll back what the transaction did (uploads taken), then answered. */
class Refusal extends Error {
  constructor(readonly result: Result<never, ClaimErrorCode>) {
    super(result.ok ? 'refusal' : result.code);
  }
}

/** A file stored with a claim (`claim_files`). */
type ClaimFile = { kind: ClaimDocumentKind; fileName: string; contentType: string; sizeBytes: number; content: Buffer };
type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_FIELDS)[keyof typeof CLAIM_DOCUMENT_FIELDS];

/** The drawn signature as a claim file (SIGNATURE_SAMPLE, PNG); none for a typed one. */
function signatureFiles(signature: NonNullable<SubmitSeveranceClaimValues['signature']>): ClaimFile[] {
  if (signature.kind !== 'DRAWN') return [];
  const content = Buffer.from(signature.png.slice(signature.png.indexOf(',') + 1), 'base64');
  return [{ kind: 'SIGNATURE_SAMPLE' as const, fileName: 'unterschrift.png', contentType: 'image/png', sizeBytes: content.length, content }];
}

/**
 * Severance claims of the session's person (spec 001 sections 2 to 5, 8 and 9; spec 000 section 5 "Withdrawal
 * step"): the dashboard teaser's latest claim, the accounts the claim form offers, and sending a claim. Both tenants
 * have the Vorsorgekasse, so both answer. Every call takes the person id from the session. Built once per process;
 * every call takes the request's scope (its DataLoaders, and its session for the step-up).
 */
export function createClaimsService(deps: {
  db: Db;
  /** The upload service whose `claim-document` uploads the claim takes (decision 0014). */
  uploads: UploadsService;
  clock: Clock;
  tenant: TenantDefinition;
  store: ClaimsStore;
  stepUp: StepUp;
  /** Cost of a cash order, integer cents (CASH_ORDER_COST_CENTS). */
  cashOrderCostCents: number;
  /**
   * Issues the claim's PDF confirmation (archived, decision 0018) and delivers it to the member's inbox; called inside
   * the claim's write transaction (decision 0015). Throws when the confirmation cannot be made: the claim is then
   * not stored either.
   */
  confirm: (scope: RequestScope, personId: number, claimId: number) => Promise<void>;
  /** The fund's event feed (decision 0053): the change's event is written in its transaction. */
  events: EventRecorder;
}) {
  const { clock, store } = deps;
  const today = () => isoDateVienna(clock.now());

  function model(row: ClaimWithAccount): SeveranceClaimModel {
    const submittedOn = receivedOn(row.submittedAt);
    const dueDate = payoutDueDate(submittedOn);
    return {
      id: String(row.id),
      option: row.option,
      status: row.status,
      accountNumber: row.accountNumber,
      submittedOn,
      dueDate,
      dueDateExceeded: isDueDateExceeded(dueDate, today()),
      definiteDate: row.definiteDate,
      entitlementCents: row.entitlementCents,
      taxCents: row.taxCents,
      cashOrderCostCents: row.cashOrderCostCents,
    };
  }

  async function claimable(scope: RequestScope, personId: number): Promise<Array<ClaimableAccountModel & { row: VkAccountRow }>> {
    const accounts = await scope.loaders.vkAccountsByPerson.load(personId);
    const open = await store.openClaimAccounts(
      personId,
      accounts.map((a) => a.id),
    );
    const now = today();
    return await Promise.all(
      accounts.map(async (a) => {
        const latest = await scope.loaders.latestVkStatementByAccount.load(a.id);
        const entitlementCents = latest?.totalEntitlementCents ?? null;
        const right = hasRightToDecide(a, entitlementCents, now);
        const deadline = a.rightToDecideSince ? decisionDeadline(a.rightToDecideSince, a.rightToDecideReason) : null;
        return {
          row: a,
          id: String(a.id),
          accountNumber: a.accountNumber,
          entitlementCents,
          stichtag: latest?.stichtag ?? null,
          rightToDecide: right,
          rightToDecideSince: a.rightToDecideSince,
          rightToDecideReason: a.rightToDecideReason,
          decisionDeadline: right ? deadline : null,
          decisionMonths: decisionMonths(a.rightToDecideReason),
          decisionDaysLeft: right && deadline ? daysUntil(deadline, now) : null,
          selfEmployed: a.selfEmployed,
          claimOpen: open.has(a.id),
          allowedOptions: allowedClaimOptions(a.selfEmployed),
          payoutTaxCents: payoutTaxCents(entitlementCents ?? 0),
          cashOrderCostCents: deps.cashOrderCostCents,
        };
      }),
    );
  }

  return {
    /** The newest claim of the person, or null when there is none. */
    async latest(scope: RequestScope, personId: number): Promise<SeveranceClaimModel | null> {
      const row = await scope.loaders.latestClaimByPerson.load(personId);
      return row ? model(row) : null;
    },

    /**
     * The person's Vorsorgekasse accounts as the claim form shows them: entitlement, right to decide, decision
     * deadline and days left, whether a claim is open, the allowed options, the 6 % tax and the cash-order cost.
     */
    async claimableAccounts(scope: RequestScope, personId: number): Promise<ClaimableAccountModel[]> {
      return (await claimable(scope, personId)).map(({ row: _row, ...rest }) => rest);
    },

    /**
     * Sends a claim (step 3 of `/gm`). `input` is checked by `submitSeveranceClaimInput` (@contract/claims); then:
     * the account must be the person's own with a right to decide (`ERROR_NO_RIGHT_TO_DECIDE`, also for an unknown
     * or foreign account id), the option allowed (`ERROR_OPTION_NOT_ALLOWED`: a self-employed member's transfer to
     * a pension fund or collective insurance), a payout needs the step-up (`ERROR_INVALID_INPUT` with
     * `currentPassword: REQUIRED`, or `ERROR_PWD_INVALID` for a wrong password, counted towards the lockout), and
     * no unfinished claim may exist on the account (`ERROR_ALREADY_SUBMITTED`, "already submitted recently").
     * A drawn signature must decode to a PNG (`SIGNATURE_INVALID`); it is stored as the claim's SIGNATURE_SAMPLE file,
     * a typed one as the name. The documents (`identityDocumentIds` …, the ones `requiredClaimDocuments` names are
     * required: `DOCUMENT_REQUIRED`) must be the person's own pending uploads of purpose `claim-document`; they move
     * into the claim's files in the same write transaction as the claim (`ERROR_UPLOAD` with `UPLOAD_NOT_FOUND`,
     * `UPLOAD_ALREADY_USED` or `UPLOAD_WRONG_PURPOSE` at the field otherwise: unknown, foreign, expired, used). Stores the claim with status NEW, the entitlement, the tax (6 % on a payout) and the cash-order cost, all
     * integer cents, and issues its PDF confirmation (documents archive and inbox, `confirm`) in the same transaction.
     * A refusal stores nothing.
     */
    async submit(scope: RequestScope, personId: number, input: SubmitSeveranceClaimWire): Promise<Result<SeveranceClaimModel, ClaimErrorCode>> {
      const parsed = submitSeveranceClaimInput.safeParse(input);
      if (!parsed.success) return err('ERROR_INVALID_INPUT', zodFieldErrors(parsed.error.issues));
      const v = parsed.data;
      if (v.signature?.kind === 'DRAWN' && !isPngDataUrl(v.signature.png)) return err('ERROR_INVALID_INPUT', [{ field: 'signature', code: 'SIGNATURE_INVALID' }]);
      const account = (await claimable(scope, personId)).find((a) => a.id === v.accountId);
      if (!account || !account.rightToDecide) return err('ERROR_NO_RIGHT_TO_DECIDE', [{ field: 'accountId', code: 'NO_RIGHT_TO_DECIDE' }]);
      if (!account.allowedOptions.includes(v.option)) return err('ERROR_OPTION_NOT_ALLOWED', [{ field: 'option', code: 'SELF_EMPLOYED_NO_COLLECTIVE' }]);
      if (account.claimOpen) return err('ERROR_ALREADY_SUBMITTED');
      if (v.option === 'PAYOUT') {
        const outcome = await deps.stepUp.verify(scope, personId, v.currentPassword, 'SEVERANCE_PAYOUT_ACCOUNT');
        if (!outcome.ok) {
          return outcome.reason === 'PASSWORD_REQUIRED'
            ? err('ERROR_INVALID_INPUT', [{ field: 'currentPassword', code: 'REQUIRED' }])
            : err('ERROR_PWD_INVALID', [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }]);
        }
      }
      const entitlement = account.entitlementCents ?? 0;
      try {
        await writeTransaction(deps.db, async () => {
          const files = signatureFiles(v.signature!);
          for (const doc of v.documents) {
            const taken = await deps.uploads.consume(personId, doc.ids, { purpose: 'claim-document', usedFor: 'claim', field: doc.field });
            if (!taken.ok) throw new Refusal(err('ERROR_UPLOAD', taken.fieldErrors));
            files.push(...taken.value.map((f) => ({ kind: doc.kind, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, content: f.content })));
          }
          const newId = await store.insertUnlessOpen(
            {
              personId,
              accountId: account.row.id,
              option: v.option,
              institutionName: v.institutionName,
              policyNumber: v.policyNumber,
              iban: v.iban,
              bic: v.bic,
              payoutType: v.payoutType,
              street: v.street,
              postcode: v.postcode,
              city: v.city,
              country: v.country,
              submittedAt: isoInstant(clock.now()),
              entitlementCents: entitlement,
              taxCents: v.option === 'PAYOUT' ? payoutTaxCents(entitlement) : 0,
              cashOrderCostCents: v.payoutType === 'CASH_ORDER' ? deps.cashOrderCostCents : 0,
              signatureKind: v.signature!.kind,
              signatureName: v.signature!.kind === 'TYPED' ? v.signature!.name : null,
            },
            files,
          );
          if (newId === undefined) throw new Refusal(err('ERROR_ALREADY_SUBMITTED'));
          await deps.confirm(scope, personId, newId);
          await deps.events.record({
            type: 'claim.submitted',
            personId,
            subjectId: newId,
            actor: { kind: 'member', personId },
            data: { claimId: newId, accountId: account.row.id, option: v.option, entitlementCents: entitlement, status: 'NEW' },
          });
          return newId;
        });
      } catch (error) {
        if (error instanceof Refusal) return error.result;
        throw error;
      }
      scope.loaders.latestClaimByPerson.clear(personId);
      const row = await scope.loaders.latestClaimByPerson.load(personId);
      return ok(model(row!));
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
