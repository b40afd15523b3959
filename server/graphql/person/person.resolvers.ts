import type { Resolvers } from '../__generated__/resolvers-types';

/** `me` and the Person type. Every field resolves from the session's own person row. */
export const personResolvers: Resolvers = {
  Query: {
    me: (_p, _a, ctx) => ctx.services.person.get(ctx.requirePersonId()),
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
    pensionContracts: (p, _a, ctx) => ctx.services.accounts.pensionContracts(p.id),
    severanceAccounts: (p, _a, ctx) => ctx.services.accounts.severanceAccounts(p.id),
    unreadMessageCount: (p, _a, ctx) => ctx.services.person.unreadMessageCount(p.id),
  },
};
