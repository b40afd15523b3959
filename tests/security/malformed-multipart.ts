/**
 * Multipart bodies that end or break where a parser does not expect it, shared by the hostile-input suites and the
 * process-survival test (tests/security/process-survival.test.ts). Each is a complete HTTP body: the connection
 * itself ends normally, only the multipart structure inside is broken.
 */
export const MALFORMED_BOUNDARY = 'xyz';

/** The `Content-Type` header of every body below. */
export const MALFORMED_CONTENT_TYPE = `multipart/form-data; boundary=${MALFORMED_BOUNDARY}`;

const FILE_HEAD = `--${MALFORMED_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;

/** The bodies by name: what a broken client, a proxy cutting a request short, or an attacker sends. */
export const MALFORMED_MULTIPART_BODIES: Readonly<Record<string, string>> = {
  /** The file's data, then the body ends: no closing boundary (the case that ended the process). */
  'truncated before the closing boundary': `${FILE_HEAD}%PDF-1.4 no end`,
  /** The body ends inside a part's delimiter line. */
  'cut mid-part': `${FILE_HEAD}%PDF-1.4 first\r\n--${MALFORMED_BOUNDARY}\r\nContent-Disp`,
  /** A part header that never ends (no empty line before the data). */
  'part header without end': `--${MALFORMED_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pd`,
  /** A text field whose value is cut off before its boundary. */
  'field cut off': `--${MALFORMED_BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ninbox-attach`,
  /** Only the preamble. */
  'preamble only': `this is not a multipart body`,
  /** Two file parts, the second cut off. */
  'second file cut': `${FILE_HEAD}%PDF-1.4\r\n--${MALFORMED_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n%PDF`,
};

/** The start of a body whose file part is announced as large and then never finishes (the client disconnects). */
export function fileHeadOf(fileName = 'a.pdf'): string {
  return FILE_HEAD.replace('filename="a.pdf"', `filename="${fileName}"`);
}
