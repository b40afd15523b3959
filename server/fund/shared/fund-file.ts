import { UPLOAD_PURPOSES, type UploadPurpose } from '@contract/uploads';
import type { UploadsService } from '../../modules/uploads/uploads.service';
import type { FundRefusal } from './outcome';

/** The GraphQL `FundFile` (shared.graphql): metadata, and the bytes read only when `contentBase64` is selected. */
export interface FundFileModel {
  id: number | string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  load: () => Promise<Buffer | undefined>;
}

/** A file the fund sends (GraphQL `FundFileInput`), base64 as it arrived. */
export interface FundFileWire {
  fileName: string;
  contentType: string;
  contentBase64: string;
}

/** A file the fund sends, decoded: name, declared type (null: take the detected one) and bytes. */
export interface FundFileBytes {
  fileName: string;
  contentType: string | null;
  bytes: Buffer;
}

/** A checked file: sanitised name, detected MIME type and bytes (what the message stores). */
export interface CheckedFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Strict base64 (RFC 4648 section 4, padding optional): letters, digits, `+`, `/`. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `files` (GraphQL input), or the refusal of the first that is not base64 (`field` `attachments[i]`). */
export function decodeFundFiles(files: readonly FundFileWire[], field: string): { ok: true; value: FundFileBytes[] } | FundRefusal {
  const decoded: FundFileBytes[] = [];
  for (const [i, f] of files.entries()) {
    const text = f.contentBase64.replace(/\s+/g, '');
    if (!BASE64.test(text) || text.length % 4 === 1)
      return { ok: false, code: 'ATTACHMENT_INVALID', message: `${field}[${i}].contentBase64 is not base64.`, field: `${field}[${i}]` };
    decoded.push({ fileName: f.fileName, contentType: f.contentType, bytes: Buffer.from(text, 'base64') });
  }
  return { ok: true, value: decoded };
}

/**
 * Checks files the fund sends with the upload service's checks of `purpose` (type by content, size limit, file name;
 * decision 0014) and at most `max` of them; a declared type must be the detected one. Resolves to the checked files or
 * the first refusal: TOO_MANY_ATTACHMENTS, ATTACHMENT_INVALID (the upload service's code in the message; `field`
 * `attachments[i]`).
 */
export async function checkFundFiles(
  uploads: UploadsService,
  purpose: UploadPurpose,
  files: readonly FundFileBytes[],
  max: number,
  field: string,
): Promise<{ ok: true; value: CheckedFile[] } | FundRefusal> {
  if (files.length > max) return { ok: false, code: 'TOO_MANY_ATTACHMENTS', message: `At most ${max} attachments.`, field };
  const allowed = typesInWords(purpose);
  const checked: CheckedFile[] = [];
  for (const [i, f] of files.entries()) {
    const at = `${field}[${i}]`;
    const inspected = await uploads.inspect(purpose, f.fileName, f.bytes);
    if (!inspected.ok) {
      const why = inspected.code === 'FILE_TYPE_NOT_ALLOWED' ? `is not a ${allowed} file` : `was refused (${inspected.code})`;
      return { ok: false, code: 'ATTACHMENT_INVALID', message: `${at}: ${f.fileName.slice(0, 120)} ${why}.`, field: at };
    }
    if (f.contentType !== null && f.contentType.toLowerCase() !== inspected.value.type.mime) {
      return { ok: false, code: 'ATTACHMENT_INVALID', message: `${at}: the content is ${inspected.value.type.mime}, not ${f.contentType.slice(0, 100)}.`, field: at };
    }
    checked.push({ fileName: inspected.value.fileName, contentType: inspected.value.type.mime, content: f.bytes });
  }
  return { ok: true, value: checked };
}

/** The types a purpose allows, in words for a message: `tiff, pdf or jpg`. */
function typesInWords(purpose: UploadPurpose): string {
  const names: string[] = UPLOAD_PURPOSES[purpose].map((t) => (t === 'tif' ? 'tiff' : t));
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}
