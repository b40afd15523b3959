import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** File endings worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** Files smaller than this (bytes) are left alone: the encoding headers would cost more than they save. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of at least
 * PRECOMPRESS_MIN_BYTES under `root`, recursively, so that the server sends the smaller variant the browser accepts
 * without compressing at request time (server/http/static.ts). A variant that is not smaller than the original is
 * not written. Returns the files compressed, relative to `root`.
 */
export function precompressFolder(root: string): string[] {
  const done: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const relative = prefix ? `${prefix}/${name}` : name;
      if (statSync(full).isDirectory()) {
        walk(full, relative);
        continue;
      }
      if (!COMPRESSIBLE_EXTENSIONS.has(extname(name))) continue;
      const body = readFileSync(full);
      if (body.length < PRECOMPRESS_MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) writeFileSync(`${full}.br`, br);
      if (gz.length < body.length) writeFileSync(`${full}.gz`, gz);
      done.push(relative);
    }
  };
  walk(root, '');
  return done;
}
