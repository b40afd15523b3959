import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition } from '../../modules/documents/documents.rules';
import { sendJson, sendServerFailure } from '../../http/answers';
import { principalKey } from '../access/scopes';
import type { FundTokens } from '../access/fund-tokens';
import { claimFileLinksOf } from '../claims/claim-file-links';
import { createFundClaimsRead } from '../claims/claims.read';
import type { StaffService } from '../staff/staff.service';
import type { StaffStore } from '../staff/staff.store';
import type { FundPrincipal } from '../access/scopes';
import { isoInstant } from '../../platform/shared/clock';
import { bearerPrincipal } from './fund-graphql';

/**
 * The CSP of an inline answer (`inline=1`): the portal's policy with `frame-ancestors 'self'`, so the workbench's own
 * page may show the PDF in an <iframe> (decision 0056); every other answer keeps `frame-ancestors` as configured.
 */
export function inlineFramePolicy(policy: string): string {
  return policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");
}

/**
 * `GET /fund/claim-file?file=…&exp=…&sig=…` (decision 0056): a file of a severance claim for the fund's core system,
 * by the short-lived link `FundClaimDocument.downloadUrl` handed out (server/fund/claims/claim-file-links.ts), with the
 * bearer token of the client it was handed to. Never the members' cookie.
 *
 * The staff workbench (decision 0054) opens the same links with its session cookie instead of a token (no
 * Authorization header): the link must have been signed for that staff person (`principalKey`), and each answered file
 * is a READ row `claimFile` of the member in the staff audit trail, written before the bytes leave.
 *
 * - 200 with the file's content type, `Content-Disposition: attachment` (`inline` with `inline=1`, which the HMAC does
 *   not cover: it changes only how the reader shows the same bytes; its CSP allows framing by the portal's own pages),
 *   `Cache-Control: no-store`, `nosniff`.
 * - 401 without a token or with one that does not verify (as /fund/graphql), or an ended or idle staff session; 403 `insufficient_scope` without
 *   claims:read; 403 `LINK_INVALID` for a malformed link or a signature that is not this client's (changed id,
 *   expiry or signature); 410 `LINK_EXPIRED` after its CLAIM_FILE_LINK_SECONDS; 404 when the file is gone; 405 for
 *   another method than GET.
 */
export function createClaimFileRoute(
  deps: AppDeps,
  tokensFor: (req: IncomingMessage) => FundTokens,
  staffDoor?: { staff: StaffService; tokenOf: (req: IncomingMessage) => string | undefined; store: StaffStore },
) {
  const read = createFundClaimsRead(deps.db);
  /** The staff principal of the session cookie (no Authorization header), null after answering 401, or undefined: no cookie. */
  async function staffPrincipal(req: IncomingMessage, res: ServerResponse): Promise<FundPrincipal | null | undefined> {
    const token = req.headers.authorization === undefined ? staffDoor?.tokenOf(req) : undefined;
    if (token === undefined || !staffDoor) return undefined;
    const checked = await staffDoor.staff.check(token);
    if (checked) return checked.principal;
    sendJson(res, 401, { error: 'UNAUTHENTICATED', message: 'The staff session is missing, ended or idle; sign in again.' });
    return null;
  }
  return async function handle(req: IncomingMessage, res: ServerResponse, search: string): Promise<void> {
    try {
      if (req.method !== 'GET') return sendJson(res, 405, { error: 'METHOD_NOT_ALLOWED', message: 'Use GET.' }, { Allow: 'GET' });
      const staff = await staffPrincipal(req, res);
      const principal = staff === undefined ? await bearerPrincipal(deps, tokensFor, req, res) : staff;
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
      if (principal.kind === 'staff') {
        // Decision 0054: no record, no answer (a failing insert ends in the 500 below, before any byte is sent).
        await staffDoor!.store.audit([
          {
            staffId: principal.staffId,
            at: isoInstant(deps.clock.now()),
            personId: file.personId,
            kind: 'READ',
            what: 'claimFile',
            target: `claim-file:${file.id}`,
            before: null,
            after: null,
          },
        ]);
      }
      // Exactly one `inline=1` (as the link's own parameters, each once); anything else keeps the download.
      const asked = new URLSearchParams(search).getAll('inline');
      const inline = asked.length === 1 && asked[0] === '1';
      const policy = res.getHeader('Content-Security-Policy');
      if (inline && typeof policy === 'string') res.setHeader('Content-Security-Policy', inlineFramePolicy(policy));
      const disposition = contentDisposition(file.fileName);
      res
        .writeHead(200, {
          'Content-Type': file.contentType,
          'Content-Length': String(file.content.length),
          'Content-Disposition': inline ? disposition.replace(/^attachment/, 'inline') : disposition,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .end(file.content);
    } catch (error) {
      sendServerFailure(res, error, deps.logger, 'fund claim file');
    }
  };
}
