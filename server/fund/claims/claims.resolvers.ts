import { GraphQLError } from 'graphql';
import { isoDateVienna } from '@contract/dates';
import { daysUntil, payoutDueDate, receivedOn } from '../../modules/claims/claims.rules';
import { CLAIM_STATUS_ERROR_MESSAGES, type ClaimStatusChange } from '../../modules/claims/claims.status';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { decodeCursor, encodeCursor, pageSize, pagedConnection } from '../graphql/connection';
import { noteAudit, type FundContext } from '../graphql/fund-context';
import { principalActor, principalKey } from '../access/scopes';
import { claimFileLinksOf } from './claim-file-links';
import { createFundClaimsRead, type FundClaimFileRow, type FundClaimRow } from './claims.read';

/**
 * A claim of the fund's API with its files (read with the page, one statement for all), its due date (`payoutDueDate`
 * of the Vienna day of receipt, the member screens' rule) and the days from today to it, computed once per claim.
 */
export type FundClaimModel = FundClaimRow & { files: FundClaimFileRow[]; dueDate: string; daysLeft: number };
/** `SetClaimStatusOk`: the change and the claim as it is now. */
export type SetClaimStatusOkModel = ClaimStatusChange & { claim: FundClaimModel };

const reads = new WeakMap<object, ReturnType<typeof createFundClaimsRead>>();
/** The process's claim reads (one per AppDeps). */
function readOf(ctx: FundContext) {
  let read = reads.get(ctx.deps);
  if (!read) {
    read = createFundClaimsRead(ctx.deps.db);
    reads.set(ctx.deps, read);
  }
  return read;
}

/** `rows` as the API's models: with their files, due date and days left (today: the Vienna date of the clock). */
async function modelsOf(ctx: FundContext, rows: FundClaimRow[]): Promise<FundClaimModel[]> {
  const files = await readOf(ctx).filesOf(rows.map((r) => r.id));
  const today = isoDateVienna(ctx.deps.clock.now());
  return rows.map((r) => {
    const dueDate = payoutDueDate(receivedOn(r.submittedAt));
    return { ...r, files: files.filter((f) => f.claimId === r.id), dueDate, daysLeft: daysUntil(dueDate, today) };
  });
}

/** Claims of the fund's API (decision 0056); SDL in claims.graphql, the status rules in server/modules/claims/claims.status.ts. */
export const claimsResolvers: FundResolvers = {
  Query: {
    async claims(_source, { status, first, after }, ctx, info) {
      const size = pageSize(first, { fallback: 100, max: 500 });
      if (status && status.length === 0)
        throw new GraphQLError('status must name at least one status, or be left out.', { extensions: { code: 'BAD_USER_INPUT', field: 'status' } });
      const key = decodeCursor<[string, number]>(after, ['string', 'number']);
      return pagedConnection(info, size, {
        page: async () => modelsOf(ctx, await readOf(ctx).page(status ?? null, key, size + 1)),
        count: () => readOf(ctx).count(status ?? null),
        cursorOf: (row) => encodeCursor([row.submittedAt, row.id]),
      });
    },
  },
  Mutation: {
    async setClaimStatus(_source, { input }, ctx) {
      const { principal, deps } = ctx;
      // The trail's record of the change (decision 0059): the claim's member and its state before.
      const before = /^\d{1,15}$/.test(input.claimId) ? await readOf(ctx).byId(Number(input.claimId)) : undefined;
      if (before)
        noteAudit(ctx, 'setClaimStatus', {
          personId: before.personId,
          target: `claim:${before.id}`,
          before: { status: before.status, definiteDate: before.definiteDate, checkedBy: before.checkedBy },
        });
      const result = await deps.services.claimStatus.setStatus(principalActor(principal), input, { origin: ctx.origin });
      if (!result.ok) return { ok: null, error: { code: result.code, message: CLAIM_STATUS_ERROR_MESSAGES[result.code], field: result.fieldErrors[0]?.field ?? null } };
      const row = await readOf(ctx).byId(result.value.claimId);
      const [claim] = await modelsOf(ctx, [row!]);
      return { ok: { ...result.value, claim: claim! }, error: null };
    },
  },
  SetClaimStatusOk: {
    previousStatus: (change) => change.from,
    messageId: (change) => (change.messageId === null ? null : String(change.messageId)),
    eventId: (change) => String(change.eventId),
  },
  FundClaim: {
    id: (claim) => String(claim.id),
    accountNumber: (claim) => claim.accountNumber,
    bank: (claim) =>
      claim.option === 'PAYOUT' && claim.payoutType !== 'CASH_ORDER' && claim.iban
        ? { iban: claim.iban, bic: claim.bic, holder: `${claim.member.firstName} ${claim.member.lastName}` }
        : null,
    institution: (claim) => (claim.option.startsWith('TRANSFER_') && claim.institutionName ? { name: claim.institutionName, policyNumber: claim.policyNumber } : null),
    cashOrderAddress: (claim) => (claim.payoutType === 'CASH_ORDER' ? { street: claim.street, postcode: claim.postcode, city: claim.city, country: claim.country } : null),
    entitlement: (claim) => claim.entitlementCents,
    tax: (claim) => claim.taxCents,
    cashOrderCost: (claim) => claim.cashOrderCostCents,
    documents: (claim) => claim.files,
  },
  FundClaimMember: {
    address: (member) => ({ street: member.street, postcode: member.postcode, city: member.city, country: member.country }),
  },
  FundClaimDocument: {
    id: (file) => String(file.id),
    size: (file) => file.sizeBytes,
    async downloadUrl(file, _args, ctx) {
      return (await claimFileLinksOf(ctx.deps).sign(ctx.origin, file.id, principalKey(ctx.principal))).url;
    },
    async expiresAt(file, _args, ctx) {
      return (await claimFileLinksOf(ctx.deps).sign(ctx.origin, file.id, principalKey(ctx.principal))).expiresAt;
    },
  },
};
