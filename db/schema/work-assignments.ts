import { index, integer, table, text, uniqueIndex } from './kit';
import { staffAccounts } from './staff';

/**
 * The kinds of workbench items a staff person can take (decision 0058): a severance claim, an inbox message, a form,
 * a public upload, a merge request, a mandate, a § 108a premium application. `itemId` is the id of that kind's row.
 */
export const WORK_ITEM_KINDS = ['CLAIM', 'MESSAGE', 'FORM', 'PUBLIC_UPLOAD', 'MERGE_REQUEST', 'MANDATE', 'PREMIUM_APPLICATION'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/**
 * Who works on an item of the workbench's queues ("Mir zuweisen", decision 0058): at most one staff person per item
 * (unique kind and id), until released. No foreign key to the item: the kinds live in seven tables; a deleted item's
 * row is simply never shown. Members never see it, so it needs no data-version trigger (decision 0038).
 */
export const workAssignments = table(
  'work_assignments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    itemKind: text({ enum: WORK_ITEM_KINDS }).notNull(),
    itemId: integer().notNull(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** ISO instant. */
    assignedAt: text().notNull(),
  },
  (t) => [uniqueIndex('work_assignments_item_uq').on(t.itemKind, t.itemId), index('work_assignments_staff_idx').on(t.staffId)],
);

export type WorkAssignmentRow = typeof workAssignments.$inferSelect;
