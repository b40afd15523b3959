import { index, integer, table, text } from './kit';
import { persons } from './persons';

/** Kinds of security events (OWASP ASVS 5.0 V16 security logging). */
export const SECURITY_EVENT_TYPES = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'LOCKOUT',
  'SESSION_END',
  'ACCESS_DENIED',
  'PASSWORD_CHANGE',
  'EMAIL_CHANGE',
  /** The member deleted their portal access (spec 001 section 2 "Profile"; the fund membership stays). */
  'ACCESS_DELETED',
  /** A passkey was added, renamed or removed in the settings (docs/decisions/0047-passkeys.md). */
  'PASSKEY_ADDED',
  'PASSKEY_RENAMED',
  'PASSKEY_REMOVED',
] as const;

/**
 * Security audit log: who (if known), when, from where, what. Never holds passwords, tokens, codes or bPKs; the
 * detail is a small JSON object of codes (status, reason, method).
 */
export const securityEvents = table(
  'security_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    occurredAt: text().notNull(),
    type: text({ enum: SECURITY_EVENT_TYPES }).notNull(),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    ipAddress: text(),
    userAgent: text(),
    detail: text({ mode: 'json' }).$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [index('security_events_person_idx').on(t.personId, t.occurredAt), index('security_events_type_idx').on(t.type, t.occurredAt)],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;
