import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, type Db, inWriteTransaction, openDatabase, runningTransactionCount, writeTransaction } from './client';
import { dataVersions } from './schema';

/**
 * The transaction context of db/client.ts is switched off between transactions (its AsyncLocalStorage is disabled
 * when the last running transaction settles, so Node's async hooks stop). These tests hold that this changes
 * nothing a store can see: nested calls still join, overlapping transactions of two handles keep their own context,
 * `afterCommit` still waits for the commit.
 */
const dir = mkdtempSync(join(tmpdir(), 'tx-context-'));
let a: Db;
let b: Db;

beforeAll(async () => {
  a = await openDatabase(join(dir, 'a.db'));
  b = await openDatabase(join(dir, 'b.db'));
});

afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

async function versionOf(db: Db, scope: string): Promise<number | undefined> {
  return (await db.select({ version: dataVersions.version }).from(dataVersions).where(eq(dataVersions.scope, scope)))[0]?.version;
}

/** A promise with its resolver, to hold a transaction open while another one runs. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('transaction context between transactions', () => {
  it('counts a running transaction and none once it has settled, committed or rolled back', async () => {
    expect(runningTransactionCount()).toBe(0);
    await writeTransaction(a, async () => {
      expect(runningTransactionCount()).toBe(1);
      expect(inWriteTransaction()).toBe(true);
      await a.insert(dataVersions).values({ scope: 'count', version: 1 });
    });
    expect(runningTransactionCount()).toBe(0);
    expect(inWriteTransaction()).toBe(false);
    await expect(
      writeTransaction(a, async () => {
        await a.update(dataVersions).set({ version: 2 }).where(eq(dataVersions.scope, 'count'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(runningTransactionCount()).toBe(0);
    expect(await versionOf(a, 'count')).toBe(1);
  });

  it('lets a nested call join its transaction after earlier transactions switched the context off', async () => {
    await writeTransaction(a, async () => {
      await a.insert(dataVersions).values({ scope: 'earlier', version: 1 });
    });
    await expect(
      writeTransaction(a, async () => {
        await a.insert(dataVersions).values({ scope: 'outer', version: 1 });
        // After an await inside the transaction, the nested call still finds it (else it would wait for the mutex
        // this transaction holds, and never finish).
        await writeTransaction(a, async () => {
          await a.insert(dataVersions).values({ scope: 'nested', version: 1 });
        });
        throw new Error('roll back both');
      }),
    ).rejects.toThrow('roll back both');
    expect(await versionOf(a, 'outer')).toBeUndefined();
    expect(await versionOf(a, 'nested')).toBeUndefined();
  });

  it('keeps the context of a transaction that is still running when another one settles', async () => {
    const aStarted = gate();
    const aMayEnd = gate();
    const first = writeTransaction(a, async () => {
      await a.insert(dataVersions).values({ scope: 'first', version: 1 });
      aStarted.open();
      await aMayEnd.promise;
    });
    await aStarted.promise;
    const second = writeTransaction(b, async () => {
      expect(runningTransactionCount()).toBe(2);
      aMayEnd.open();
      await first;
      // The first transaction has settled; this one still runs in its own.
      expect(runningTransactionCount()).toBe(1);
      expect(inWriteTransaction()).toBe(true);
      await b.insert(dataVersions).values({ scope: 'second', version: 1 });
      await writeTransaction(b, async () => {
        await b.insert(dataVersions).values({ scope: 'second-nested', version: 1 });
      });
      throw new Error('roll back the second');
    });
    await expect(second).rejects.toThrow('roll back the second');
    expect(await versionOf(a, 'first')).toBe(1);
    expect(await versionOf(b, 'second')).toBeUndefined();
    expect(await versionOf(b, 'second-nested')).toBeUndefined();
    expect(runningTransactionCount()).toBe(0);
  });

  it('runs afterCommit callbacks after the commit, with the context switched off', async () => {
    const seen: (number | undefined)[] = [];
    const done = gate();
    await writeTransaction(a, async () => {
      await a.insert(dataVersions).values({ scope: 'after', version: 7 });
      afterCommit(() => {
        void versionOf(a, 'after').then((v) => {
          seen.push(v);
          done.open();
        });
      });
      expect(seen).toEqual([]);
    });
    await done.promise;
    expect(seen).toEqual([7]);
    expect(inWriteTransaction()).toBe(false);
  });
});
