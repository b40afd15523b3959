import { index, integer, primaryKey, table, text, uniqueIndex } from './kit';

import { persons } from './persons';

/**
 * Portal access of a person. Holds only an argon2id hash (PHC string), never the password.
 * The failed-attempt counter is updated atomically in SQL so that concurrent guesses cannot skip the lock
 * (spec 000 section 8: LOCKED_TEMPORARY, 60 minutes).
 */
export const credentials = table('credentials', {
  personId: integer()
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  passwordHash: text().notNull(),
  passwordChangedAt: text().notNull(),
  /** ACTIVE, or DEACTIVATED (access switched off; login answers DEACTIVATED). */
  /** LOCKED is a lock set by the fund (answer LOCKED), unlike the 60-minute LOCKED_TEMPORARY of lockedUntil. */
  accessStatus: text({ enum: ['ACTIVE', 'DEACTIVATED', 'LOCKED', 'PENDING_ACTIVATION'] })
    .notNull()
    .default('ACTIVE'),
  /** Consecutive failed password checks since the last success or lock. */
  failedAttempts: integer().notNull().default(0),
  /**
   * Set when the fund judges the password insecure after a rule change: the next login asks for a new one
   * (security update dialog, /pwdChange, spec 001 section 2).
   */
  passwordInsecure: integer({ mode: 'boolean' }).notNull().default(false),
  /** Instant until which the access is locked; null when not locked. */
  lockedUntil: text(),
  lastLoginAt: text(),
  createdAt: text().notNull(),
});

/**
 * Server-side session. The cookie carries a random 256-bit token; only its SHA-256 hash is stored here,
 * so a leaked database does not yield usable cookies.
 */
