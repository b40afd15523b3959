import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** Contracts and accounts. Reached only through `me`, so every row belongs to the session's person. */
export const accountsResolvers: Resolvers = {
  Person: {
    pensionContracts: async (p, _a, ctx) => await ctx.services.accounts.pensionContracts(ctx.scope, p.id),
    severanceAccounts: async (p, _a, ctx) => await ctx.services.accounts.severanceAccounts(ctx.scope, p.id),
  },
  PensionContract: {
    id: (c) => String(c.id),
    vrgName: async (c, _a, ctx) => await ctx.services.accounts.vrgName(ctx.scope, c.vrg),
    employer: async (c, _a, ctx) => await ctx.services.accounts.employer(ctx.scope, c.employerId),
    customer: async (c, _a, ctx) => await ctx.services.accounts.employer(ctx.scope, c.customerId),
    calculationInterestRate: (c) => c.calculationInterestRateBp / 100,
    monthlyPension: (c) => c.monthlyPensionCents,
    stichtage: async (c, _a, ctx) => await ctx.services.accounts.pensionStichtage(ctx.scope, c),
    statement: async (c, args, ctx) => await ctx.services.accounts.pensionStatement(ctx.scope, c, args.stichtag),
    statements: async (c, _a, ctx) => await ctx.services.accounts.pensionStatements(ctx.scope, c),
  },
  SeveranceAccount: {
    id: (a) => String(a.id),
    employer: async (a, _args, ctx) => await ctx.services.accounts.employer(ctx.scope, a.employerId),
    stichtage: async (a, _args, ctx) => await ctx.services.accounts.severanceStichtage(ctx.scope, a),
    statement: async (a, args, ctx) => await ctx.services.accounts.severanceStatement(ctx.scope, a, args.stichtag),
    statements: async (a, _args, ctx) => await ctx.services.accounts.severanceStatements(ctx.scope, a),
  },
  Employer: {
    id: (e) => String(e.id),
  },
};
