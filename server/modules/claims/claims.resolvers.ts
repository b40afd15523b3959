import { CLAIM_ERROR_MESSAGES, claimFieldError } from './claims.messages';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * Severance claims (server/modules/claims/claims.graphql): thin calls into ClaimsService. `Person` fields are reached only through
 * `me`, so they are the session person's own; the mutation takes the person from the session.
 */
export const claimsResolvers: Resolvers = {
  Person: {
    latestSeveranceClaim: async (p, _a, ctx) => await ctx.services.claims.latest(ctx.scope, p.id),
    claimableSeveranceAccounts: async (p, _a, ctx) => await ctx.services.claims.claimableAccounts(ctx.scope, p.id),
  },
  SeveranceClaim: {
    entitlement: (c) => c.entitlementCents,
    tax: (c) => c.taxCents,
    cashOrderCost: (c) => c.cashOrderCostCents,
  },
  // The claim or merge in progress per account (merge service: it reads both): the dashboard hides the countdown and
  // the merge link while one is (server/modules/claims/claims.graphql `SeveranceAccountPendingRequest`).
  SeveranceAccount: {
    pendingRequest: async (a, _a, ctx) => (await ctx.services.merge.pendingRequests(ctx.scope, a.personId)).get(a.id) ?? null,
  },
  ClaimableSeveranceAccount: {
    pendingRequest: async (a, _a, ctx) => (await ctx.services.merge.pendingRequests(ctx.scope, await ctx.requirePersonId())).get(Number(a.id)) ?? null,
    entitlement: (a) => a.entitlementCents,
    payoutTax: (a) => a.payoutTaxCents,
    cashOrderCost: (a) => a.cashOrderCostCents,
  },
  Mutation: {
    async submitSeveranceClaim(_p, args, ctx) {
      const r = await ctx.services.claims.submit(ctx.scope, await ctx.requirePersonId(), args.input);
      if (r.ok) return { ok: { claim: r.value }, error: null };
      return { ok: null, error: { code: r.code, message: CLAIM_ERROR_MESSAGES[r.code], fieldErrors: (r.fieldErrors ?? []).map(claimFieldError) } };
    },
  },
};
