import { writeTransaction, type Db } from '../../../db/client';
import { securityEvents, type SECURITY_EVENT_TYPES } from '../../../db/schema';
import type { RequestMeta } from '../shared/request-meta';
import { isoInstant, type Clock } from '../shared/clock';

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * Writes security events (login success and failure, lockout, session end, access denied, and later password and
 * e-mail changes) with time, person (if known), IP and user agent. `detail` carries codes only — callers never
 * pass passwords, tokens or personal data. Inside a write transaction the event joins it (it is written with the
 * change it records, or not at all).
 */
export function createSecurityAudit(db: Db, clock: Clock) {
  return {
    async record(type: SecurityEventType, personId: number | null, meta: RequestMeta, detail: Record<string, string | number | boolean | null> = {}): Promise<void> {
      await writeTransaction(db, () =>
        db.insert(securityEvents).values({
          occurredAt: isoInstant(clock.now()),
          type,
          personId,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          detail,
        }),
      );
    },
  };
}

export type SecurityAudit = ReturnType<typeof createSecurityAudit>;
