import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  UPLOAD_FILE_TYPES,
  UPLOAD_ID_PATTERN,
  UPLOAD_PURPOSES,
  sanitizeFileName,
  withTypeExtension,
  type UploadErrorCode,
  type UploadFileType,
  type UploadPurpose,
  type UploadedFile,
} from '@contract/uploads';
import { writeTransaction, type Db } from '../../../db/client';
import { byKey } from '../../../db/prepared';
import type { UploadRow } from '../../../db/schema';
import type { Clock } from '../../platform/shared/clock';
import { err, ok, type Result } from '../../platform/shared/result';
import type { UploadMeta, UploadsStore } from './uploads.store';
import { inspectZip } from './zip-inspection';

/** Limits of the upload service (server/config.ts UPLOAD_*). */
export interface UploadSettings {
  /** Largest file in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Hours an unused upload is kept before the clean-up job deletes it (UPLOAD_PENDING_HOURS). */
  pendingHours: number;
  /** Unused uploads a member may hold at once (UPLOAD_MAX_PENDING). */
  maxPending: number;
}

/** Signature of a ZIP archive's end-of-central-directory record (`PK\x05\x06`). */
const ZIP_END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** A ZIP reader looks for that record in the last 22 + 65,535 (comment) bytes of a file. */
const ZIP_END_SEARCH_BYTES = 22 + 0xffff;

/**
 * True when `bytes` also reads as a ZIP archive: a polyglot such as a PDF or JPEG with an archive appended (GIFAR
 * style), which a ZIP reader would open even though the head passed as an image or document. Only the tail a ZIP reader
 * searches is looked at, so a false hit in genuine image data stays unlikely (4 fixed bytes in at most 64 KiB).
 */
function carriesZipArchive(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - ZIP_END_SEARCH_BYTES)).includes(ZIP_END_OF_CENTRAL_DIRECTORY);
}

/** Why `claim` refused the ids of an input: none of them is stored (nothing was marked used). */
export type ClaimErrorCode = 'UPLOAD_NOT_FOUND' | 'UPLOAD_ALREADY_USED' | 'UPLOAD_WRONG_PURPOSE';

/**
 * The one upload service (decision 0014; the severance claim's uploads build on it, decision 0015). Files arrive through
 * `POST /webportal/upload` (server/modules/uploads/uploads.route.ts), are checked here and stored in the database under a random id,
 * owned by the session's person. A GraphQL or REST input then names them by id (`attachmentIds`), and the consuming
 * service calls `claim` inside its write transaction: only the owner's pending uploads of the right purpose pass, and
 * each is used once. Unused uploads expire after `pendingHours` (`purgeExpired`, run by the job in server/main.ts).
 */
