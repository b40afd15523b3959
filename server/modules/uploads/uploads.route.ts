import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { CAPTCHA_HEADER, type CaptchaErrorCode } from '@contract/captcha';
import captchaCatalogue from '@contract/i18n/de/captcha.json';
import { UPLOAD_PATH, isUploadPurpose, type UploadErrorCode } from '@contract/uploads';
import type { AppDeps } from '../../platform/deps';
import { createRequestContext } from '../../platform/request-context';
import { DomainError } from '../../platform/shared/errors';
import transport from '@contract/i18n/de/transport.json';
import uploadsCatalogue from '@contract/i18n/de/uploads.json';
import { sendJson, sendServerFailure } from '../../http/answers';
import { uploadPurposeOffered } from '../../tenants';

export { UPLOAD_PATH };

/**
 * German texts of the refusals in the API's answers (spec 001 section 8 "attachment failure", "file size", "file
 * type"), from the one catalogue (schema/contract/i18n/de/uploads.json `upload.apiError`; the screens word the same
 * codes with the file's name, `upload.error`).
 */
const MESSAGES: Record<UploadErrorCode, string> = uploadsCatalogue.upload.apiError;

const STATUS: Partial<Record<UploadErrorCode | CaptchaErrorCode, number>> = { FILE_TOO_LARGE: 413, TOO_MANY_PENDING: 429 };

/** Bytes a multipart body may carry beyond the file itself (boundaries, part headers, the small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function refuse(res: ServerResponse, code: UploadErrorCode | CaptchaErrorCode, maxBytes: number, extra: Record<string, string> = {}): void {
  const captcha = code === 'CAPTCHA_INVALID' || code === 'CAPTCHA_EXPIRED' || code === 'CAPTCHA_USED';
  const message = captcha ? captchaCatalogue.captcha.error[code] : MESSAGES[code];
  const body = { error: code, message, field: captcha ? 'captcha' : 'file', ...(code === 'FILE_TOO_LARGE' ? { maxBytes } : {}) };
  sendJson(res, STATUS[code] ?? 400, body, extra);
}

interface Received {
  fileName: string;
  bytes: Buffer;
}

/**
 * Reads the one file part of a multipart body, stopping to collect at `maxBytes + 1`. Resolves to the file, or the
 * refusal code (FILE_MISSING, TOO_MANY_FILES, FILE_TOO_LARGE, BODY_INCOMPLETE for a body that ends or breaks before
 * its file part is complete), `CUT` when the body was larger than any legal one (the connection is then closed after
 * the answer), or `GONE` when the client went away before the body's end (nobody is left to answer).
 *
 * Never rejects, and every stream involved (the request, the parser, the file part) has its error handled here: an
 * error of one request's streams must not reach the process (decision 0045).
 */
function readOneFile(req: IncomingMessage, maxBytes: number): Promise<Received | UploadErrorCode | 'CUT' | 'GONE'> {
  return new Promise((resolvePromise) => {
    let settled = false;
    const settle = (value: Received | UploadErrorCode | 'CUT' | 'GONE') => {
      if (!settled) {
        settled = true;
        resolvePromise(value);
      }
    };
    // The connection ended before the body did (reset, or closed mid-file): the request stream errors or closes
    // incomplete. Either way nothing is stored and no answer can be delivered.
    req.once('error', () => settle('GONE'));
    req.once('close', () => {
      if (!req.complete) settle('GONE');
    });
    let total = 0;
    const countOrCut = (onCut: () => void) => (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes + MULTIPART_OVERHEAD_BYTES) {
        onCut();
        settle('CUT');
      }
    };
    let parser: busboy.Busboy;
    try {
      // defParamCharset: browsers send a file name's UTF-8 bytes as they are (WHATWG HTML "multipart/form-data
      // encoding"), not RFC 2231-encoded; busboy's default reads them as latin1.
      parser = busboy({ headers: req.headers, preservePath: true, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes + 1, fields: 4, fieldSize: 1024, parts: 6 } });
    } catch {
      // Not multipart/form-data, or no boundary: the body is read to its end (or cut off as too large) first.
      req.on(
        'data',
        countOrCut(() => undefined),
      );
      req.once('end', () => settle('FILE_MISSING'));
      req.resume();
      return;
    }
    let file: Received | undefined;
    let failure: UploadErrorCode | undefined;
    let broken = false;
    req.on(
      'data',
      countOrCut(() => req.unpipe(parser)),
    );
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // busboy reports the limit when the file reaches `fileSize` bytes; with maxBytes + 1 that is one byte too many.
      stream.on('limit', () => {
        failure ??= 'FILE_TOO_LARGE';
      });
      // The body ended or broke inside this part ("Unexpected end of form"): the file is incomplete.
      stream.on('error', () => {
        failure ??= 'BODY_INCOMPLETE';
      });
      stream.on('end', () => {
        if (!failure) file = { fileName: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => {
      failure ??= 'TOO_MANY_FILES';
    });
    parser.on('error', () => {
      // A malformed or cut-off multipart body: the rest is read to its end (or cut off as too large) before the
      // answer, so the connection stays usable for the client's next request.
      broken = true;
      req.unpipe(parser);
      const answer = failure === 'FILE_TOO_LARGE' || failure === 'TOO_MANY_FILES' ? failure : 'BODY_INCOMPLETE';
      if (req.complete) settle(answer);
      else {
        req.once('end', () => settle(answer));
        req.resume();
      }
    });
    parser.on('close', () => {
      if (!broken) settle(failure ?? file ?? 'FILE_MISSING');
    });
    req.pipe(parser);
  });
}

