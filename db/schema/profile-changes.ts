import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Change log of profile data: who changed which field of whose profile, when, from which session,
 * with the old and new value where they may be shown (never passwords; IBANs are kept masked). A member sees their
 * own history on /einstellungen; the fund sees all of it.
 */
export const profileChanges = table(
  'profile_changes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** MEMBER (the person in the portal), FUND (the fund's staff or core system), SYSTEM (a job). */
    actor: text({ enum: ['MEMBER', 'FUND', 'SYSTEM'] }).notNull(),
    /** SHA-256 hash of the session that made the change (the sessions table key); null when not made in a session. */
    sessionHash: text(),
    /** EMAIL, PASSWORD, ADDRESS, BANK_ACCOUNT, PHONE, NEWSLETTER, DELIVERY, ACCESS (what group of fields). */
    area: text().notNull(),
    /** The field in that area, for example `postcode`, `iban`, `newsletterPk`. */
    field: text().notNull(),
    oldValue: text(),
    newValue: text(),
    changedAt: text().notNull(),
    ipAddress: text(),
  },
  (t) => [index('profile_changes_person_idx').on(t.personId, t.changedAt)],
);

export type ProfileChangeRow = typeof profileChanges.$inferSelect;
