import { LRUCache } from 'lru-cache';

/**
 * An in-process cache of archived PDF bytes for the download route (decision 0018), keyed by the SHA-256 of the
 * bytes. Content-addressed, so an entry can never be stale: the same key always names the same bytes, and an
 * archived PDF is never rewritten (decision 0018). Bounded in bytes (`DOCUMENT_CACHE_BYTES`); the least recently used
 * entries leave first; a bound of 0 keeps nothing. Only consulted after the authorisation read has found the person's
 * document and its SHA-256, so it never decides who may read what.
 */
export interface ArchiveCache {
  /** The bytes archived under `sha256` (hex), if cached; marks them as recently used. */
  get(sha256: string): Buffer | undefined;
  /** Keeps `bytes` under `sha256`, dropping the least recently used entries beyond the bound (not kept when larger than it). */
  put(sha256: string, bytes: Buffer): void;
  /** Bytes held now (for tests and diagnostics). */
  size(): number;
}

/** A cache holding at most `maxBytes` bytes of PDF content (0: none); the LRU is `lru-cache`'s. */
export function createArchiveCache(maxBytes: number): ArchiveCache {
  if (maxBytes === 0) return { get: () => undefined, put: () => undefined, size: () => 0 };
  const entries = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) });
  return {
    get: (sha256) => entries.get(sha256),
    put(sha256, bytes) {
      if (!entries.has(sha256)) entries.set(sha256, bytes);
    },
    size: () => entries.calculatedSize,
  };
}