/** A refused request body up to this size (declared by Content-Length) is read to its end before the answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * Before a refusal that does not read the body: reads a small declared body to its end, so the connection can stay
 * open and closing it never resets a client still sending (a socket closed with unread data sends a TCP RST, which
 * the client may see before the answer). Returns the headers for the answer: `Connection: close` unless drained.
 */
async function drainForRefusal(req: IncomingMessage): Promise<Record<string, string>> {
  const declared = Number(req.headers['content-length']);
  if (req.complete) return {};
  if (!Number.isSafeInteger(declared) || declared > DRAIN_LIMIT_BYTES) return { Connection: 'close' };
  await new Promise<void>((done) => {
    req.once('end', done);
    req.once('error', () => done());
    req.once('close', done);
    req.resume();
  });
  return {};
}

/**
 * `POST /webportal/upload?purpose=<purpose>&lng=de`: one file in a `multipart/form-data` body (spec 000 section 8
 * "webportal/upload"), stored for the session's person by the upload service (server/modules/uploads).
 *
 * - The CSRF guard of the other POSTs applies (server/app.ts); 406/423 without a (live) session, checked before the
 *   body is read. Purpose `upload-form` (the public upload form, decision 0024) needs no session but a solved captcha
 *   in the `X-Captcha` header (checked before the body is read, not used up: 400 CAPTCHA_INVALID / CAPTCHA_EXPIRED
 *   with `field: 'captcha'`); its file is stored pending under that captcha (at most 10, else TOO_MANY_PENDING).
 * - 200 `{ id, fileName, contentType, size }` (size in bytes; contentType from the magic bytes).
 * - 400 `{ error, message, field: 'file' }` (413 adds `maxBytes`, the limit in bytes) with FILE_MISSING, FILE_EMPTY, FILE_TYPE_NOT_ALLOWED, FILE_NAME_INVALID,
 *   PURPOSE_INVALID (also a purpose of a feature the tenant does not offer: `uploadPurposeOffered`), TOO_MANY_FILES; 413 FILE_TOO_LARGE (a file over UPLOAD_MAX_BYTES: collecting stops at the limit;
 *   a body far over it is cut off and the connection closed); 429 TOO_MANY_PENDING. Nothing is stored on a refusal.
 * - 405 for other methods; 503 with Retry-After when the database stayed locked.
 * `lng` is accepted and ignored (German only, spec 001 section 1).
 */
export async function handleUpload(req: IncomingMessage, res: ServerResponse, url: string, deps: AppDeps): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.postOnly }, { Allow: 'POST' });
    return;
  }
  const ctx = createRequestContext(deps, { headers: req.headers, remoteAddress: req.socket.remoteAddress });
  const q = url.indexOf('?');
  const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  const service = deps.uploads;
  try {
    const purposes = query.getAll('purpose');
    const purpose = purposes.length === 1 ? purposes[0] : undefined;
    // A purpose of a feature this tenant does not offer (the regional tenant: merge, upload form) is unknown here.
    if (purpose !== undefined && !uploadPurposeOffered(deps.tenant, purpose)) {
      refuse(res, 'PURPOSE_INVALID', service.settings.maxBytes, await drainForRefusal(req));
      return;
    }
    // The public upload form's files need no session but a solved captcha (decision 0024); every other purpose a login.
    const captchaValue = req.headers[CAPTCHA_HEADER];
    const publicForm = purpose === 'upload-form';
    if (publicForm) {
      const checked = await deps.captcha.check(captchaValue);
      if (!checked.ok) {
        refuse(res, checked.code, service.settings.maxBytes, await drainForRefusal(req));
        return;
      }
    }
    const personId = publicForm ? null : await ctx.requirePersonId();
    if (!isUploadPurpose(purpose)) {
      refuse(res, 'PURPOSE_INVALID', service.settings.maxBytes, await drainForRefusal(req));
      return;
    }
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > service.settings.maxBytes + MULTIPART_OVERHEAD_BYTES) {
      refuse(res, 'FILE_TOO_LARGE', service.settings.maxBytes, { Connection: 'close' });
      return;
    }
    const received = await readOneFile(req, service.settings.maxBytes);
    if (received === 'GONE') {
      res.destroy();
      return;
    }
    if (received === 'CUT') {
      res.on('finish', () => req.destroy());
      refuse(res, 'FILE_TOO_LARGE', service.settings.maxBytes, { Connection: 'close' });
      return;
    }
    // A body not read to its end closes the connection, announced, so the client does not reuse it.
    const closeUnlessComplete = (): Record<string, string> => (req.complete ? {} : { Connection: 'close' });
    if (typeof received === 'string') {
      refuse(res, received, service.settings.maxBytes, closeUnlessComplete());
      return;
    }
    const result =
      personId === null
        ? await deps.publicUploads.receiveFile(captchaValue, received.fileName, received.bytes)
        : await service.receive(personId, purpose, received.fileName, received.bytes);
    if (!result.ok) {
      refuse(res, result.code, service.settings.maxBytes, closeUnlessComplete());
      return;
    }
    sendJson(res, 200, result.value, closeUnlessComplete());
  } catch (error) {
    if (error instanceof DomainError && !res.headersSent) {
      sendJson(res, error.code === 'SESSION_TIMEOUT' ? 423 : 406, { error: error.code, message: error.message }, await drainForRefusal(req));
      return;
    }
    sendServerFailure(res, error, deps.logger, 'upload');
  }
}
