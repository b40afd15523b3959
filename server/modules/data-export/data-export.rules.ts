/**
 * Rules of the data archive (GDPR Art. 15 right of access, Art. 20 right to data portability;
 * docs/decisions/0052-data-archive.md). Pure: no I/O.
 */
import { isoDateVienna } from '@contract/dates';

/** Days a ready archive may be downloaded before the job deletes it: `expiresAt = readyAt + 7 days`. */
export const DATA_EXPORT_VALID_DAYS = 7;
/** The same in milliseconds. */
export const DATA_EXPORT_VALID_MS = DATA_EXPORT_VALID_DAYS * 24 * 3_600_000;
/**
 * How long a download unlock (the password typed for this archive) lets the same session download it: 5 minutes, as
 * the eID window of the step-up (server/modules/session/step-up.ts STEP_UP_EID_WINDOW_MS).
 */
export const DATA_EXPORT_UNLOCK_MS = 5 * 60_000;
/** How often the job `data-export.run` looks for pending requests and expired archives (ms); a request wakes it at once. */
export const DATA_EXPORT_JOB_INTERVAL_MS = 15 * 60_000;
/** Name of the scheduled job (server/platform/jobs/scheduler.ts). */
export const DATA_EXPORT_JOB = 'data-export.run';
/** The download route (server/modules/data-export/data-export.download-route.ts). */
export const DATA_EXPORT_PATH = '/webportal/data-export';

/** The download URL of archive `id`. */
export function dataExportDownloadUrl(id: number): string {
  return `${DATA_EXPORT_PATH}?id=${id}`;
}

/** Largest id accepted from a request (2^53 − 1). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

/** An archive id as sent by a client (`?id=`, GraphQL `ID`): decimal digits without sign or leading zero; else null. */
export function parseDataExportId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= MAX_ID ? id : null;
}

/** The archive's download file name: `meine-daten-<Vienna date of readyAt>.zip`. */
export function archiveFileName(readyAt: string): string {
  return `meine-daten-${isoDateVienna(Date.parse(readyAt))}.zip`;
}

/**
 * A stored file name as a safe name inside the archive: no folders, no `..`, no control characters, at most 100
 * characters; the caller prefixes the row id so that two files of the same name stay apart.
 */
export function entryFileName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'datei').slice(-100);
}

/** What the member sees of an archive: its state as of `nowMs` (a READY row past `expiresAt` counts as EXPIRED). */
export function viewStatus(row: { status: 'PENDING' | 'READY' | 'EXPIRED'; expiresAt: string | null }, nowMs: number): 'PENDING' | 'READY' | 'EXPIRED' {
  if (row.status === 'READY' && row.expiresAt !== null && Date.parse(row.expiresAt) <= nowMs) return 'EXPIRED';
  return row.status;
}

/** Whether an unlock at `unlockedAt` by session `unlockedSession` still lets session `sessionHash` download at `nowMs`. */
export function unlockIsFresh(row: { unlockedAt: string | null; unlockedSession: string | null }, sessionHash: string | null, nowMs: number): boolean {
  if (row.unlockedAt === null || row.unlockedSession === null || sessionHash === null || row.unlockedSession !== sessionHash) return false;
  const age = nowMs - Date.parse(row.unlockedAt);
  return age >= 0 && age <= DATA_EXPORT_UNLOCK_MS;
}
