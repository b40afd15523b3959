import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { persons, premiumApplications, type PremiumApplicationRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';

/** The GraphQL `PremiumApplication` (premium-applications.graphql): the row and its member. */
export type PremiumApplicationModel = PremiumApplicationRow & { member: MemberRefModel };

/** § 108a EStG premium applications on the fund's side (decision 0055): read only, they have no status. */
export function createFundPremiumApplicationsService(deps: AppDeps) {
  /** The applications signed from `signedSince` on (null: all). */
  const signedFrom = (signedSince: string | null) => (signedSince ? gte(premiumApplications.signedAt, signedSince) : undefined);
  return {
    /** Applications oldest first (signed, id), from `signedSince` (ISO instant) on when given. */
    async list(filter: { signedSince: string | null; after: [string, number] | null; limit: number }): Promise<PremiumApplicationModel[]> {
      const parts: (SQL | undefined)[] = [afterKey(premiumApplications.signedAt, premiumApplications.id, filter.after), signedFrom(filter.signedSince)];
      const rows = await deps.db
        .select({ application: premiumApplications, ...memberColumns })
        .from(premiumApplications)
        .leftJoin(persons, eq(persons.id, premiumApplications.personId))
        .where(and(...parts))
        .orderBy(asc(premiumApplications.signedAt), asc(premiumApplications.id))
        .limit(filter.limit);
      return rows.map((r) => ({ ...r.application, member: memberOf(r)! }));
    },

    /** The number of applications `list` finds from `signedSince` on, on all pages. */
    count(signedSince: string | null): Promise<number> {
      return deps.db.$count(premiumApplications, signedFrom(signedSince));
    },
  };
}
