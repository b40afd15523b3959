import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedRead } from '../../../db/prepared';
import { fundClients, signingKeys, type FundClientRow, type SigningKeyRow } from '../../../db/schema';

/** Queries of the fund's clients and token signing keys (fund_clients, signing_keys; decision 0050). */
export function createFundAccessStore(db: Db) {
  // Read on every request of the fund's endpoint by the token check: prepared once per process (db/prepared.ts;
  // building them took about a quarter of a memoised work-list read's CPU, decision 0060).
  const clientById = preparedRead('fund_client_by_id', () =>
    db
      .select()
      .from(fundClients)
      .where(eq(fundClients.id, sql.placeholder('id'))),
  );
  const allKeys = preparedRead('fund_signing_keys', () => db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid)));
  return {
    async insertClient(row: FundClientRow): Promise<void> {
      await writeTransaction(db, () => db.insert(fundClients).values(row));
    },
    /** The client with `id`, revoked or not; undefined for an unknown id. */
    async client(id: string): Promise<FundClientRow | undefined> {
      return (await clientById().execute({ id }))[0];
    },
    /** Every client, newest first. */
    async clients(): Promise<FundClientRow[]> {
      return db.select().from(fundClients).orderBy(desc(fundClients.createdAt), desc(fundClients.id));
    },
    /** Marks the client revoked at `nowIso` (unless it already is); resolves to false for an unknown id. */
    async revokeClient(id: string, nowIso: string): Promise<boolean> {
      return writeTransaction(db, async () => {
        const found = (await db.select({ id: fundClients.id }).from(fundClients).where(eq(fundClients.id, id)).limit(1))[0];
        if (!found) return false;
        await db
          .update(fundClients)
          .set({ revokedAt: nowIso })
          .where(and(eq(fundClients.id, id), isNull(fundClients.revokedAt)));
        return true;
      });
    },
    /** Every signing key, newest first (retired ones included: they verify tokens issued before the rotation). */
    async keys(): Promise<SigningKeyRow[]> {
      return allKeys().execute();
    },
    /** Stores a new signing key; when `retireOthersAt` is given, the keys active until now are retired at that instant. */
    async addKey(row: SigningKeyRow, retireOthersAt?: string): Promise<void> {
      await writeTransaction(db, async () => {
        if (retireOthersAt !== undefined) await db.update(signingKeys).set({ retiredAt: retireOthersAt }).where(isNull(signingKeys.retiredAt));
        await db.insert(signingKeys).values(row);
      });
    },
  };
}

export type FundAccessStore = ReturnType<typeof createFundAccessStore>;
