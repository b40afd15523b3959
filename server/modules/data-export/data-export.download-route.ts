import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import catalogue from '@contract/i18n/de/data-export.json';
import transport from '@contract/i18n/de/transport.json';
import type { AppDeps } from '../../platform/deps';
import { createRequestScope } from '../../platform/request-context';
import { DATA_EXPORT_PATH } from './data-export.rules';
import { contentDisposition } from '../documents/documents.rules';
import { DomainError } from '../../platform/shared/errors';
import { sendJson, sendServerFailure } from '../../http/answers';

export { DATA_EXPORT_PATH };

const T = catalogue.dataExport.http;

/**
 * `GET /webportal/data-export?id=<archive id>`: the member's data archive (GDPR Art. 15 and 20;
 * docs/decisions/0052-data-archive.md), streamed from its file, never read whole into memory.
 *
 * - 200 `application/zip` with `Content-Disposition: attachment; filename="meine-daten-<date>.zip"`,
 *   `Cache-Control: no-store`, `X-Content-Type-Options: nosniff` and a Content-Length.
 * - 406 `SESSION_INVALID` / 423 `SESSION_TIMEOUT` without a (live) session, as the document download; checked first.
 * - 404 `{ error: 'NOT_FOUND' }`, identical for another member's archive, an unknown or malformed id, and one not
 *   written yet: nothing tells whether someone else's archive exists.
 * - 410 `{ error: 'EXPIRED' }` for the member's own archive past its 7 days (the file is or will be deleted).
 * - 403 `{ error: 'STEP_UP_REQUIRED' }` for the member's own ready archive when this session has not typed the
 *   password for it in the last 5 minutes (`unlockDataExportDownload`).
 * - 405 for any method but GET.
 */
export async function handleDataExportDownload(req: IncomingMessage, res: ServerResponse, url: string, deps: AppDeps): Promise<void> {
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.getOnly }, { Allow: 'GET' });
    return;
  }
  const { scope } = createRequestScope(deps, { headers: req.headers, remoteAddress: req.socket.remoteAddress });
  const q = url.indexOf('?');
  const ids = new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).getAll('id');
  try {
    const personId = await deps.services.session.requirePersonId(scope);
    const found = ids.length === 1 ? await deps.services.dataExport.download(scope, personId, ids[0]!) : ({ kind: 'NOT_FOUND' } as const);
    if (found.kind === 'NOT_FOUND') return sendJson(res, 404, { error: 'NOT_FOUND', message: T.NOT_FOUND });
    if (found.kind === 'EXPIRED') return sendJson(res, 410, { error: 'EXPIRED', message: T.EXPIRED });
    if (found.kind === 'STEP_UP_REQUIRED') return sendJson(res, 403, { error: 'STEP_UP_REQUIRED', message: T.STEP_UP_REQUIRED });
    const file = createReadStream(found.path);
    // Opened before the head is sent: a file deleted meanwhile answers 410, not a broken 200.
    const opened = await new Promise<boolean>((resolve) => {
      file.once('open', () => resolve(true));
      file.once('error', () => resolve(false));
    });
    if (!opened) return sendJson(res, 410, { error: 'EXPIRED', message: T.EXPIRED });
    res.writeHead(200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(found.byteSize),
      'Content-Disposition': contentDisposition(found.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    await pipeline(file, res);
  } catch (error) {
    if (error instanceof DomainError && !res.headersSent) {
      if (error.code === 'SESSION_INVALID' || error.code === 'SESSION_TIMEOUT') {
        sendJson(res, error.code === 'SESSION_INVALID' ? 406 : 423, { error: error.code, message: error.message });
      } else sendJson(res, 404, { error: 'NOT_FOUND', message: T.NOT_FOUND });
      return;
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendServerFailure(res, error, deps.logger, 'data-export download');
  }
}
