import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../../platform/request-context';
import { calculatorFailure, calculatorRestInput } from './calculator.rest';
import { contentDisposition } from '../documents/documents.rules';
import { DomainError } from '../../platform/shared/errors';
import { BodyError, parseBody, readBody } from '../../rest/body';
import transport from '@contract/i18n/de/transport.json';
import { zodIssuePaths } from '@contract/field-errors';
import { sendJson, sendServerFailure } from '../../http/answers';

/** Path of the calculator's PDF (spec 000 section 7 "webportal/calcprint"). */
export const CALCPRINT_PATH = '/webportal/calcprint';

const SESSION_STATUS: Partial<Record<DomainError['code'], number>> = { SESSION_INVALID: 406, SESSION_TIMEOUT: 423 };

/**
 * `POST /webportal/calcprint` (decision 0017): the PDF of the calculation of the body's inputs (the fields of
 * GraphQL `ProjectPensionInput`, JSON or form-urlencoded, money in cents), with the same figures as `projectPension`.
 *
 * - 200 `application/pdf`, `Content-Disposition: attachment`, `Cache-Control: no-store`.
 * - 400 `{ error: 'BAD_REQUEST', fields }` for a body of the wrong shape; 400 `{ ok: false, code: 'INVALID_INPUT',
 *   fieldErrors }` for inputs that break a rule; 403 `{ ok: false, code: 'CALCULATOR_NOT_AVAILABLE' }` when the
 *   calculator is refused; 406 / 423 without a session or after the time-out; 405 for any method but POST; 413 over
 *   64 KiB; 503 when the database stays locked. The CSRF check of /rest applies (app.ts).
 */
export async function handleCalcprint(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.postOnly }, { Allow: 'POST' });
  try {
    const personId = await ctx.requirePersonId();
    const body = await parseBody(await readBody(req), req.headers['content-type']);
    const parsed = calculatorRestInput.safeParse(body);
    if (!parsed.success) {
      const fields = zodIssuePaths(parsed.error.issues);
      return sendJson(res, 400, { error: 'BAD_REQUEST', message: transport.badInput, fields });
    }
    const result = await ctx.services.calculator.print(ctx.scope, personId, parsed.data);
    if (!result.ok) return sendJson(res, result.code === 'INVALID_INPUT' ? 400 : 403, calculatorFailure(result));
    res
      .writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(result.bytes.length),
        'Content-Disposition': contentDisposition(result.fileName),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(result.bytes);
  } catch (error) {
    if (error instanceof DomainError && SESSION_STATUS[error.code]) return sendJson(res, SESSION_STATUS[error.code]!, { error: error.code, message: error.message });
    if (error instanceof BodyError) return sendJson(res, error.status, { error: error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: error.message });
    sendServerFailure(res, error, ctx.logger, 'calcprint');
  }
}
