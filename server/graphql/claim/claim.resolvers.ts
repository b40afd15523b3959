import type { Resolvers } from '../__generated__/resolvers-types';

/** `Person.latestSeveranceClaim`: reached only through `me`, so the claim is the session person's own. */
export const claimResolvers: Resolvers = {
  Person: {
    latestSeveranceClaim: async (p, _a, ctx) => await ctx.services.claims.latest(p.id),
  },
};
