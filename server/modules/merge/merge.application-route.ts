import type { IncomingMessage, ServerResponse } from 'node:http';
import { MERGE_APPLICATION_PATH } from '@contract/merge';
import transport from '@contract/i18n/de/transport.json';
import mergeCatalogue from '@contract/i18n/de/merge.json';
import type { RequestContext } from '../../platform/request-context';
import { contentDisposition } from '../documents/documents.rules';
import { DomainError } from '../../platform/shared/errors';
import { sendJson, sendServerFailure } from '../../http/answers';

export { MERGE_APPLICATION_PATH };

const SESSION_STATUS: Partial<Record<DomainError['code'], number>> = { SESSION_INVALID: 406, SESSION_TIMEOUT: 423 };

/**
 * `GET /webportal/zusammenlegung-antrag[?blank=1]`: the merge application to print, sign by hand and upload (spec 001
 * section 5 "signature type … signed form"; decision 0023 "Printable application"), from the merge service's
 * `applicationForm`.
 *
 * - Without `blank`: the session's member, filled with name, SVNR, address, e-mail, the dormant accounts that may be
 *   merged now and the target account. 406 / 423 without a (live) session; 403 `ERROR_NOT_ELIGIBLE` for a member who
 *   may not merge now.
 * - `blank=1`: a blank application for anyone (the public merge without a login); nothing personal is read.
 * - 200 `application/pdf`, `Content-Disposition: attachment`, `Cache-Control: no-store`; 404 `ERROR_NOT_OFFERED` on a
 *   tenant without the merge; 405 for any method but GET (and HEAD); other query parameters are ignored.
 */
export async function handleMergeApplication(req: IncomingMessage, res: ServerResponse, url: string, ctx: RequestContext): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: transport.getOnly }, { Allow: 'GET' });
  try {
    const q = url.indexOf('?');
    const blank = new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).get('blank') === '1';
    const personId = blank ? null : await ctx.requirePersonId();
    const result = await ctx.services.merge.applicationForm(ctx.scope, personId);
    if (!result.ok) {
      const status = result.code === 'ERROR_NOT_OFFERED' ? 404 : 403;
      return sendJson(res, status, { error: result.code, message: mergeCatalogue.merge.application.error[result.code] });
    }
    res.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(result.value.bytes.length),
      'Content-Disposition': contentDisposition(result.value.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : result.value.bytes);
  } catch (error) {
    if (error instanceof DomainError && SESSION_STATUS[error.code]) return sendJson(res, SESSION_STATUS[error.code]!, { error: error.code, message: error.message });
    sendServerFailure(res, error, ctx.logger, 'merge application');
  }
}
