import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Precompressed variants written at build time (web/precompress.ts), best first; `identity` is the file itself. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export interface StaticOptions {
  /** Source maps (`*.map`) answer 404 when false (production): they would hand anyone the readable source. */
  serveSourceMaps: boolean;
  /**
   * The file `/` answers with (default `index.html`), chosen per request; a name with no file behind it falls back to
   * `index.html`. `/` then varies by `Cookie` (server/http/prerendered-index.ts).
   */
  indexFile?: (req: IncomingMessage) => string;
  /**
   * Rewrites every index page (`index.html` and its variants) before it is sent, once per file and process: the
   * result and its gzip and brotli forms are kept in memory and share one `ETag` (the SHA-256 of the result). Used to
   * put the client configuration into the page (server/http/served-config.ts).
   */
  transformIndex?: (html: string) => string;
}

/** An index page rewritten by `transformIndex`, with its compressed forms. */
interface MemoryFile {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function memoryFile(file: string, transform: (html: string) => string): MemoryFile {
  const identity = Buffer.from(transform(readFileSync(file, 'utf8')), 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

function fileStats(file: string): Stats | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The encoding of `available` (best first) the request accepts, or undefined when it refuses them all. At equal
 * q-values the server's order decides (brotli before gzip), not the order the client lists them in: negotiator takes
 * that preference as a second argument, which its type declarations omit.
 */
function acceptedEncoding(req: IncomingMessage, available: string[]): string | undefined {
  const negotiate = Negotiator.prototype.encoding as (available: string[], preferred: string[]) => string | undefined;
  return negotiate.call(new Negotiator(req), available, available);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
}

/**
 * Serves the built web app (dist/web).
 *
 * - `/` is index.html; a folder's path ending in `/` is the folder's index.html (the workbench, `/backoffice/`), and
 *   the folder's path without the slash is redirected (308) to it.
 * - Hashed files under `assets/` are `Cache-Control: public, max-age=31536000, immutable`;
 *   everything else (index.html, favicon, manifest) is `no-cache` with an `ETag`, answered 304 when unchanged.
 * - Text files with a precompressed `.br`/`.gz` variant beside them are sent in the encoding the browser prefers
 *   among those it accepts (`Accept-Encoding`, q-values honoured), with `Content-Encoding` and
 *   `Vary: Accept-Encoding`; the variant files themselves are never served by their own names.
 * - Source maps answer 404 unless `serveSourceMaps` (development).
 * - `/` answers with `indexFile(req)` when given and present (the prerendered index variants), with `Vary: Cookie`.
 * - Index pages go through `transformIndex` when given (kept in memory, see there).
 * - Paths outside the folder, dot files and unknown files answer 404; methods other than GET and HEAD 405.
 */
export function createStaticHandler(root: string, options: StaticOptions = { serveSourceMaps: true }) {
  const base = resolve(root);
  const memory = new Map<string, MemoryFile>();
  return function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    const variant = decoded === '/' && options.indexFile ? options.indexFile(req) : undefined;
    const index = variant && !variant.includes('/') && fileStats(join(base, variant)) ? variant : 'index.html';
    // A folder's path ending in `/` is its index.html: the workbench at `/backoffice/` (decision 0054).
    const folderIndex = decoded !== '/' && decoded.endsWith('/') ? 'index.html' : '';
    const relative = decoded === '/' ? index : normalize(decoded + folderIndex).replace(/^([/\\])+/, '');
    const file = join(base, relative);
    const inside = (file === base || file.startsWith(base + sep)) && !relative.split(/[/\\]/).some((p) => p.startsWith('.'));
    const extension = extname(file);
    const hiddenVariant = extension === '.br' || extension === '.gz' || (extension === '.map' && !options.serveSourceMaps);
    const stats = inside && !hiddenVariant ? fileStats(file) : undefined;
    if (!stats) {
      // A folder named without its `/` (`/backoffice`): its page's relative asset links need the slash.
      if (inside && !hiddenVariant && !folderIndex && fileStats(join(file, 'index.html'))) {
        res.writeHead(308, { Location: `${pathname}/`, 'Content-Type': 'text/plain; charset=utf-8' }).end('Permanent Redirect');
        return;
      }
      return notFound(res);
    }

    const immutable = relative.startsWith('assets' + sep) || relative.startsWith('assets/');
    const isIndex = /^index(\.[\w-]+)?\.html$/.test(relative);
    if (isIndex && options.transformIndex) {
      let page = memory.get(relative);
      if (!page) memory.set(relative, (page = memoryFile(file, options.transformIndex)));
      return sendMemoryFile(req, res, page, variant !== undefined);
    }
    const variants = ENCODINGS.map((e) => ({ ...e, stats: fileStats(file + e.suffix) })).filter((e) => e.stats);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const vary = [...(variants.length > 0 ? ['Accept-Encoding'] : []), ...(variant ? ['Cookie'] : [])];
    if (vary.length > 0) headers.Vary = vary.join(', ');
    const available = [...variants.map((v) => v.name), 'identity'];
    const accepted = variants.length > 0 ? acceptedEncoding(req, available) : 'identity';
    const chosen = variants.find((v) => v.name === accepted);
    const sent = chosen ? { path: file + chosen.suffix, size: chosen.stats!.size } : { path: file, size: stats.size };
    if (chosen) headers['Content-Encoding'] = chosen.name;

    // One validator for the resource in every encoding: the variant is derived from the file at build time.
    const etag = `W/"${stats.size.toString(16)}-${Math.trunc(stats.mtimeMs).toString(16)}"`;
    headers.ETag = etag;
    if (!immutable && req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control']!, ...(headers.Vary ? { Vary: headers.Vary } : {}) }).end();
      return;
    }
    if (!accepted) {
      // Every encoding we have was refused, identity included (`Accept-Encoding: identity;q=0`).
      res.writeHead(406, { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Accept-Encoding' }).end('Not Acceptable');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(sent.size) });
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent.path).pipe(res);
  };
}

/** Answers an index page kept in memory: negotiated encoding, `no-cache` with its ETag, 304 when unchanged. */
function sendMemoryFile(req: IncomingMessage, res: ServerResponse, page: MemoryFile, varyCookie: boolean): void {
  const vary = varyCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
  if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(page.etag)) {
    res.writeHead(304, { ETag: page.etag, 'Cache-Control': 'no-cache', Vary: vary }).end();
    return;
  }
  const accepted = acceptedEncoding(req, ['br', 'gzip', 'identity']);
  if (!accepted) {
    res.writeHead(406, { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Accept-Encoding' }).end('Not Acceptable');
    return;
  }
  const body = accepted === 'br' ? page.br : accepted === 'gzip' ? page.gzip : page.identity;
  res.writeHead(200, {
    'Content-Type': TYPES['.html']!,
    'Cache-Control': 'no-cache',
    Vary: vary,
    ETag: page.etag,
    'Content-Length': String(body.length),
    ...(accepted === 'identity' ? {} : { 'Content-Encoding': accepted }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
