import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDatabaseBusyError } from '../../db/client';
import type { RequestContext } from '../platform/request-context';
import { DomainError } from '../platform/shared/errors';
import { BodyError, parseBody, readBody } from './body';
import { findRestMethod } from './registry';
import transport from '@contract/i18n/de/transport.json';
import { zodIssuePaths } from '@contract/field-errors';

/** HTTP status for each thrown domain error (spec 000 section 8: 406 session failure, 423 session timeout). */
const STATUS: Record<DomainError['code'], number> = {
  SESSION_INVALID: 406,
  SESSION_TIMEOUT: 423,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  FORBIDDEN: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
};

/** Seconds a client is asked to wait (Retry-After) before repeating a request that found the database locked. */
const BUSY_RETRY_AFTER_SECONDS = 2;

function send(res: ServerResponse, status: number, body: unknown, cookies: string[], extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string | string[]> = { 'Cache-Control': 'no-store', ...extraHeaders };
  if (cookies.length) headers['Set-Cookie'] = cookies;
  if (body === undefined) {
    res.writeHead(status, { ...headers, 'Content-Length': '0' }).end();
    return;
  }
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(json)) }).end(json);
}

/**
 * Serves POST /rest/{method} from the registry. Client errors answer 400 (bad body or fields), 404 (unknown
 * method), 405 (not POST), 406/423 (session) or 413 (too large) with `{ error, message }`. A database that stayed
 * locked by another writer beyond the busy timeout (SQLITE_BUSY, see `isDatabaseBusyError`) answers 503
 * `{ error: 'SERVICE_UNAVAILABLE' }` with `Retry-After` and no cookies: the failed statement wrote nothing, and the
 * client may repeat the request. Nothing else unexpected leaves the server but `{ error: 'INTERNAL' }` with 500;
 * the cause goes to the server log. `preread`: the body, when the caller has read it already (the response cache,
 * server/http/response-cache.ts, reads small bodies of the methods it caches).
 */
export async function handleRest(req: IncomingMessage, res: ServerResponse, name: string, ctx: RequestContext, preread?: Buffer): Promise<void> {
  const method = findRestMethod(name, ctx.tenant);
  if (!method) return send(res, 404, { error: 'NOT_FOUND', message: transport.unknownMethod }, []);
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return send(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.postOnly }, []);
  }
  try {
    // The session first (spec 000 section 8): a protected method without one answers 406 (423 after a time-out)
    // whatever its body, and only a caller with a session gets field errors.
    if (method.auth === 'session') await ctx.requirePersonId();
    else if (method.auth === 'flow') await ctx.requireFlowSession();
    const body = await parseBody(preread ?? (await readBody(req)), req.headers['content-type']);
    const parsed = method.input.safeParse(body);
    if (!parsed.success) {
      const fields = zodIssuePaths(parsed.error.issues);
      return send(res, 400, { error: 'BAD_REQUEST', message: transport.badInput, fields }, []);
    }
    const answer = await method.run(ctx, parsed.data);
    return send(res, 200, answer, ctx.setCookies);
  } catch (error) {
    if (error instanceof BodyError) return send(res, error.status, { error: error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: error.message }, []);
    if (error instanceof DomainError) {
      const retry: Record<string, string> = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
      return send(res, STATUS[error.code], { error: error.code, message: error.message }, [], retry);
    }
    if (isDatabaseBusyError(error)) {
      ctx.logger.warn('rest method found the database locked', { method: name });
      if (res.headersSent) return;
      return send(res, 503, { error: 'SERVICE_UNAVAILABLE', message: transport.busy }, [], {
        'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
      });
    }
    ctx.logger.error('rest method failed', { method: name, error: error instanceof Error ? error.message : String(error) });
    if (!res.headersSent) send(res, 500, { error: 'INTERNAL', message: transport.technical }, []);
  }
}