export function createUploadsService(deps: { db: Db; store: UploadsStore; clock: Clock; settings: UploadSettings }) {
  const { store, clock, settings } = deps;

  function pendingSince(): string {
    return new Date(clock.now() - settings.pendingHours * 3_600_000).toISOString();
  }

  const service = {
    settings,
    /**
     * The checks of `receive` without storing (also used by the public upload form, server/modules/public-uploads):
     * the sanitised name (with the detected type's extension) and the allowed type, or FILE_NAME_INVALID, FILE_EMPTY,
     * FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED (also for a polyglot), ZIP_*.
     */
    async inspect(purpose: UploadPurpose, rawFileName: string, bytes: Buffer): Promise<Result<{ fileName: string; type: UploadFileType }, UploadErrorCode>> {
      const fileName = sanitizeFileName(rawFileName);
      if (fileName === null) return err('FILE_NAME_INVALID', [{ field: 'file', code: 'FILE_NAME_INVALID' }]);
      if (bytes.length === 0) return err('FILE_EMPTY', [{ field: 'file', code: 'FILE_EMPTY' }]);
      if (bytes.length > settings.maxBytes) return err('FILE_TOO_LARGE', [{ field: 'file', code: 'FILE_TOO_LARGE' }]);
      // file-type throws on some truncated containers (a ZIP cut after its first header): no type, refused as such.
      const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
      const allowed: UploadFileType[] = UPLOAD_PURPOSES[purpose].map((t) => UPLOAD_FILE_TYPES[t]);
      const type = detected && allowed.find((t) => t.ext === detected.ext);
      if (!type) return err('FILE_TYPE_NOT_ALLOWED', [{ field: 'file', code: 'FILE_TYPE_NOT_ALLOWED' }]);
      if (type.ext !== 'zip' && carriesZipArchive(bytes)) return err('FILE_TYPE_NOT_ALLOWED', [{ field: 'file', code: 'FILE_TYPE_NOT_ALLOWED' }]);
      if (type.ext === 'zip') {
        const refusal = await inspectZip(bytes);
        if (refusal) return err(refusal, [{ field: 'file', code: refusal }]);
      }
      return ok({ fileName: withTypeExtension(fileName, type), type });
    },
    /**
     * Checks and stores one received file for `personId`. `bytes` is the whole file (the HTTP door stops reading at
     * `maxBytes + 1` and reports FILE_TOO_LARGE itself). Type by magic bytes (`file-type`) against the purpose's
     * allow-list, and a file of a non-ZIP type that also carries a ZIP archive (a polyglot, `carriesZipArchive`) is
     * refused as FILE_TYPE_NOT_ALLOWED, and a ZIP archive must pass `inspectZip` (ZIP_* codes); the stored name gets the detected type's extension when it has none of its own.
     * Errors: FILE_NAME_INVALID, FILE_EMPTY, FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, ZIP_*, TOO_MANY_PENDING; nothing is stored.
     */
    async receive(personId: number, purpose: UploadPurpose, rawFileName: string, bytes: Buffer): Promise<Result<UploadedFile, UploadErrorCode>> {
      const inspected = await service.inspect(purpose, rawFileName, bytes);
      if (!inspected.ok) return inspected;
      const { fileName, type } = inspected.value;
      if ((await store.countPending(personId, pendingSince())) >= settings.maxPending) {
        return err('TOO_MANY_PENDING', [{ field: 'file', code: 'TOO_MANY_PENDING' }]);
      }
      const row: UploadRow = {
        id: randomBytes(16).toString('hex'),
        personId,
        purpose,
        fileName,
        contentType: type.mime,
        sizeBytes: bytes.length,
        content: bytes,
        createdAt: new Date(clock.now()).toISOString(),
        usedFor: null,
      };
      await store.insert(row);
      return ok({ id: row.id, fileName: row.fileName, contentType: row.contentType, size: row.sizeBytes });
    },
    /**
     * Marks the uploads `ids` (from an input's `attachmentIds`) as used by `usedFor` (`message:12`, `claim:3`) when all
     * are the person's own, pending, not expired and of `purpose`; resolves to their metadata in the order given.
     * Call inside the consumer's write transaction so a refused input stores nothing. Duplicate ids count once.
     * Errors (field `field`): UPLOAD_NOT_FOUND (unknown, malformed, foreign or expired id: one answer for all),
     * UPLOAD_ALREADY_USED, UPLOAD_WRONG_PURPOSE.
     */
    async claim(personId: number, ids: readonly string[], options: { purpose: UploadPurpose; usedFor: string; field?: string }): Promise<Result<UploadMeta[], ClaimErrorCode>> {
      const field = options.field ?? 'attachmentIds';
      const unique = [...new Set(ids)];
      if (unique.some((id) => !UPLOAD_ID_PATTERN.test(id))) return err('UPLOAD_NOT_FOUND', [{ field, code: 'UPLOAD_NOT_FOUND' }]);
      return writeTransaction(deps.db, async () => {
        const rows = await store.metaOwn(unique, personId);
        const since = pendingSince();
        const found = byKey(unique, rows, (r) => r.id);
        if (found.some((r) => !r || (r.usedFor === null && r.createdAt < since))) return err('UPLOAD_NOT_FOUND', [{ field, code: 'UPLOAD_NOT_FOUND' }]);
        const metas = found as UploadMeta[];
        if (metas.some((r) => r.usedFor !== null)) return err('UPLOAD_ALREADY_USED', [{ field, code: 'UPLOAD_ALREADY_USED' }]);
        if (metas.some((r) => r.purpose !== options.purpose)) return err('UPLOAD_WRONG_PURPOSE', [{ field, code: 'UPLOAD_WRONG_PURPOSE' }]);
        const changed = await store.markUsed(unique, personId, options.usedFor);
        if (changed !== unique.length) throw new Error('upload claimed concurrently');
        return ok(metas.map((m) => ({ ...m, usedFor: options.usedFor })));
      });
    },
    /**
     * `claim`, then hands the files with their bytes to the caller and deletes the uploads: for consumers that store the
     * bytes themselves (message attachments). Same checks and errors as `claim`; call inside the caller's write
     * transaction, so a failure later in it keeps the uploads.
     */
    async consume(personId: number, ids: readonly string[], options: { purpose: UploadPurpose; usedFor: string; field?: string }): Promise<Result<UploadRow[], ClaimErrorCode>> {
      return writeTransaction(deps.db, async () => {
        const claimed = await service.claim(personId, ids, options);
        if (!claimed.ok) return claimed;
        const rows = await store.takeOwn(
          claimed.value.map((m) => m.id),
          personId,
        );
        const taken = byKey(
          claimed.value.map((m) => m.id),
          rows,
          (r) => r.id,
        );
        // Claimed in this transaction, so every row is there; a missing one would be a concurrent delete: roll back.
        if (taken.some((r) => r === undefined)) throw new Error('upload taken concurrently');
        return ok(taken as UploadRow[]);
      });
    },
    /** The person's own upload with its bytes (pending or used); null for an unknown, malformed or foreign id alike. */
    async download(personId: number, id: string): Promise<UploadRow | null> {
      if (!UPLOAD_ID_PATTERN.test(id)) return null;
      return (await store.findOwn(id, personId)) ?? null;
    },
    /** Deletes unused uploads older than `pendingHours`; resolves to how many were deleted (the clean-up job). */
    async purgeExpired(): Promise<number> {
      return store.deletePendingBefore(pendingSince());
    },
  };
  return service;
}

export type UploadsService = ReturnType<typeof createUploadsService>;
