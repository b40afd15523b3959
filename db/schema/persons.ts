import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';


/**
 * A person known to the funds: member (Anwartschaftsberechtigte/r) or beneficiary (Leistungsberechtigte/r)
 * of the Pensionskasse, and/or member of the Vorsorgekasse. Spec 001 section 3 "Person".
 */
export const persons = sqliteTable(
  'persons',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Social insurance number (SVNR), 10 digits with a valid check digit (DOMAIN.md). */
    svnr: text().notNull(),
    /** Running number (LFN) of the person in the fund's core system. */
    lfn: integer().notNull(),
    /** MALE, FEMALE or DIVERSE; the legacy field bIsMaennlich is derived from it. */
    gender: text({ enum: ['MALE', 'FEMALE', 'DIVERSE'] }).notNull(),
    /** Academic titles before the name (titelVorne, for example "Mag.") and after it (titelHinten, for example "MSc"). */
    titlePrefix: text(),
    titleSuffix: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    birthDate: text().notNull(),
    /** Login e-mail, stored lower-case; unique among persons. Null for a person who never registered. */
    email: text(),
    phone: text(),
    street: text(),
    postcode: text(),
    city: text(),
    /** ISO 3166-1 alpha-2 country code. */
    country: text().notNull().default('AT'),
    poBox: text(),
    addressValidFrom: text(),
    /** Newsletter consent per fund; null = not decided yet (the login-time dialog asks). */
    newsletterPk: integer({ mode: 'boolean' }),
    newsletterVk: integer({ mode: 'boolean' }),
    /** bLeistungsnachweisDigital: benefit statement (Leistungsnachweis) delivered digitally; null = not decided. */
    benefitStatementDigital: integer({ mode: 'boolean' }),
    /** bABPBPerMail: severance-fund account statement by e-mail. */
    accountStatementByMail: integer({ mode: 'boolean' }).notNull().default(false),
    /** Express info: notice by e-mail as soon as the severance payout can be decided. */
    notifyWhenPayoutPossible: integer({ mode: 'boolean' }).notNull().default(false),
    /** Prize-draw participation for the Vorsorgekasse; null = not asked yet. */
    prizeDrawVk: integer({ mode: 'boolean' }),
    /** Membership state in the funds' core system: ACTIVE, EXITED (ausgetreten, no valid contract) or DECEASED. */
    membershipStatus: text({ enum: ['ACTIVE', 'EXITED', 'DECEASED'] }).notNull().default('ACTIVE'),
    createdAt: text().notNull(),
    updatedAt: text().notNull(),
  },
  (t) => [
    uniqueIndex('persons_svnr_uq').on(t.svnr),
    uniqueIndex('persons_email_uq').on(t.email),
    index('persons_last_name_idx').on(t.lastName),
    check('persons_svnr_digits', sql`length(${t.svnr}) = 10`),
  ],
);

export type PersonRow = typeof persons.$inferSelect;
export type NewPersonRow = typeof persons.$inferInsert;
