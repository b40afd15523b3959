/**
 * The upload contract shared by the web app's file picker (web/src/components/ui/file-upload.tsx) and the upload
 * service (server/domain/uploads): purposes with their allowed file types, the default size limit, the refusal codes
 * and the route (spec 000 section 8 "webportal/upload"; spec 001 sections 5 and 9). Pure TypeScript without imports.
 */

/** Path of the upload route (`POST`, multipart, one file per request; `?purpose=…&lng=de`). */
export const UPLOAD_PATH = '/webportal/upload';

/** Path of the owner-only download of an upload (`GET ?upload=<id>&lng=de`). */
export const UPLOAD_DOWNLOAD_PATH = '/webportal/download';

/** One file type an allow-list admits: the extension and MIME type `file-type` reports for the magic bytes. */
export interface UploadFileType {
  ext: 'pdf' | 'tif' | 'jpg' | 'png' | 'zip';
  mime: string;
  /** Extensions a file of this type may carry in its name (the first one is appended when none matches). */
  extensions: readonly string[];
}

export const UPLOAD_FILE_TYPES = {
  pdf: { ext: 'pdf', mime: 'application/pdf', extensions: ['pdf'] },
  tif: { ext: 'tif', mime: 'image/tiff', extensions: ['tif', 'tiff'] },
  jpg: { ext: 'jpg', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { ext: 'png', mime: 'image/png', extensions: ['png'] },
  zip: { ext: 'zip', mime: 'application/zip', extensions: ['zip'] },
} as const satisfies Record<string, UploadFileType>;

/**
 * What an upload is for, and which types its content may have (checked by magic bytes, never by name):
 * - `inbox-attachment`: attachment of a message to the fund, tiff, pdf, jpg (spec 001 section 5).
 * - `claim-document`: a document of a severance claim (identity document, signature sample, bank confirmation,
 *   institution confirmation), JPG/JPEG, PNG, PDF, TIF (spec 001 section 5 "Files: Claim").
 * - `form-id-document`: the identity document of a form (vested-amount payout), pdf, tiff, jpg, png (spec 001 section 5).
 * - `merge-document`: a document of the merge and upload forms (ID copy, signed form), PDF, TIF, JPEG, PNG or a ZIP
 *   archive of them; a ZIP is inspected (ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES, no paths, no nested archives).
 * - `upload-form`: a document of the public upload form `/upload-formular`, the same types as `merge-document` (spec 001
 *   section 5 "Merge and upload forms"); uploaded without a session, bound to a solved captcha (decision 0024).
 */
export const UPLOAD_PURPOSES = {
  'inbox-attachment': ['tif', 'pdf', 'jpg'],
  'claim-document': ['jpg', 'png', 'pdf', 'tif'],
  'merge-document': ['pdf', 'tif', 'jpg', 'png', 'zip'],
  'form-id-document': ['pdf', 'tif', 'jpg', 'png'],
  'upload-form': ['pdf', 'tif', 'jpg', 'png', 'zip'],
} as const satisfies Record<string, readonly (keyof typeof UPLOAD_FILE_TYPES)[]>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/** True when `value` names a known purpose. */
export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
}

/** The `accept` attribute of a file input for `purpose` (`.tif,.tiff,image/tiff,…`): a hint only, the server decides. */
export function acceptAttribute(purpose: UploadPurpose): string {
  return UPLOAD_PURPOSES[purpose].flatMap((t) => [...UPLOAD_FILE_TYPES[t].extensions.map((e) => `.${e}`), UPLOAD_FILE_TYPES[t].mime]).join(',');
}

/**
 * Default size limit of one file in bytes: 5 MB read as 5 × 1024 × 1024 (spec 001 sections 5 and 9 give 5 MB in one
 * reading and 10 MB in another; the portal takes the stricter one, UPLOAD_MAX_BYTES raises it; README, decision 0014).
 */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Most entries an uploaded ZIP archive may hold. */
export const ZIP_MAX_ENTRIES = 20;

/** Most bytes the entries of an uploaded ZIP archive may inflate to, together (20 MB = 20 × 1024 × 1024). */
export const ZIP_MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;

/** Longest file name kept (characters, after sanitising). */
export const UPLOAD_FILE_NAME_MAX = 120;

/**
 * Why an upload was refused (the `error` of the route's answer; catalogue key `upload.error.<code>`):
 * - FILE_MISSING: no file part in the request; FILE_EMPTY: 0 bytes; FILE_TOO_LARGE: over the limit (413);
 * - FILE_TYPE_NOT_ALLOWED: the content is none of the purpose's types (a renamed program, a text file, …);
 * - FILE_NAME_INVALID: a path (`/`, `\`), control characters, or no name at all;
 * - BODY_INCOMPLETE: the multipart body ended or broke before its file part was complete (a cut-off or malformed
 *   body, a client that went away); nothing is stored;
 * - PURPOSE_INVALID: unknown `purpose`; TOO_MANY_FILES: more than one file part;
 * - TOO_MANY_PENDING: the member has UPLOAD_MAX_PENDING uploads not yet used (429);
 * - ZIP_INVALID (unreadable or encrypted), ZIP_TOO_MANY_ENTRIES, ZIP_TOO_LARGE (inflated size), ZIP_PATH (an entry
 *   with a path or a directory), ZIP_NESTED_ARCHIVE: an uploaded ZIP archive failed its inspection.
 */
export const UPLOAD_ERROR_CODES = [
  'FILE_MISSING',
  'BODY_INCOMPLETE',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_NAME_INVALID',
  'PURPOSE_INVALID',
  'TOO_MANY_FILES',
  'TOO_MANY_PENDING',
  'ZIP_INVALID',
  'ZIP_TOO_MANY_ENTRIES',
  'ZIP_TOO_LARGE',
  'ZIP_PATH',
  'ZIP_NESTED_ARCHIVE',
] as const;

export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** The route's answer for a stored file (`size` in bytes). */
export interface UploadedFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The owner-only download URL of an upload; the web app appends `&lng=…` (spec 000 section 1). */
export function uploadDownloadUrl(id: string): string {
  return `${UPLOAD_DOWNLOAD_PATH}?upload=${encodeURIComponent(id)}`;
}

/** Shape of an upload id: 32 lower-case hex characters. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The file name kept for an upload, or null when it must be refused: a name with a path separator (`/`, `\`), a
 * control character, or nothing but dots and spaces. Unicode is normalised (NFC), surrounding spaces are trimmed,
 * and the name is cut to UPLOAD_FILE_NAME_MAX characters keeping its extension.
 */
export function sanitizeFileName(raw: string): string | null {
  const name = raw.normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (name === '' || /[/\\\u0000-\u001f\u007f]/.test(name) || /^[.\s]+$/.test(name)) return null;
  if (name.length <= UPLOAD_FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return name.slice(0, UPLOAD_FILE_NAME_MAX - ext.length) + ext;
}

/** `fileName` with the extension of `type` appended unless it already ends in one of the type's extensions. */
export function withTypeExtension(fileName: string, type: UploadFileType): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return type.extensions.includes(ext) ? fileName : `${fileName}.${type.extensions[0]}`;
}
