import { persons } from '../../../db/schema';

/** The GraphQL `MemberRef` (shared.graphql): the member an item of the fund's lists names (decision 0055). */
export interface MemberRefModel {
  id: number;
  firstName: string;
  lastName: string;
  svnr: string;
}

/** The columns of `persons` a list query joins to name its member (`memberOf` reads them back). */
export const memberColumns = {
  memberId: persons.id,
  memberFirstName: persons.firstName,
  memberLastName: persons.lastName,
  memberSvnr: persons.svnr,
};

/** The member of a row selected with `memberColumns` (left join: null when the item has no member). */
export function memberOf(row: { memberId: number | null; memberFirstName: string | null; memberLastName: string | null; memberSvnr: string | null }): MemberRefModel | null {
  if (row.memberId === null) return null;
  return { id: row.memberId, firstName: row.memberFirstName ?? '', lastName: row.memberLastName ?? '', svnr: row.memberSvnr ?? '' };
}
