import { z } from 'zod';
import type { RequestContext } from '../../platform/request-context';
import { CLAIM_OPTIONS, PAYOUT_TYPES } from '@contract/claims';
import { formBoolean, optionalText as field, signatureFields, uploadIdList as uploadIds, withSignature } from '../../platform/shared/rest-fields';
import { method, type RestMethod } from '../../rest/method-kit';

/**
 * Body of REST `webportal/verfuegungen` (spec 000 sections 3 and 5 "Withdrawal step", spec 001 section 7; README
 * "Readings of the spec chosen"). Without `option` it answers the withdrawal step data of every account; with
 * `option` it sends a claim. The spec's names are kept: `pkPartnerSeqId` (the pension fund step),
 * `vkPartnerSeqId` (the provision fund step) and `versPartnerSeqId` (the insurer step) name the receiving
 * institution, `iban` the payout account. `hasNormalerVA`, `pensionsDat`, `hasVV` and `guthaben` are answered by the
 * server and never taken from a client.
 */
export const verfuegungenInput = z.object({
  accountId: field(20),
  option: z.enum(CLAIM_OPTIONS).optional(),
  pkPartnerSeqId: field(100),
  vkPartnerSeqId: field(100),
  versPartnerSeqId: field(100),
  policyNumber: field(100),
  payoutType: z.enum(PAYOUT_TYPES).optional(),
  iban: field(100),
  bic: field(100),
  street: field(200),
  postcode: field(20),
  city: field(200),
  country: field(10),
  confirmed: formBoolean.optional(),
  currentPassword: field(1000),
  ...signatureFields,
  /** Upload ids of the documents (purpose `claim-document`), as arrays (JSON) or one id per form field. */
  identityDocumentIds: uploadIds,
  signatureSampleIds: uploadIds,
  bankConfirmationIds: uploadIds,
  institutionConfirmationIds: uploadIds,
});

/**
 * Runs `webportal/verfuegungen`. Step data: `{ konten: [{ accountId, accountNumber, hasNormalerVA, pensionsDat,
 * hasVV, guthaben, pkPartnerSeqId, vkPartnerSeqId, versPartnerSeqId, iban, decisionDeadline, claimOpen }] }` with
 * `guthaben` in integer cents, `hasVV` the right to decide, `hasNormalerVA` a regular (not self-employed) account,
 * `pensionsDat` the pension start when that gave the right, the partner ids null (none chosen yet) and `iban` the
 * member's current payout account. Sending: `{ ok, code, fieldErrors: [{ field, code }], claim }` with the codes of
 * GraphQL `submitSeveranceClaim` and `claim: { id, option, status, submittedOn, dueDate, entitlement, tax,
 * cashOrderCost }` (cents).
 */
export async function verfuegungenRun(ctx: RequestContext, input: z.infer<typeof verfuegungenInput>): Promise<unknown> {
  const personId = await ctx.requirePersonId();
  if (!input.option) {
    const accounts = await ctx.services.claims.claimableAccounts(ctx.scope, personId);
    const bank = await ctx.services.profile.bankAccount(personId);
    return {
      konten: accounts.map((a) => ({
        accountId: a.id,
        accountNumber: a.accountNumber,
        hasNormalerVA: !a.selfEmployed,
        pensionsDat: a.rightToDecideReason === 'PENSION_START' ? a.rightToDecideSince : null,
        hasVV: a.rightToDecide,
        guthaben: a.entitlementCents,
        pkPartnerSeqId: null,
        vkPartnerSeqId: null,
        versPartnerSeqId: null,
        iban: bank?.iban ?? null,
        decisionDeadline: a.decisionDeadline,
        claimOpen: a.claimOpen,
      })),
    };
  }
  const institutionName =
    input.option === 'TRANSFER_PENSION_FUND'
      ? input.pkPartnerSeqId
      : input.option === 'TRANSFER_VORSORGEKASSE'
        ? input.vkPartnerSeqId
        : input.option === 'TRANSFER_SUPPLEMENTARY_INSURANCE'
          ? input.versPartnerSeqId
          : null;
  const r = await ctx.services.claims.submit(ctx.scope, personId, { ...withSignature(input), institutionName });
  if (!r.ok) return { ok: false, code: r.code, fieldErrors: (r.fieldErrors ?? []).map((e) => ({ field: restField(e.field, input.option), code: e.code })), claim: null };
  const c = r.value;
  return {
    ok: true,
    code: null,
    fieldErrors: [],
    claim: {
      id: c.id,
      option: c.option,
      status: c.status,
      submittedOn: c.submittedOn,
      dueDate: c.dueDate,
      entitlement: c.entitlementCents,
      tax: c.taxCents,
      cashOrderCost: c.cashOrderCostCents,
    },
  };
}

/** The REST name of a field the service names (the institution is the step's partner id). */
function restField(field: string, option: string | undefined): string {
  if (field !== 'institutionName') return field;
  return option === 'TRANSFER_PENSION_FUND' ? 'pkPartnerSeqId' : option === 'TRANSFER_VORSORGEKASSE' ? 'vkPartnerSeqId' : 'versPartnerSeqId';
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const claimsRestMethods: RestMethod[] = [
  method({
    name: 'webportal/verfuegungen',
    input: verfuegungenInput,
    auth: 'session',
    run: verfuegungenRun,
  }),
];
