import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** `me` and the Person type. Every field resolves from the session's own person row. */
export const personResolvers: Resolvers = {
  Query: {
    me: async (_p, _a, ctx) => await ctx.services.person.get(await ctx.requirePersonId()),
  },
  Person: {
    id: (p) => String(p.id),
    address: (p) => ({ street: p.street, postcode: p.postcode, city: p.city, country: p.country, poBox: p.poBox, validFrom: p.addressValidFrom }),
    preferences: (p) => ({
      newsletterPk: p.newsletterPk,
      newsletterVk: p.newsletterVk,
      benefitStatementDigital: p.benefitStatementDigital,
      accountStatementByMail: p.accountStatementByMail,
      notifyWhenPayoutPossible: p.notifyWhenPayoutPossible,
    }),
  },
};
