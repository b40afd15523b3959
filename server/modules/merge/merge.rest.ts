import { z } from 'zod';
import type { RequestContext } from '../../platform/request-context';
import { MERGE_SIGNATURE_TYPES } from '@contract/merge';
import { formBoolean, optionalText as field, signatureFields, uploadIdList as uploadIds, withSignature } from '../../platform/shared/rest-fields';
import { method, type RestMethod } from '../../rest/method-kit';

/**
 * Body of REST `webportal/zusammenlegung` (decision 0023; spec 000 names no method for the merge, so the name
 * follows `webportal/verfuegungen`: docs/decisions/0023-merge-severance-accounts.md). Without `signatureType` it
 * answers the eligibility; with it, it sends a merge request with the fields of GraphQL `RequestMergeInput` (the
 * signature as `signatureKind` DRAWN with `signaturePng` or TYPED with `signatureName`).
 */
export const zusammenlegungInput = z.object({
  firstName: field(200),
  lastName: field(200),
  svnr: field(100),
  email: field(300),
  consent: formBoolean.optional(),
  termsAccepted: formBoolean.optional(),
  signatureType: z.enum(MERGE_SIGNATURE_TYPES).optional(),
  ...signatureFields,
  idCopyIds: uploadIds,
  signedFormIds: uploadIds,
});

/**
 * Runs `webportal/zusammenlegung`. Eligibility: `{ eligible, reason, konten: [{ accountId, accountNumber, endDate,
 * eligibleFrom, claimOpen, eligible }], targetAccountNumber, pendingSince }` (reasons of GraphQL `MergeReason`).
 * Sending: `{ ok, code, fieldErrors: [{ field, code }], request: { id, status, submittedOn, accountNumbers,
 * targetAccountNumber } }` with the codes of GraphQL `requestMerge`.
 */
export async function zusammenlegungRun(ctx: RequestContext, input: z.infer<typeof zusammenlegungInput>): Promise<unknown> {
  const personId = await ctx.requirePersonId();
  if (!input.signatureType) {
    const e = await ctx.services.merge.eligibility(ctx.scope, personId);
    return {
      eligible: e.eligible,
      reason: e.reason,
      konten: e.dormantAccounts.map((a) => ({
        accountId: String(a.id),
        accountNumber: a.accountNumber,
        endDate: a.endDate,
        eligibleFrom: a.eligibleFrom,
        claimOpen: a.claimOpen,
        eligible: a.eligible,
      })),
      targetAccountNumber: e.target?.accountNumber ?? null,
      pendingSince: e.pendingSince,
    };
  }
  const body = withSignature(input);
  const r = await ctx.services.merge.request(ctx.scope, personId, {
    ...body,
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    svnr: body.svnr ?? '',
    email: body.email ?? '',
  });
  if (!r.ok) return { ok: false, code: r.code, fieldErrors: r.fieldErrors ?? [], request: null };
  return { ok: true, code: null, fieldErrors: [], request: r.value };
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const mergeRestMethods: RestMethod[] = [method({ name: 'webportal/zusammenlegung', input: zusammenlegungInput, auth: 'session', run: zusammenlegungRun })];