export const sessions = table(
  'sessions',
  {
    /** SHA-256 of the cookie token, base64url. */
    tokenHash: text().primaryKey(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Tenant the session was created on (main or regional). */
    tenant: text().notNull(),
    createdAt: text().notNull(),
    lastSeenAt: text().notNull(),
    /** Set when the session ended (logout, timeout, password change); the row stays for the 406/423 distinction. */
    endedAt: text(),
    /**
     * Why the session ended. ENDED_BY_MEMBER: the member ended it from another session in the settings ("Angemeldete
     * Geräte", decision 0048); it answers like a logout (SESSION_INVALID, REST 406).
     */
    endReason: text({ enum: ['LOGOUT', 'IDLE_TIMEOUT', 'ABSOLUTE_TIMEOUT', 'PASSWORD_CHANGED', 'ACCESS_DELETED', 'ENDED_BY_MEMBER'] }),
    /** Mailbox type chosen at login: AWB_LB (acting as oneself) or ASP (acting for a customer duty). */
    mailboxType: text({ enum: ['AWB_LB', 'ASP'] })
      .notNull()
      .default('AWB_LB'),
    /** The service duty chosen in the mailbox dialog when acting as ASP. */
    selectedDutyId: integer(),
    /**
     * PENDING while the login flow still needs a step (terms, letter-or-portal, data sync, e-mail update): only the
     * login-flow calls accept such a session. ACTIVE once the login status is a logged-in one.
     */
    stage: text({ enum: ['PENDING', 'ACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * How the login that opened the session proved the person: PASSWORD, EID (electronic ID) or PASSKEY (WebAuthn,
     * docs/decisions/0047-passkeys.md). With `createdAt`, the step-up check (server/modules/session/step-up.ts) accepts
     * an eID login of the last 5 minutes instead of a password.
     */
    loginMethod: text({ enum: ['PASSWORD', 'EID', 'PASSKEY'] })
      .notNull()
      .default('PASSWORD'),
    /**
     * 1 when the login came through the /qr route (spec 000 sections 4 and 7: login request `entryViaQrCode`), the
     * link printed as a QR code on the account statement; 0 otherwise. Lets the fund count how members arrive.
     */
    entryViaQrCode: integer().notNull().default(0),
    /** The client's IP address at login (shown in the list of signed-in devices, decision 0048). */
    ipAddress: text(),
    /** The client's User-Agent header at login, cut to 300 characters (browser and system of the device list). */
    userAgent: text(),
    /**
     * Random public id of the session (128 bits, base64url, 22 characters), the only id of a session the client ever
     * sees (the device list and `endSignedInDevice`, decision 0048); the token hash never leaves the server. Set at
     * login; rows from before the column got one in its migration.
     */
    publicId: text(),
  },
  (t) => [index('sessions_person_idx').on(t.personId), uniqueIndex('sessions_public_id_idx').on(t.publicId)],
);

/** Every login attempt, successful or not (who, when, from where, with which answer). */
export const loginAttempts = table(
  'login_attempts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Null when the e-mail matched no person. */
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    /**
     * The e-mail as entered, trimmed and lower-cased, cut to 100 characters. For an electronic-ID login (no e-mail
     * entered) the person's registered e-mail, or '' when none.
     */
    email: text().notNull(),
    /**
     * How the person proved who they are: PASSWORD (e-mail and password), EID (electronic ID, DOMAIN.md) or PASSKEY
     * (WebAuthn, docs/decisions/0047-passkeys.md).
     */
    method: text({ enum: ['PASSWORD', 'EID', 'PASSKEY'] })
      .notNull()
      .default('PASSWORD'),
    /** The login status answered (spec 000 section 4 and 8). */
    status: text().notNull(),
    succeeded: integer({ mode: 'boolean' }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    attemptedAt: text().notNull(),
  },
  (t) => [index('login_attempts_person_idx').on(t.personId, t.attemptedAt), index('login_attempts_ip_idx').on(t.ipAddress, t.attemptedAt)],
);

export type CredentialRow = typeof credentials.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

/**
 * Service duties of a contact person (Ansprechpartner, ASP) at an employer customer: the customers the person may
 * act for, each with its function groups (spec 000 section 3 "Mailbox duty entry").
 */
export const contactDuties = table(
  'contact_duties',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** kundenbezeichnung: the customer's designation as shown in the mailbox dialog. */
    customerDesignation: text().notNull(),
    /** funktionsgruppen: JSON array of function group names. */
    functionGroups: text({ mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [index('contact_duties_person_idx').on(t.personId)],
);

/**
 * Single-use tokens sent by e-mail or post (activation links, later password reset and e-mail change). Only the
 * SHA-256 of the token is stored; a token is valid until `expiresAt` and only while `usedAt` is null.
 */
export const personTokens = table(
  'person_tokens',
  {
    tokenHash: text().primaryKey(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['ACTIVATION', 'PASSWORD_RESET', 'EMAIL_CHANGE'] }).notNull(),
    /** Data the token confirms, for example the new e-mail address of an EMAIL_CHANGE; null when none. */
    payload: text(),
    createdAt: text().notNull(),
    expiresAt: text().notNull(),
    usedAt: text(),
  },
  (t) => [index('person_tokens_person_idx').on(t.personId, t.purpose)],
);

export type ContactDutyRow = typeof contactDuties.$inferSelect;
export type PersonTokenRow = typeof personTokens.$inferSelect;

/**
 * Fixed-window request counters of the rate limits (server/platform/shared/rate-limit.ts; the remote log's per-session
 * and per-IP limits). One row per key and window; the count is raised with one atomic upsert, so several processes
 * on one database share the limits. Rows of past windows are deleted as new windows start.
 */
export const rateLimitCounters = table(
  'rate_limit_counters',
  {
    /** What is counted, e.g. `log:ip:127.0.0.1` or `log:session:<session hash>`. */
    key: text().notNull(),
    /** Start of the window (ISO instant). */
    windowStart: text().notNull(),
    /** Calls counted in this window (units: requests), or bytes for byte budgets. */
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);
