import type { Db } from '../../../db/client';
import { securityEvents, type SECURITY_EVENT_TYPES } from '../../../db/schema';
import type { RequestMeta } from '../auth/auth.service';
import { isoInstant, type Clock } from '../shared/clock';

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * Writes security events (login success and failure, lockout, session end, access denied, and later password and
 * e-mail changes) with time, person (if known), IP and user agent. `detail` carries codes only — callers never
 * pass passwords, tokens or personal data.
 */
export function createSecurityAudit(db: Db, clock: Clock) {
  return {
    record(type: SecurityEventType, personId: number | null, meta: RequestMeta, detail: Record<string, string | number | boolean | null> = {}): void {
      db.insert(securityEvents)
        .values({
          occurredAt: isoInstant(clock.now()),
          type,
          personId,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          detail,
        })
        .run();
    },
  };
}

export type SecurityAudit = ReturnType<typeof createSecurityAudit>;
