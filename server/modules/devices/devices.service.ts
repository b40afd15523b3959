import catalogue from '@contract/i18n/de/devices.json';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import type { Mailer } from '../../platform/mail/mailer';
import type { PersonStore } from '../person/person.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import type { RequestMeta } from '../../platform/shared/request-meta';
import type { RequestScope } from '../../platform/shared/request-scope';
import { err, ok, type Result } from '../../platform/shared/result';
import { newBrowserMail } from './devices.mails';
import { deviceOf, formatViennaDateTime, isNewBrowser } from './devices.rules';
import type { DevicesStore } from './devices.store';

/** One signed-in device as the settings list it (server/modules/devices/devices.graphql `SignedInDevice`). */
export interface SignedInDevice {
  /** The session's public id (`sessions.public_id`), never its token hash. */
  id: string;
  browser: string | null;
  system: string | null;
  ipAddress: string | null;
  /** Login time of the session, ISO 8601 instant (UTC). */
  firstSeenAt: string;
  /** Last request of the session, ISO 8601 instant (UTC; written at most every 15 s). */
  lastSeenAt: string;
  /** True for the session of the request that asks. */
  current: boolean;
}

/** Codes of a refused device end (server/modules/devices/devices.graphql `SignedInDeviceError`). */
export type DeviceErrorCode = 'NOT_FOUND' | 'CURRENT_DEVICE';

/** The German message of a device error code (`devices.error.<code>`). */
export function deviceErrorMessage(code: DeviceErrorCode | 'ERROR_INTERNAL'): string {
  return catalogue.devices.error[code];
}

/** Public ids: 32 hex characters (`newPublicId`, and the migration's backfill). Anything else names no session. */
const PUBLIC_ID = /^[0-9a-f]{32}$/;

/**
 * Signed-in devices (decision 0048): the member's open sessions with browser, system, IP address and times, ending
 * one or all others, and the e-mail notice of a login from a new browser. Built once per process (server/services.ts).
 */
export function createDevicesService(deps: {
  store: DevicesStore;
  personStore: Pick<PersonStore, 'findById'>;
  mailer: Mailer;
  audit: SecurityAudit;
  tenant: TenantDefinition;
  clock: Clock;
  /** The time-out a session has run into at `now` (SessionService.timeoutOf), so a timed-out session is not listed. */
  timeoutOf: (row: { createdAt: string; lastSeenAt: string }, now: number) => string | null;
}) {
  const { store, personStore, mailer, audit, tenant, clock, timeoutOf } = deps;

  /** The token hash of the request's session, which must be ACTIVE (the resolvers run behind `@access(level: SESSION)`). */
  async function ownTokenHash(scope: RequestScope): Promise<string> {
    const s = await scope.session();
    if (s.state !== 'ACTIVE') throw new Error('devices: called without an active session');
    return s.tokenHash;
  }

  /**
   * The person's open sessions on this tenant, last seen first: not ended, not run into the idle or absolute time-out
   * at the clock's now, each with browser and system from its User-Agent header (`deviceOf`) and `current` for the
   * caller's own session. Sessions still in a login-flow step (PENDING) are listed too: their password was right.
   */
  async function list(scope: RequestScope, personId: number): Promise<SignedInDevice[]> {
    const own = await ownTokenHash(scope);
    const now = clock.now();
    const rows = await store.openSessions(personId, tenant.id);
    return rows
      .filter((r) => r.tokenHash === own || timeoutOf(r, now) === null)
      .map((r) => {
        const device = deviceOf(r.userAgent);
        return {
          id: r.publicId,
          browser: device.browser,
          system: device.system,
          ipAddress: r.ipAddress,
          firstSeenAt: r.createdAt,
          lastSeenAt: r.lastSeenAt,
          current: r.tokenHash === own,
        };
      })
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /**
   * Ends one of the person's other sessions by its public id (reason ENDED_BY_MEMBER, security event SESSION_END).
   * That browser's next request answers as a logged-out session does (SESSION_INVALID, REST 406; spec 000 section 9).
   * Errors: CURRENT_DEVICE for the caller's own session (the logout ends that one), NOT_FOUND for an id that is
   * malformed, unknown, already ended or another person's (one answer for all, so nothing is learnt about others).
   */
  async function end(scope: RequestScope, personId: number, publicId: string): Promise<Result<{ devices: SignedInDevice[] }, DeviceErrorCode>> {
    const own = await ownTokenHash(scope);
    if (!PUBLIC_ID.test(publicId)) return err('NOT_FOUND');
    const ended = await store.endByPublicId(personId, publicId, own, isoInstant(clock.now()));
    if (!ended) {
      const mine = (await store.openSessions(personId, tenant.id)).some((r) => r.publicId === publicId && r.tokenHash === own);
      return err(mine ? 'CURRENT_DEVICE' : 'NOT_FOUND');
    }
    await audit.record('SESSION_END', personId, scope.meta, { reason: 'ENDED_BY_MEMBER' });
    return ok({ devices: await list(scope, personId) });
  }

  /** Ends every open session of the person but the caller's own (reason ENDED_BY_MEMBER). @returns how many ended, and the list after. */
  async function endOthers(scope: RequestScope, personId: number): Promise<{ ended: number; devices: SignedInDevice[] }> {
    const own = await ownTokenHash(scope);
    const ended = await store.endAllBut(personId, own, isoInstant(clock.now()));
    if (ended > 0) await audit.record('SESSION_END', personId, scope.meta, { reason: 'ENDED_BY_MEMBER', sessions: ended });
    return { ended, devices: await list(scope, personId) };
  }

  /**
   * After a login opened a session (SessionService.completeLogin, in its transaction): when no earlier session of the
   * person had the same browser and system (`isNewBrowser`; not on the person's very first login), queues the
   * new-browser notice to the person's e-mail address, if any, through the outbox in the same transaction. The mail
   * holds the time (Vienna) and browser and system, nothing else.
   */
  async function noticeIfNewBrowser(session: { personId: number; tokenHash: string; meta: RequestMeta; at: number }): Promise<boolean> {
    const userAgent = session.meta.userAgent?.slice(0, 300) ?? null;
    if (!isNewBrowser(userAgent, await store.earlierUserAgents(session.personId, session.tokenHash))) return false;
    const person = await personStore.findById(session.personId);
    if (!person?.email) return false;
    const mail = newBrowserMail(tenant, person, formatViennaDateTime(session.at), deviceOf(userAgent));
    await mailer.send({ personId: person.id, kind: 'NEW_BROWSER_LOGIN', to: person.email, ...mail });
    return true;
  }

  return { list, end, endOthers, noticeIfNewBrowser };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
