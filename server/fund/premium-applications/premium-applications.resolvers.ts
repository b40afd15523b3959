import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { timeOrderedPage } from '../shared/keyset';
import { createFundPremiumApplicationsService } from './fund-premium-applications.service';

/** § 108a EStG premium applications on the fund's API (premium-applications.graphql; decision 0055). Read only. */
export const premiumApplicationsResolvers: FundResolvers = {
  Query: {
    premiumApplications(_source, args, { deps }, info) {
      const service = createFundPremiumApplicationsService(deps);
      const signedSince = args.signedSince ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ signedSince, after, limit }),
        count: () => service.count(signedSince),
        keyOf: (a) => [a.signedAt, a.id],
      });
    },
  },
  PremiumApplication: {
    id: (a) => String(a.id),
  },
};
