import type { ServerResponse } from 'node:http';
import transport from '@contract/i18n/de/transport.json';
import { isDatabaseBusyError } from '../../db/client';
import type { Logger } from '../log';

/**
 * A JSON answer that is never cached or sniffed (the download, upload and calcprint doors): `status`, `body` as JSON,
 * `extra` headers added.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(json)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...extra,
    })
    .end(json);
}

/**
 * The one answer of the webportal doors (download, upload, calcprint) to a failure that is not the client's: the
 * connection is cut when the answer has begun; a database held by another writer beyond its busy timeout answers
 * 503 `SERVICE_UNAVAILABLE` with `Retry-After: 2` (as REST and GraphQL); anything else is logged (message only, no
 * stack or personal data in the answer) and answers 500 `INTERNAL`. `door` names the door in the log.
 */
export function sendServerFailure(res: ServerResponse, error: unknown, logger: Logger, door: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (isDatabaseBusyError(error)) {
    logger.warn(`${door} found the database locked`, {});
    sendJson(res, 503, { error: 'SERVICE_UNAVAILABLE', message: transport.busy }, { 'Retry-After': '2' });
    return;
  }
  logger.error(`${door} failed`, { error: error instanceof Error ? error.message : String(error) });
  sendJson(res, 500, { error: 'INTERNAL', message: transport.technical });
}
