import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { persons } from './persons';

/**
 * Portal access of a person. Holds only an argon2id hash (PHC string), never the password.
 * The failed-attempt counter is updated atomically in SQL so that concurrent guesses cannot skip the lock
 * (spec 000 section 8: LOCKED_TEMPORARY, 60 minutes).
 */
export const credentials = sqliteTable('credentials', {
  personId: integer()
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  passwordHash: text().notNull(),
  passwordChangedAt: text().notNull(),
  /** ACTIVE, or DEACTIVATED (access switched off; login answers DEACTIVATED). */
  accessStatus: text({ enum: ['ACTIVE', 'DEACTIVATED'] }).notNull().default('ACTIVE'),
  /** Consecutive failed password checks since the last success or lock. */
  failedAttempts: integer().notNull().default(0),
  /** Instant until which the access is locked; null when not locked. */
  lockedUntil: text(),
  lastLoginAt: text(),
  createdAt: text().notNull(),
});

/**
 * Server-side session. The cookie carries a random 256-bit token; only its SHA-256 hash is stored here,
 * so a leaked database does not yield usable cookies.
 */
export const sessions = sqliteTable(
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
    endReason: text({ enum: ['LOGOUT', 'IDLE_TIMEOUT', 'ABSOLUTE_TIMEOUT', 'PASSWORD_CHANGED', 'ACCESS_DELETED'] }),
    /** Mailbox type chosen at login: AWB_LB (acting as oneself) or ASP (acting for a customer duty). */
    mailboxType: text({ enum: ['AWB_LB', 'ASP'] }).notNull().default('AWB_LB'),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_person_idx').on(t.personId)],
);

/** Every login attempt, successful or not (who, when, from where, with which answer). */
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Null when the e-mail matched no person. */
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    /** The e-mail as entered, trimmed and lower-cased, cut to 100 characters. */
    email: text().notNull(),
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
