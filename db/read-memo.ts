import type { Db } from './client';

/**
 * `read` with its answers kept per key until anything is committed to the database (decision 0038: the response
 * cache's session check, read on every hit).
 *
 * - SQLite: before each call, `db.dataVersion()` (`PRAGMA data_version` of the reading connection) says whether any
 *   connection of any process has committed since the previous call; if so, every kept answer is dropped. A kept
 *   answer is therefore always what `read` would answer now.
 * - PostgreSQL (`dataVersion()` is null): `read` runs every time.
 *
 * Only defined answers are kept, at most `maxEntries` (all are dropped when the limit is reached). The answers are
 * shared between callers: treat them as read-only. Outside transactions only: inside one, a kept answer may miss the
 * transaction's own uncommitted writes, so use `read` itself there.
 */
export function memoUntilCommit<V>(db: Db, read: (key: string) => Promise<V | undefined>, maxEntries: number): (key: string) => Promise<V | undefined> {
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be an integer ≥ 1, got ${maxEntries}`);
  const kept = new Map<string, V>();
  let keptAt: number | null = null;
  return async (key) => {
    const version = db.dataVersion();
    if (version === null) return read(key);
    if (version !== keptAt) {
      kept.clear();
      keptAt = version;
    }
    const known = kept.get(key);
    if (known !== undefined) return known;
    const answer = await read(key);
    // Kept only under the version read before it: a commit while `read` ran makes the answer newer than that version,
    // and the next call drops it; a call in between that saw a newer version (and dropped everything) keeps it out.
    if (answer !== undefined && keptAt === version) {
      if (kept.size >= maxEntries) kept.clear();
      kept.set(key, answer);
    }
    return answer;
  };
}
