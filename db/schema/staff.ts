import { index, integer, table, text, uniqueIndex } from './kit';

/**
 * The fund's staff for the workbench (`npm run fund -- staff create`): personal accounts with a role, a password
 * (argon2id, as members') and a TOTP second factor (RFC 6238). Separate from members: a staff account is never a
 * person of `persons` and its sessions live in `staff_sessions`, so neither principal opens the other's endpoints.
 */
export const staffAccounts = table(
  'staff_accounts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Login e-mail, lower case. */
    email: text().notNull(),
    name: text().notNull(),
    /** CLERK works the queues, SUPERVISOR also approves, AUDITOR reads everything and changes nothing, ADMIN manages staff. */
    role: text({ enum: ['CLERK', 'SUPERVISOR', 'AUDITOR', 'ADMIN'] }).notNull(),
    /** argon2id PHC string. */
    passwordHash: text().notNull(),
    /** True until the first sign-in has set a new password (the initial one was shown once on the command line). */
    mustChangePassword: integer({ mode: 'boolean' }).notNull(),
    /** The TOTP secret, base32 (RFC 4648), as in the `otpauth://` URI shown at creation. */
    totpSecret: text().notNull(),
    /** The 30-second step of the last accepted TOTP code: a code of that step or earlier is refused (no replay). */
    lastTotpStep: integer(),
    /** Consecutive failed sign-ins; locks as for members (LOCKOUT_THRESHOLD, LOCKOUT_MINUTES). */
    failedAttempts: integer().notNull(),
    lockedUntil: text(),
    createdAt: text().notNull(),
    /** ISO instant the account was disabled (`staff disable`); its sessions ended then. */
    disabledAt: text(),
  },
  (t) => [uniqueIndex('staff_accounts_email_idx').on(t.email)],
);

/** Signed-in staff sessions (cookie `mvbv_staff`, SHA-256 of the token as key); idle after 15 minutes. */
export const staffSessions = table(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: text().notNull(),
    lastSeenAt: text().notNull(),
    endedAt: text(),
    endReason: text({ enum: ['SIGNED_OUT', 'IDLE_TIMEOUT', 'DISABLED', 'PASSWORD_CHANGED'] }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit trail of the workbench: every staff read of a member's data and every action, append-only (triggers refuse
 * UPDATE and DELETE on both engines; the application has no statement that changes a row).
 */
export const staffAudit = table(
  'staff_audit',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    staffId: integer()
      .notNull()
      .references(() => staffAccounts.id),
    /** ISO instant. */
    at: text().notNull(),
    /**
     * The member concerned (`persons.id`), or null (a queue read across members, a staff account change). No foreign
     * key: the trail outlives the person's row and is never changed (a SET NULL would be an update).
     */
    personId: integer(),
    /** `READ` or `ACTION`. */
    kind: text({ enum: ['READ', 'ACTION'] }).notNull(),
    /** What was read or done: the operation's field, for example `claims` or `setClaimStatus`. */
    what: text().notNull(),
    /** The record, for example `claim:42`, or null. */
    target: text(),
    /** JSON of the state before an action, or null. */
    before: text(),
    /** JSON of the state after an action (or the input of a read), or null. */
    after: text(),
  },
  (t) => [index('staff_audit_person_idx').on(t.personId), index('staff_audit_staff_idx').on(t.staffId)],
);

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StaffAuditRow = typeof staffAudit.$inferSelect;
