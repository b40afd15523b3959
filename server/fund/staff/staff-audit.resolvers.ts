import { GraphQLError } from 'graphql';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { connectionOf, pageSize } from '../graphql/connection';
import { createStaffStore } from './staff.store';

/** The auditor's view of the staff audit trail (decision 0054); SDL in staff-audit.graphql. */
export const staffAuditResolvers: FundResolvers = {
  Query: {
    async staffAudit(_source, { personId, staffId, after, first }, { principal, deps }) {
      // A role check beside the scope: events:read is held by every reading role and by machine clients too.
      if (principal.kind !== 'staff' || principal.role !== 'AUDITOR') {
        throw new GraphQLError('The audit trail is shown only to an auditor.', { extensions: { code: 'FORBIDDEN' } });
      }
      const size = pageSize(first, { fallback: 100, max: 500 });
      let afterId = 0;
      if (after !== null && after !== undefined) {
        if (!/^\d{1,15}$/.test(after)) throw new GraphQLError('after is not a row id of the trail.', { extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
        afterId = Number(after);
      }
      const store = createStaffStore(deps.db);
      const rows = await store.auditPage({ personId, staffId }, afterId, size + 1);
      // Names, not numbers (decision 0059): one look-up each for the page's staff and members.
      const [staffNames, memberNames] = await Promise.all([
        store.namesOf([...new Set(rows.map((r) => r.staffId))]),
        store.memberNamesOf([...new Set(rows.flatMap((r) => (r.personId === null ? [] : [r.personId])))]),
      ]);
      return connectionOf(
        rows.map((row) => ({
          ...row,
          id: String(row.id),
          staffName: staffNames.get(row.staffId) ?? `#${row.staffId}`,
          memberName: row.personId === null ? null : (memberNames.get(row.personId) ?? null),
        })),
        size,
        (row) => row.id,
      );
    },
  },
};
