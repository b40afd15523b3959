/**
 * The statement PDF of an import (decision 0057): base64 in the request (the fund's endpoint takes JSON only, decision
 * 0053), checked by its content before anything is stored, archived as sent (decision 0018).
 */

/** Largest statement PDF accepted, in bytes after decoding (5 MiB; the portal's own statements are 3–6 KB). */
export const STATEMENT_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** Strict base64 (RFC 4648 section 4, padded, no line breaks or URL-safe letters). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The PDF bytes of `base64`, or why they are refused: PDF_TOO_LARGE above STATEMENT_PDF_MAX_BYTES (judged on the
 * encoded length first, so a huge string is never decoded), PDF_INVALID when it is not strict base64, empty, or not a
 * PDF by content: a PDF starts with `%PDF-` and its last 1,024 bytes hold `%%EOF` (ISO 32000-1 sections 7.5.2 and
 * 7.5.5).
 */
export function decodeStatementPdf(base64: string): { bytes: Buffer } | { refused: 'PDF_INVALID' | 'PDF_TOO_LARGE' } {
  if (Math.floor(base64.length / 4) * 3 > STATEMENT_PDF_MAX_BYTES + 3) return { refused: 'PDF_TOO_LARGE' };
  if (base64 === '' || !BASE64.test(base64)) return { refused: 'PDF_INVALID' };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > STATEMENT_PDF_MAX_BYTES) return { refused: 'PDF_TOO_LARGE' };
  const header = bytes.subarray(0, 5).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  if (header !== '%PDF-' || !tail.includes('%%EOF')) return { refused: 'PDF_INVALID' };
  return { bytes };
}
