import { sql } from 'drizzle-orm';
import { check, index, integer, table, text, uniqueIndex } from './kit';

/**
 * A person known to the funds: member (Anwartschaftsberechtigte/r) or beneficiary (Leistungsberechtigte/r)
 * of the Pensionskasse, and/or member of the Vorsorgekasse. Spec 001 section 3 "Person".
 */
export const persons = table(
  'persons',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /**
     * Insurance number, stored normalised (no spaces, letter upper-case; `@contract/svnr` `normalizeSvnr`): the
     * social insurance number (SVNR, 10 digits with a valid check digit, DOMAIN.md) or one of the fund's internal
     * numbers for persons without one, `R` + 9 digits (10 characters) or `A` + 10 or 11 digits (11 or 12 characters)
     * (spec 000 section 5 "Insurance number"; docs/decisions/0021-spec-rules-issue-19.md).
     */
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
    membershipStatus: text({ enum: ['ACTIVE', 'EXITED', 'DECEASED'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * Terms of use the person still has to accept, set by the fund when its terms change (spec 000 section 4:
     * NUTZUNGSBEDINGUNGEN_ACCEPT_PK, _VK, _PKVK); null when nothing is pending.
     */
    termsPending: text({ enum: ['PK', 'VK', 'PKVK'] }),
    /** When the person last accepted the terms of use. */
    termsAcceptedAt: text(),
    /** The fund asks once whether the yearly account information (IBK) goes by letter or to the portal (IBK_DECISSION). */
    annualStatementDecisionPending: integer({ mode: 'boolean' }).notNull().default(false),
    /** Yearly account information delivered to the portal (true) or by letter (false); null while undecided. */
    annualStatementViaPortal: integer({ mode: 'boolean' }),
    /** Separate Pensionskasse and Vorsorgekasse logins still to be merged at the next login (SYNCHRONIZE_LOGIN_DATA). */
    loginDataSyncPending: integer({ mode: 'boolean' }).notNull().default(false),
    loginDataSyncedAt: text(),
    /** The e-mail must be confirmed or changed for these funds before login (UPDATE_PK_MAIL, _VK_MAIL, _PKVK_MAIL). */
    emailUpdatePending: text({ enum: ['PK', 'VK', 'PKVK'] }),
    /** Registration data the member should review after login (answer UPDATE_REGISTRATION). */
    registrationUpdatePending: integer({ mode: 'boolean' }).notNull().default(false),
    /** Sector-specific person identifier (bPK) from ID Austria, linked after a first eID login; never the SVNR. */
    eidBpk: text(),
    createdAt: text().notNull(),
    updatedAt: text().notNull(),
  },
  (t) => [
    uniqueIndex('persons_svnr_uq').on(t.svnr),
    uniqueIndex('persons_email_uq').on(t.email),
    uniqueIndex('persons_eid_bpk_uq').on(t.eidBpk),
    index('persons_last_name_idx').on(t.lastName),
    // 10 characters (SVNR or R number), or 11 or 12 for an A number. The full rule (digits, check digit) is the
    // contract's `insuranceNumberKind`; substr and length read the same on both engines.
    check('persons_svnr_length', sql`length(${t.svnr}) = 10 or (substr(${t.svnr}, 1, 1) = 'A' and length(${t.svnr}) in (11, 12))`),
  ],
);

export type PersonRow = typeof persons.$inferSelect;
export type NewPersonRow = typeof persons.$inferInsert;
