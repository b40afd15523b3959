import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Bank details of a person for payouts and pension payments (spec 001 section 5 "Bank data"). The current
 * entry is the one with the latest validFrom not after today.
 */
export const bankAccounts = table('bank_accounts', bankAccountColumns(), (t) => [index('bank_accounts_person_idx').on(t.personId, t.validFrom)]);

/**
 * The columns of a person's bank account, new builders on each call: `bank_accounts` and a staff entry waiting for
 * approval (`bank_account_changes`, decision 0059) store the same account.
 */
export function bankAccountColumns() {
  return {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    accountHolder: text().notNull(),
    bankName: text().notNull(),
    /** Electronic format, no spaces, upper case; checked with the members' bank rules (@contract/profile). */
    iban: text().notNull(),
    /** ISO 9362 BIC, 8 or 11 characters. */
    bic: text(),
    /** First day the account is used (ISO date). */
    validFrom: text().notNull(),
  };
}

export type BankAccountRow = typeof bankAccounts.$inferSelect;
