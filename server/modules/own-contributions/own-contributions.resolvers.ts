import { ownContributionError } from './own-contributions.messages';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * Own contributions (server/modules/own-contributions/own-contributions.graphql): thin calls into OwnContributionsService. `Person` fields are
 * reached only through `me`; mutations take the person from the session. GraphQL `amount` is the service's cents.
 */
export const ownContributionsResolvers: Resolvers = {
  Person: {
    ownContributions: async (p, _a, ctx) => await ctx.services.ownContributions.overview(ctx.scope, p.id),
  },
  OwnContributionMandate: {
    amount: (m) => m.amountCents,
  },
  ContributionContract: {
    lastYearEmployerContributions: (c) => c.lastYearEmployerCents,
  },
  PremiumGauge: {
    eligible: (g) => g.eligibleCents,
    eligibleMonthly: (g) => g.eligibleMonthlyCents,
    used: (g) => g.usedCents,
    collected: (g) => g.collectedCents,
    left: (g) => g.leftCents,
    maxPremium: (g) => g.maxPremiumCents,
    expectedPremium: (g) => g.expectedPremiumCents,
  },
  Mutation: {
    async createMandate(_p, { input }, ctx) {
      const { amount, ...rest } = input;
      const r = await ctx.services.ownContributions.create(ctx.scope, await ctx.requirePersonId(), { ...rest, amountCents: amount });
      return r.ok ? { ok: r.value, error: null } : ownContributionError(r);
    },
    async changeMandate(_p, { input }, ctx) {
      const { amount, ...rest } = input;
      const r = await ctx.services.ownContributions.change(ctx.scope, await ctx.requirePersonId(), { ...rest, amountCents: amount ?? undefined });
      return r.ok ? { ok: r.value, error: null } : ownContributionError(r);
    },
    async cancelMandate(_p, { input }, ctx) {
      const r = await ctx.services.ownContributions.cancel(ctx.scope, await ctx.requirePersonId(), input);
      return r.ok ? { ok: r.value, error: null } : ownContributionError(r);
    },
    async applyForPremium(_p, { input }, ctx) {
      const personId = await ctx.requirePersonId();
      const r = await ctx.services.ownContributions.applyForPremium(ctx.scope, personId, input);
      return r.ok ? { ok: { ownContributions: await ctx.services.ownContributions.overview(ctx.scope, personId) }, error: null } : ownContributionError(r);
    },
  },
};
