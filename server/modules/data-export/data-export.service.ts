/**
 * The member's copy of all their data as one ZIP archive (GDPR Art. 15 right of access, Art. 20 right to data
 * portability; docs/decisions/0052-data-archive.md). Built once per process (server/services.ts).
 *
 * - `request`: the step-up password (server/modules/session/step-up.ts), then a PENDING row in `data_exports`, and the job
 *   `data-export.run` is woken. The row, not the process, carries the request: a restart or a crashed worker leaves it
 *   PENDING, and the next run of the job (on any process, once the dead worker's lease ran out) builds it.
 * - `runJob` (the job): writes each pending archive to DATA_EXPORT_DIR (streamed, server/modules/data-export/
 *   data-export.zip.ts), marks it READY until `readyAt` + 7 days and mails the member; deletes archives past that.
 * - `unlock`: the password again, for one READY archive of the person: the same session may download it for 5 minutes.
 * - `download`: what the download route serves: only the owner's READY, unexpired, freshly unlocked archive.
 */
import { mkdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import catalogue from '@contract/i18n/de/data-export.json';
import type { DataExportRow } from '../../../db/schema';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { StepUp } from '../session/step-up';
import type { Mailer } from '../../platform/mail/mailer';
import type { PersonStore } from '../person/person.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import type { RequestScope } from '../../platform/shared/request-scope';
import { err, ok, type Result } from '../../platform/shared/result';
import { archiveEntries, type ArchiveSources } from './data-export.contents';
import { dataExportReadyMail } from './data-export.mails';
import { DATA_EXPORT_UNLOCK_MS, DATA_EXPORT_VALID_MS, archiveFileName, dataExportDownloadUrl, parseDataExportId, unlockIsFresh, viewStatus } from './data-export.rules';
import type { DataExportStore } from './data-export.store';
import { writeZip } from './data-export.zip';

/** An archive as the member sees it (GraphQL `DataExport`): ISO instants, size in bytes, the URL only while READY. */
export interface DataExportView {
  id: number;
  status: 'PENDING' | 'READY' | 'EXPIRED';
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  byteSize: number | null;
  downloadUrl: string | null;
}

/** Refusals of `request` and `unlock` (GraphQL `DataExportError.code`; German messages in `dataExport.errors`). */
export type DataExportErrorCode = 'ERROR_INVALID_INPUT' | 'ERROR_PWD_INVALID' | 'ERROR_NOT_FOUND' | 'ERROR_NOT_READY' | 'ERROR_EXPIRED';

/** German message of each refusal. */
export const DATA_EXPORT_ERROR_MESSAGES: Record<DataExportErrorCode, string> = catalogue.dataExport.errors;

/** What `download` finds: the archive file to stream, or why not (the route maps each to its answer). */
export type DataExportDownload = { kind: 'FILE'; path: string; fileName: string; byteSize: number } | { kind: 'NOT_FOUND' } | { kind: 'EXPIRED' } | { kind: 'STEP_UP_REQUIRED' };

export function createDataExportService(deps: {
  store: DataExportStore;
  personStore: PersonStore;
  stepUp: StepUp;
  mailer: Mailer;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
  /** DATA_EXPORT_DIR: the folder of the archive files (created when missing). */
  dir: string;
  /** The document PDFs for the archive (documents service: archived bytes, issued first if need be). */
  documentPdf: ArchiveSources['documentPdf'];
  /** Makes the job `data-export.run` due now and starts a round of this process's jobs (server/platform/jobs/scheduler.ts `wake`). */
  wakeJob: () => Promise<void>;
}) {
  const { store, stepUp, clock, tenant, logger } = deps;
  const dir = resolve(deps.dir);

  function view(row: DataExportRow): DataExportView {
    const status = viewStatus(row, clock.now());
    return {
      id: row.id,
      status,
      requestedAt: row.requestedAt,
      readyAt: row.readyAt,
      expiresAt: row.expiresAt,
      byteSize: status === 'READY' ? row.byteSize : null,
      downloadUrl: status === 'READY' ? dataExportDownloadUrl(row.id) : null,
    };
  }

  /** The step-up for DATA_EXPORT: null when it passed, else the refusal in the result shape. */
  async function checkPassword(scope: RequestScope, personId: number, currentPassword: string) {
    const outcome = await stepUp.verify(scope, personId, currentPassword, 'DATA_EXPORT');
    if (outcome.ok) return null;
    if (outcome.reason === 'PASSWORD_REQUIRED') return err('ERROR_INVALID_INPUT' as const, [{ field: 'currentPassword', code: 'REQUIRED' }]);
    return err('ERROR_PWD_INVALID' as const, [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }]);
  }

  /** Builds the archive of PENDING request `row` and marks it READY; the member is mailed in the same transaction. */
  async function build(row: DataExportRow): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const storageKey = `${row.id}-${randomBytes(16).toString('hex')}.zip`;
    const path = join(dir, storageKey);
    const now = clock.now();
    const entries = await archiveEntries({ store, tenant, documentPdf: deps.documentPdf }, row.personId, now);
    const byteSize = await writeZip(path, entries, new Date(now));
    const readyAt = isoInstant(clock.now());
    const expiresAt = isoInstant(Date.parse(readyAt) + DATA_EXPORT_VALID_MS);
    const person = await deps.personStore.findById(row.personId);
    const marked = await store.transaction(async () => {
      if (!(await store.markReady(row.id, { readyAt, expiresAt, storageKey, byteSize }))) return false;
      if (person?.email) {
        await deps.mailer.send({ personId: row.personId, kind: 'DATA_EXPORT_READY', to: person.email, ...dataExportReadyMail(tenant, person, expiresAt) });
      }
      return true;
    });
    if (!marked) {
      // Another run (after a lease take-over) finished this request first: its file stays, this one goes.
      await rm(path, { force: true });
      return;
    }
    logger.info('data archive ready', { exportId: row.id, bytes: byteSize, entries: entries.length });
  }

  return {
    /** The person's newest archive request as of now, or null when they never asked for one. */
    async current(personId: number): Promise<DataExportView | null> {
      const row = await store.newestOf(personId);
      return row ? view(row) : null;
    },

    /**
     * Asks for a new archive of the session's person, after the step-up password. While one is PENDING, that one is
     * answered (no second request). Refusals: `ERROR_INVALID_INPUT` (no password: field `currentPassword: REQUIRED`),
     * `ERROR_PWD_INVALID` (wrong password or locked access; counted as a failed login). Nothing is stored on a refusal
     * but the step-up's own guess counter and security event.
     */
    async request(scope: RequestScope, personId: number, currentPassword: string): Promise<Result<DataExportView, DataExportErrorCode>> {
      const refused = await checkPassword(scope, personId, currentPassword);
      if (refused) return refused;
      const newest = await store.newestOf(personId);
      if (newest?.status === 'PENDING') return ok(view(newest));
      const row = await store.insertPending(personId, isoInstant(clock.now()));
      await deps.wakeJob();
      return ok(view(row));
    },

    /**
     * Unlocks the download of the person's archive `rawId` for this session for DATA_EXPORT_UNLOCK_MS, after the
     * step-up password. Refusals: `ERROR_NOT_FOUND` (unknown, malformed or another member's id, alike; checked before
     * the password), `ERROR_NOT_READY` (still PENDING), `ERROR_EXPIRED`, `ERROR_INVALID_INPUT`, `ERROR_PWD_INVALID`.
     */
    async unlock(scope: RequestScope, personId: number, rawId: string, currentPassword: string): Promise<Result<{ url: string; validUntil: string }, DataExportErrorCode>> {
      const id = parseDataExportId(rawId);
      const row = id === null ? undefined : await store.findOwn(id, personId);
      if (!row) return err('ERROR_NOT_FOUND', []);
      const status = viewStatus(row, clock.now());
      if (status === 'PENDING') return err('ERROR_NOT_READY', []);
      if (status === 'EXPIRED') return err('ERROR_EXPIRED', []);
      const refused = await checkPassword(scope, personId, currentPassword);
      if (refused) return refused;
      const sessionHash = await scope.sessionHash();
      if (sessionHash === null) return err('ERROR_NOT_FOUND', []);
      const now = clock.now();
      await store.unlock(row.id, personId, sessionHash, isoInstant(now));
      return ok({ url: dataExportDownloadUrl(row.id), validUntil: isoInstant(now + DATA_EXPORT_UNLOCK_MS) });
    },

    /**
     * The archive `rawId` for the download route: only the person's own READY archive before its expiry, unlocked by
     * this very session within DATA_EXPORT_UNLOCK_MS. An unknown, malformed or foreign id is NOT_FOUND alike.
     */
    async download(scope: RequestScope, personId: number, rawId: string): Promise<DataExportDownload> {
      const id = parseDataExportId(rawId);
      const row = id === null ? undefined : await store.findOwn(id, personId);
      if (!row || row.status === 'PENDING') return { kind: 'NOT_FOUND' };
      const now = clock.now();
      if (viewStatus(row, now) === 'EXPIRED' || row.storageKey === null || row.readyAt === null) return { kind: 'EXPIRED' };
      if (!unlockIsFresh(row, await scope.sessionHash(), now)) return { kind: 'STEP_UP_REQUIRED' };
      return { kind: 'FILE', path: join(dir, row.storageKey), fileName: archiveFileName(row.readyAt), byteSize: row.byteSize ?? 0 };
    },

    /**
     * One run of the job `data-export.run`: deletes the files of archives past their expiry (rows EXPIRED), then
     * builds every PENDING request, oldest first. Safe to run twice for one due time (a second build of a request
     * already READY is discarded). Resolves to the numbers built and deleted. @throws when an archive cannot be
     * written (the scheduler retries the run; the request stays PENDING).
     */
    async runJob(): Promise<{ built: number; deleted: number }> {
      const expired = await store.expiredBy(isoInstant(clock.now()));
      for (const row of expired) {
        if (row.storageKey) await rm(join(dir, row.storageKey), { force: true });
        await store.markExpired(row.id);
      }
      const pending = await store.pending();
      for (const row of pending) await build(row);
      return { built: pending.length, deleted: expired.length };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
