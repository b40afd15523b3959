import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../platform/deps';
import { createRequestContext, createRequestScope, type RequestSource } from '../platform/request-context';
import { contentDisposition, DOWNLOAD_PATH } from '../modules/documents/documents.rules';
import { DomainError } from '../platform/shared/errors';
import catalogue from '@contract/i18n/de/documents.json';
import transport from '@contract/i18n/de/transport.json';
import { sendJson, sendServerFailure } from './answers';

export { DOWNLOAD_PATH };

/** HTTP status of each thrown domain error, as in the REST door (406 session failure, 423 session timeout). */
const STATUS: Record<DomainError['code'], number> = {
  SESSION_INVALID: 406,
  SESSION_TIMEOUT: 423,
  NOT_FOUND: 404,
  BAD_REQUEST: 404,
  FORBIDDEN: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
};

/** The download URL of a message attachment (server/modules/messages/messages.graphql `MessageAttachment.downloadUrl`); the web app appends `&lng=de`. */
export function attachmentDownloadUrl(id: number): string {
  return `${DOWNLOAD_PATH}?attachment=${id}`;
}

/** A stored file as a download, with the SHA-256 of its bytes for the ETag. */
function stored(row: { contentType: string; fileName: string; content: Buffer } | null | undefined) {
  return row ? { contentType: row.contentType, fileName: row.fileName, bytes: row.content, sha256: createHash('sha256').update(row.content).digest('hex') } : null;
}

/**
 * An attachment of a message in the request's mailbox as a download, or null (unknown, malformed or foreign id alike).
 * The mailbox needs the whole request context, built here on the request's scope (its session check already done).
 */
async function ownAttachment(deps: AppDeps, request: RequestSource, base: ReturnType<typeof createRequestScope>, id: string) {
  const ctx = createRequestContext(deps, request, base);
  return stored(await ctx.services.messages.attachment(await ctx.mailbox(), id));
}

/** One of the person's own uploads as a download, or null (unknown, malformed or foreign id alike). */
async function ownUpload(deps: AppDeps, personId: number, id: string) {
  return stored(await deps.uploads.download(personId, id));
}

/** Whether an `If-None-Match` header names `etag` (or is `*`), RFC 9110 section 13.1.2 (weak comparison). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The one answer for an unknown, malformed or foreign id: same status, headers and body, no hint which it was. */
function sendNotFound(res: ServerResponse): void {
  sendJson(res, 404, { error: 'NOT_FOUND', message: catalogue.documents.errors.NOT_FOUND });
}

/**
 * `GET /webportal/download?id=<document id>&lng=de`: the PDF of one document of the session's person (spec 001
 * section 2 "Documents"), served from the archive (rendered and archived once, decision 0018), and the document
 * marked read.
 *
 * - 200 `application/pdf` with `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…`,
 *   `ETag: "<sha-256 hex of the archived PDF>"`, `Cache-Control: no-store`, `X-Content-Type-Options: nosniff` and a
 *   Content-Length; 304 without a body when `If-None-Match` names that ETag (the member already holds these bytes).
 * - 406 `{ error: 'SESSION_INVALID' }` without a (fully logged-in) session, 423 `{ error: 'SESSION_TIMEOUT' }` after the
 *   idle time-out (as the REST door); the session is checked before the id is looked at.
 * - 404 `{ error: 'NOT_FOUND' }`, identical in status, headers and body, for an id of another member, an unknown id, a
 *   malformed one (`abc`, `-1`, `1e3`, beyond 2^53, missing, repeated), and on a tenant without the documents archive.
 * - 405 for any method but GET; 503 with Retry-After when the database stayed locked beyond the busy timeout.
 * `lng` is accepted and ignored: every document is German (spec 001 section 1).
 *
 * `GET /webportal/download?attachment=<id>&lng=de` answers an attachment of one of the person's messages, and
 * `GET /webportal/download?upload=<upload id>&lng=de` one of the person's own uploads (server/modules/uploads)
 * the same way, with the content type detected at upload; a foreign, unknown or malformed id answers the same 404.
 */
export async function handleDownload(req: IncomingMessage, res: ServerResponse, url: string, deps: AppDeps): Promise<void> {
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.getOnly }, { Allow: 'GET' });
    return;
  }
  // Only the request's scope: the session check and the documents service need nothing more (no DataLoaders, no context).
  const request = { headers: req.headers, remoteAddress: req.socket.remoteAddress };
  const base = createRequestScope(deps, request);
  const q = url.indexOf('?');
  const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  try {
    const personId = await deps.services.session.requirePersonId(base.scope);
    // Exactly one of the parameters id (document), upload and attachment, given once.
    const given = (['id', 'upload', 'attachment'] as const).map((key) => [key, query.getAll(key)] as const).filter(([, values]) => values.length > 0);
    const [kind, value] = given.length === 1 && given[0]![1].length === 1 ? [given[0]![0], given[0]![1][0]!] : [null, ''];
    const document =
      kind === 'id'
        ? await deps.services.documents.download(base.scope, personId, value)
        : kind === 'upload'
          ? await ownUpload(deps, personId, value)
          : kind === 'attachment'
            ? await ownAttachment(deps, request, base, value)
            : null;
    if (!document) {
      sendNotFound(res);
      return;
    }
    const etag = `"${document.sha256}"`;
    const headers = {
      ETag: etag,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (ifNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, {
        ...headers,
        'Content-Type': document.contentType,
        'Content-Length': String(document.bytes.length),
        'Content-Disposition': contentDisposition(document.fileName),
      })
      .end(document.bytes);
  } catch (error) {
    if (error instanceof DomainError && !res.headersSent) {
      if (STATUS[error.code] === 404) sendNotFound(res);
      else sendJson(res, STATUS[error.code], { error: error.code, message: error.message });
      return;
    }
    sendServerFailure(res, error, deps.logger, 'download');
  }
}
