import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isoInstant } from '../../platform/shared/clock';
import { createCaptchaStore } from '../../modules/captcha/captcha.store';
import type { AppDeps } from '../../platform/deps';

/** Path of the fund's download of a claim's file (decision 0056); served by server/fund/http/claim-file.ts. */
export const FUND_CLAIM_FILE_PATH = '/fund/claim-file';
/** Seconds a download link of a claim file is valid. */
export const CLAIM_FILE_LINK_SECONDS = 300;
/** Name of the installation's generated HMAC key of the links in `install_secrets` (shared by every process). */
const SECRET_NAME = 'fund.claim-file-links.hmac';

/** Why a link is refused. */
export type ClaimFileLinkRefusal = 'invalid' | 'expired';

/**
 * Short-lived download links of claim files for the fund's API (decision 0056). A link is
 * `/fund/claim-file?file=<id>&exp=<unix seconds>&sig=<HMAC-SHA256, base64url>`, the HMAC over the file id, the
 * expiry and the id of the client it was handed to, with the installation's key. The client id is not in the link:
 * the download needs that client's bearer token (with claims:read) as well, so a link alone opens nothing and a
 * token opens only the links handed to its own client, for CLAIM_FILE_LINK_SECONDS.
 */
export function createClaimFileLinks(deps: Pick<AppDeps, 'db' | 'clock'>) {
  let key: Promise<string> | undefined;
  const hmacKey = () => {
    key ??= createCaptchaStore(deps.db)
      .secret(SECRET_NAME, randomBytes(32).toString('hex'), isoInstant(deps.clock.now()))
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      });
    return key;
  };
  const mac = async (fileId: number, exp: number, clientId: string) =>
    createHmac('sha256', await hmacKey())
      .update(`${fileId}\n${exp}\n${clientId}`)
      .digest();

  return {
    /** A link to file `fileId` for client `clientId`, under `origin`, and its expiry (ISO instant). */
    async sign(origin: string, fileId: number, clientId: string): Promise<{ url: string; expiresAt: string }> {
      const exp = Math.floor(deps.clock.now() / 1000) + CLAIM_FILE_LINK_SECONDS;
      const sig = (await mac(fileId, exp, clientId)).toString('base64url');
      return { url: `${origin}${FUND_CLAIM_FILE_PATH}?file=${fileId}&exp=${exp}&sig=${sig}`, expiresAt: isoInstant(exp * 1000) };
    },

    /**
     * The file id of a link's query (`file`, `exp`, `sig`, each once) for client `clientId`: `invalid` for anything
     * malformed or a signature that is not this client's; `expired` once `exp` has passed by the clock.
     */
    async verify(query: URLSearchParams, clientId: string): Promise<{ fileId: number } | { refused: ClaimFileLinkRefusal }> {
      const one = (name: string) => (query.getAll(name).length === 1 ? query.get(name)! : null);
      const [file, exp, sig] = [one('file'), one('exp'), one('sig')];
      if (!file || !exp || !sig || !/^[1-9]\d{0,14}$/.test(file) || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { refused: 'invalid' };
      const expected = await mac(Number(file), Number(exp), clientId);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' };
      if (Number(exp) * 1000 <= deps.clock.now()) return { refused: 'expired' };
      return { fileId: Number(file) };
    },
  };
}

export type ClaimFileLinks = ReturnType<typeof createClaimFileLinks>;

const perProcess = new WeakMap<object, ClaimFileLinks>();

/** The process's link signer (one per AppDeps, so the key is read once). */
export function claimFileLinksOf(deps: Pick<AppDeps, 'db' | 'clock'>): ClaimFileLinks {
  let links = perProcess.get(deps);
  if (!links) {
    links = createClaimFileLinks(deps);
    perProcess.set(deps, links);
  }
  return links;
}
