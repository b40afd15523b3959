import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, writeTransaction } from './client';
import { memoUntilCommit } from './read-memo';
import { dataVersions } from './schema';

/**
 * `memoUntilCommit` on SQLite: a kept answer is used only while nothing was committed, by this handle's writer,
 * another handle on the same file (another process) or a plain SQLite connection (a tool).
 */
const dir = mkdtempSync(join(tmpdir(), 'read-memo-'));
const path = join(dir, 'portal.db');
let db: Db;
let other: Db;

beforeAll(async () => {
  db = await openDatabase(path);
  other = await openDatabase(path, { migrate: false });
  await writeTransaction(db, async () => {
    await db.insert(dataVersions).values([
      { scope: 'a', version: 1 },
      { scope: 'b', version: 1 },
    ]);
  });
});

afterAll(async () => {
  await db.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A memoised read of a scope's version, counting how often the database is read. */
function countedRead() {
  let reads = 0;
  const read = memoUntilCommit(
    db,
    async (scope: string) => {
      reads++;
      return (await db.select({ version: dataVersions.version }).from(dataVersions).where(eq(dataVersions.scope, scope)))[0];
    },
    2,
  );
  return { read, reads: () => reads };
}

async function bump(on: Db, scope: string, version: number): Promise<void> {
  await writeTransaction(on, async () => {
    await on.update(dataVersions).set({ version }).where(eq(dataVersions.scope, scope));
  });
}

describe('memoUntilCommit (SQLite)', () => {
  it('answers a kept answer without reading while nothing is committed', async () => {
    const { read, reads } = countedRead();
    expect(await read('a')).toEqual({ version: 1 });
    expect(await read('a')).toEqual({ version: 1 });
    expect(await read('a')).toEqual({ version: 1 });
    expect(reads()).toBe(1);
  });

  it('reads again after a commit through the same handle', async () => {
    const { read, reads } = countedRead();
    await read('a');
    await bump(db, 'a', 2);
    expect(await read('a')).toEqual({ version: 2 });
    expect(reads()).toBe(2);
  });

  it('reads again after a commit through another handle on the same file (another process)', async () => {
    const { read } = countedRead();
    await read('a');
    await bump(other, 'a', 3);
    expect(await read('a')).toEqual({ version: 3 });
  });

  it('reads again after a commit of a plain SQLite connection, also one to another row', async () => {
    const { read, reads } = countedRead();
    await read('a');
    const tool = new Database(path);
    try {
      tool.prepare("UPDATE data_versions SET version = 9 WHERE scope = 'b'").run();
    } finally {
      tool.close();
    }
    expect(await read('a')).toEqual({ version: 3 });
    expect(reads()).toBe(2);
    expect(await read('b')).toEqual({ version: 9 });
  });

  it('keeps no missing answer and at most maxEntries answers', async () => {
    const { read, reads } = countedRead();
    expect(await read('missing')).toBeUndefined();
    expect(await read('missing')).toBeUndefined();
    expect(reads()).toBe(2);
    await read('a');
    await read('b');
    await read('a');
    expect(reads()).toBe(4);
    // A third key drops the two kept ones.
    await bump(db, 'a', 4);
    await writeTransaction(db, async () => {
      await db.insert(dataVersions).values({ scope: 'c', version: 1 });
    });
    await read('a');
    await read('b');
    await read('c');
    await read('a');
    expect(reads()).toBe(8);
    expect(await read('a')).toEqual({ version: 4 });
  });

  it('refuses a limit below one', () => {
    expect(() => memoUntilCommit(db, async () => undefined, 0)).toThrow(RangeError);
  });
});
