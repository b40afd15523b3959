import type { Resolvers } from '../__generated__/resolvers-types';

/** Contracts and accounts. Reached only through `me`, so every row belongs to the session's person. */
export const contractResolvers: Resolvers = {
  PensionContract: {
    id: (c) => String(c.id),
    vrgName: (c, _a, ctx) => ctx.services.accounts.vrgName(c.vrg),
    employer: (c, _a, ctx) => ctx.services.accounts.employer(c.employerId),
    customer: (c, _a, ctx) => ctx.services.accounts.employer(c.customerId),
    calculationInterestRate: (c) => c.calculationInterestRateBp / 100,
    monthlyPension: (c) => c.monthlyPensionCents,
    stichtage: (c, _a, ctx) => ctx.services.accounts.pensionStichtage(c),
    statement: (c, args, ctx) => ctx.services.accounts.pensionStatement(c, args.stichtag),
    statements: (c, _a, ctx) => ctx.services.accounts.pensionStatements(c),
  },
  SeveranceAccount: {
    id: (a) => String(a.id),
    employer: (a, _args, ctx) => ctx.services.accounts.employer(a.employerId),
    stichtage: (a, _args, ctx) => ctx.services.accounts.severanceStichtage(a),
    statement: (a, args, ctx) => ctx.services.accounts.severanceStatement(a, args.stichtag),
    statements: (a, _args, ctx) => ctx.services.accounts.severanceStatements(a),
  },
  Employer: {
    id: (e) => String(e.id),
  },
};
