import { describe, expect, it } from 'vitest';
import { createArchiveCache } from '../../server/modules/documents/archive-cache';

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

describe('archive cache (archived PDF bytes by SHA-256, DOCUMENT_CACHE_BYTES)', () => {
  it('answers what was put under a digest and holds at most its bound, dropping the least recently used first', () => {
    const cache = createArchiveCache(100);
    cache.put('a', bytes(40, 1));
    cache.put('b', bytes(40, 2));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recently used
    cache.put('c', bytes(40, 3)); // 120 bytes: b, the least recently used, leaves
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.[0]).toBe(1);
    expect(cache.get('c')?.[0]).toBe(3);
    expect(cache.size()).toBe(80);
  });

  it('keeps nothing larger than its bound, and nothing at all with a bound of 0', () => {
    const small = createArchiveCache(10);
    small.put('big', bytes(11, 1));
    expect(small.get('big')).toBeUndefined();
    expect(small.size()).toBe(0);
    const off = createArchiveCache(0);
    off.put('a', bytes(1, 1));
    expect(off.get('a')).toBeUndefined();
    expect(off.size()).toBe(0);
  });

  it('counts a digest put twice once', () => {
    const cache = createArchiveCache(100);
    cache.put('a', bytes(30, 1));
    cache.put('a', bytes(30, 1));
    expect(cache.size()).toBe(30);
  });
});
