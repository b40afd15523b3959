/**
 * The upload contract shared by the web app's file picker (web/src/components/ui/file-upload.tsx) and the upload
 * service (server/modules/uploads): purposes with their allowed file types, the default size limit, the refusal codes
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
 * - FILE_NAME_INVALID: a path (`/`, `\`), or no name at all once control characters are removed;
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
 * The characters removed from a file name, as the body of a regular-expression character class (without U+0000,
 * which JavaScript strips on top and a PostgreSQL text cannot hold): the C0 controls, DEL and the C1 controls
 * (U+0001–U+001F, U+007F–U+009F), and the format characters that reorder or hide text: the Arabic letter mark U+061C,
 * the left-to-right and right-to-left marks U+200E/U+200F, the line and paragraph separators and the bidirectional
 * embeddings and overrides U+2028–U+202E, the isolates and deprecated format characters U+2066–U+206F, the byte-order
 * mark U+FEFF and the interlinear annotation characters U+FFF9–U+FFFB (Unicode UAX #9; CVE-2021-42574 "Trojan
 * Source"). With U+202E, `rechnung\u202Efdp.exe` is shown as `rechnungexe.pdf`. The PostgreSQL migration
 * `0013_clean_file_names` uses the same class (a unit test compares them; decision 0041).
 */
export const UNSAFE_FILE_NAME_CHARACTERS = '\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb';

const UNSAFE_CHARACTERS = new RegExp(`[\\u0000${UNSAFE_FILE_NAME_CHARACTERS}]`, 'gu');

/** `name` without the control and text-reordering characters of UNSAFE_FILE_NAME_CHARACTERS (and U+0000). */
export function stripUnsafeCharacters(name: string): string {
  return name.replace(UNSAFE_CHARACTERS, '');
}

/**
 * The file name kept for an upload, or null when it must be refused: a name with a path separator (`/`, `\`), or one
 * that is empty or nothing but dots and spaces once the control and text-reordering characters
 * (UNSAFE_FILE_NAME_CHARACTERS) are removed. Unicode is normalised (NFC), surrounding spaces are trimmed, and the name
 * is cut to UPLOAD_FILE_NAME_MAX characters keeping its extension. The name arrives as the browser sends it: UTF-8 in
 * the multipart header (RFC 7578 section 4.2; the upload route reads it so).
 */
export function sanitizeFileName(raw: string): string | null {
  const name = stripUnsafeCharacters(raw.normalize('NFC')).trim();
  if (name === '' || /[/\\]/.test(name) || /^[.\s]+$/.test(name)) return null;
  if (name.length <= UPLOAD_FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return name.slice(0, UPLOAD_FILE_NAME_MAX - ext.length) + ext;
}

/**
 * `name` repaired when it is UTF-8 that was read as Latin-1 (`Lohnzettel_MÃ¤rz.pdf` → `Lohnzettel_März.pdf`, as the
 * upload route stored names before it read them as UTF-8): only a name whose characters all lie in U+0001–U+00FF, at
 * least one of them above U+007F, and whose Latin-1 bytes are valid UTF-8; any other name is returned unchanged. Used by
 * the migration that cleans stored names (decision 0041).
 */
export function repairLatin1Misreading(name: string): string {
  // eslint-disable-next-line no-control-regex -- the range of Latin-1 characters starts at U+0001 on purpose
  if (!/[\u0080-\u00ff]/.test(name) || /[^\u0001-\u00ff]/.test(name)) return name;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(name, (c) => c.charCodeAt(0)));
  } catch {
    return name;
  }
}

/**
 * A stored file name as the migration `0020_clean_file_names` / `0013_clean_file_names` leaves it: a Latin-1 misreading
 * repaired (`repairLatin1Misreading`), then the unsafe characters removed; `Datei` when nothing is left. Neither trimmed
 * nor cut, so the PostgreSQL twin of the migration (SQL) answers the same.
 */
export function cleanStoredFileName(name: string): string {
  return stripUnsafeCharacters(repairLatin1Misreading(name)) || 'Datei';
}

/** `fileName` with the extension of `type` appended unless it already ends in one of the type's extensions. */
export function withTypeExtension(fileName: string, type: UploadFileType): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return type.extensions.includes(ext) ? fileName : `${fileName}.${type.extensions[0]}`;
}
