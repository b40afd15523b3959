import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Registration codes and first passwords sent by post (spec 001 sections 2 and 9: "a new first password or code;
 * none may be requested for 7 days; delivered by post within a week"). Only the SHA-256 of the code is stored; a code
 * is single use (`usedAt`) and valid until `expiresAt`.
 */
export const registrationCodes = table(
  'registration_codes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** REGISTRATION_CODE (digits and lower-case letters) or FIRST_PASSWORD (printed on the account statement). */
    kind: text({ enum: ['REGISTRATION_CODE', 'FIRST_PASSWORD'] }).notNull(),
    /** SHA-256 of the code, base64url. */
    codeHash: text().notNull(),
    /** SEED (created with the member base), ORDERED (member asked on /orderRegistrationCode), FUND (issued by the fund). */
    origin: text({ enum: ['SEED', 'ORDERED', 'FUND'] }).notNull(),
    createdAt: text().notNull(),
    expiresAt: text().notNull(),
    usedAt: text(),
    /** Path of the generated letter PDF relative to the letters directory; null when no letter was produced. */
    letterFile: text(),
  },
  (t) => [index('registration_codes_person_idx').on(t.personId, t.createdAt)],
);

/**
 * Earlier password hashes of a person (argon2id PHC strings), newest first by `changedAt`, so a new password can be
 * refused when it is one of the last ones used (spec 000 section 8 ERROR_PW_ALREADY_USED).
 */
export const passwordHistory = table(
  'password_history',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    changedAt: text().notNull(),
  },
  (t) => [index('password_history_person_idx').on(t.personId, t.changedAt)],
);

/**
 * Every e-mail the portal sent (registration, reset, e-mail change, notices): who, what kind, to which address, when,
 * and the message id; never the body or the link, so no token can be read back from the database.
 */
export const sentMails = table(
  'sent_mails',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    recipient: text().notNull(),
    messageId: text(),
    sentAt: text().notNull(),
  },
  (t) => [index('sent_mails_person_idx').on(t.personId, t.sentAt)],
);

export type RegistrationCodeRow = typeof registrationCodes.$inferSelect;
export type PasswordHistoryRow = typeof passwordHistory.$inferSelect;
export type SentMailRow = typeof sentMails.$inferSelect;
