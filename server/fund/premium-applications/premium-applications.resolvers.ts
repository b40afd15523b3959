import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { persons, premiumApplications } from '../../../db/schema';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { afterKey, timeOrderedPage } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import type { PremiumApplicationRow } from '../../../db/schema';

/** The GraphQL `PremiumApplication`: the row and its member. */
export type PremiumApplicationModel = PremiumApplicationRow & { member: MemberRefModel };

/** § 108a EStG premium applications on the fund's API (premium-applications.graphql; decision 0055). Read only. */
export const premiumApplicationsResolvers: FundResolvers = {
  Query: {
    premiumApplications(_source, args, { deps }) {
      return timeOrderedPage(
        args,
        async (after, limit) => {
          const parts: (SQL | undefined)[] = [afterKey(premiumApplications.signedAt, premiumApplications.id, after)];
          if (args.signedSince) parts.push(gte(premiumApplications.signedAt, args.signedSince));
          const rows = await deps.db
            .select({ application: premiumApplications, ...memberColumns })
            .from(premiumApplications)
            .leftJoin(persons, eq(persons.id, premiumApplications.personId))
            .where(and(...parts))
            .orderBy(asc(premiumApplications.signedAt), asc(premiumApplications.id))
            .limit(limit);
          return rows.map((r) => ({ ...r.application, member: memberOf(r)! }));
        },
        (a) => [a.signedAt, a.id],
      );
    },
  },
  PremiumApplication: {
    id: (a) => String(a.id),
  },
};
