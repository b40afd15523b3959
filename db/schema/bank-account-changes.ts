import { bankAccountColumns } from './bank-accounts';
import { index, table, text } from './kit';

/**
 * Bank accounts a staff person of the workbench entered for a member, waiting for the four-eyes approval (decision
 * 0059): PENDING until a SUPERVISOR other than the person who entered it approves (the entry is then added to
 * `bank_accounts`, which the member's answers read) or a SUPERVISOR rejects it. Members never read this table, so it
 * needs no data-version triggers (decision 0038); the approval's insert into `bank_accounts` bumps the person's version.
 */
export const bankAccountChanges = table(
  'bank_account_changes',
  {
    ...bankAccountColumns(),
    status: text({ enum: ['PENDING', 'APPROVED', 'REJECTED'] }).notNull(),
    /** Who entered it: the actor's text, `staff:<id>`. */
    enteredBy: text().notNull(),
    /** ISO instant. */
    enteredAt: text().notNull(),
    /** Who approved or rejected it (`staff:<id>`), and when; null while PENDING. */
    decidedBy: text(),
    decidedAt: text(),
    /** The reason of a rejection (at most 500 characters), else null. */
    reason: text(),
  },
  (t) => [index('bank_account_changes_status_idx').on(t.status, t.id), index('bank_account_changes_person_idx').on(t.personId)],
);

export type BankAccountChangeRow = typeof bankAccountChanges.$inferSelect;
