import { eq, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { captchaSolutions, installSecrets } from '../../../db/schema';

/** Queries of the captcha tables (install_secrets, captcha_solutions). */
export function createCaptchaStore(db: Db) {
  return {
    /**
     * The installation's secret `name`: the stored one, or `generated` stored first when there is none yet. Two
     * processes starting at once both end with the value the first insert stored (insert-or-ignore, then read).
     */
    async secret(name: string, generated: string, nowIso: string): Promise<string> {
      await writeTransaction(db, () => db.insert(installSecrets).values({ name, value: generated, createdAt: nowIso }).onConflictDoNothing());
      const rows = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name)).limit(1);
      const value = rows[0]?.value;
      if (value === undefined) throw new Error(`install secret ${name} could not be stored`);
      return value;
    },
    /**
     * Records the challenge of an accepted solution; resolves to false when it was recorded before (a replay, also from
     * another process). Joins the caller's write transaction.
     */
    async use(challenge: string, expiresAt: string, usedAt: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db.insert(captchaSolutions).values({ challenge, expiresAt, usedAt }).onConflictDoNothing().returning({ challenge: captchaSolutions.challenge }),
      );
      return rows.length === 1;
    },
    /** True when the solution of `challenge` was accepted before (by any process). */
    async isUsed(challenge: string): Promise<boolean> {
      const rows = await db.select({ challenge: captchaSolutions.challenge }).from(captchaSolutions).where(eq(captchaSolutions.challenge, challenge)).limit(1);
      return rows.length === 1;
    },
    /** Deletes the records of solutions whose challenge expired before `nowIso`; resolves to how many. */
    async purgeBefore(nowIso: string): Promise<number> {
      const rows = await writeTransaction(db, () => db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, nowIso)).returning({ challenge: captchaSolutions.challenge }));
      return rows.length;
    },
  };
}

export type CaptchaStore = ReturnType<typeof createCaptchaStore>;
