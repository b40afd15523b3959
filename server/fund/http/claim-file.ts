import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../app-deps';
import { contentDisposition } from '../../domain/documents/documents.rules';
import { sendJson, sendServerFailure } from '../../http/answers';
import { principalKey } from '../access/scopes';
import type { FundTokens } from '../access/fund-tokens';
import { claimFileLinksOf } from '../claims/claim-file-links';
import { createFundClaimsRead } from '../claims/claims.read';
import { bearerPrincipal } from './fund-graphql';

/**
 * `GET /fund/claim-file?file=…&exp=…&sig=…` (decision 0056): a file of a severance claim for the fund's core system,
 * by the short-lived link `FundClaimDocument.downloadUrl` handed out (server/fund/claims/claim-file-links.ts), with the
 * bearer token of the client it was handed to. Never the members' cookie.
 *
 * - 200 with the file's content type, `Content-Disposition: attachment`, `Cache-Control: no-store`, `nosniff`.
 * - 401 without a token or with one that does not verify (as /fund/graphql); 403 `insufficient_scope` without
 *   claims:read; 403 `LINK_INVALID` for a malformed link or a signature that is not this client's (changed id,
 *   expiry or signature); 410 `LINK_EXPIRED` after its CLAIM_FILE_LINK_SECONDS; 404 when the file is gone; 405 for
 *   another method than GET.
 */
export function createClaimFileRoute(deps: AppDeps, tokensFor: (req: IncomingMessage) => FundTokens) {
  const read = createFundClaimsRead(deps.db);
  return async function handle(req: IncomingMessage, res: ServerResponse, search: string): Promise<void> {
    try {
      if (req.method !== 'GET') return sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: 'Use GET.' }, { Allow: 'GET' });
      const principal = await bearerPrincipal(deps, tokensFor, req, res);
      if (!principal) return;
      if (!principal.scopes.has('claims:read')) {
        return sendJson(
          res,
          403,
          { error: 'insufficient_scope', message: 'This download needs the scope claims:read.' },
          { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="claims:read"' },
        );
      }
      const link = await claimFileLinksOf(deps).verify(new URLSearchParams(search), principalKey(principal));
      if ('refused' in link) {
        return link.refused === 'expired'
          ? sendJson(res, 410, { error: 'LINK_EXPIRED', message: 'The link has expired; read the claim again for a new one.' })
          : sendJson(res, 403, { error: 'LINK_INVALID', message: 'The link is not valid for this client.' });
      }
      const file = await read.file(link.fileId);
      if (!file) return sendJson(res, 404, { error: 'NOT_FOUND', message: 'The file no longer exists.' });
      res
        .writeHead(200, {
          'Content-Type': file.contentType,
          'Content-Length': String(file.content.length),
          'Content-Disposition': contentDisposition(file.fileName),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .end(file.content);
    } catch (error) {
      sendServerFailure(res, error, deps.logger, 'fund claim file');
    }
  };
}
