/**
 * Idempotent form submissions (docs/scaling.md). `withIdempotencyKey` runs a submission once per
 * (person, scope, key): the first successful answer is stored with the change, in the same write transaction, and a
 * repeated submission with the same key and the same input gets that answer without running again, on any process
 * or machine. Keys are kept 24 hours (`IDEMPOTENCY_KEY_HOURS`; the `idempotency-keys.purge` job deletes older ones).
 *
 * Usage in a service (the inbox and claim forms):
 *
 * ```ts
 * return idempotency.withIdempotencyKey('submitClaim', personId, input.idempotencyKey, input, () => submit(input));
 * ```
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_PATTERN } from '@contract/idempotency';
import { writeTransaction, type Db } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { isoInstant, type Clock } from '../shared/clock';
import { err, ok, type Err, type Result } from '../shared/result';

/** How long a stored answer is replayed (hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Error codes `withIdempotencyKey` adds to the submission's own: a malformed key, or a key reused with other input. */
export type IdempotencyError = 'IDEMPOTENCY_KEY_INVALID' | 'IDEMPOTENCY_KEY_REUSED';

/** JSON with object keys sorted at every level, so equal input gives an equal fingerprint. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Carries an `Err` out of the transaction so that everything the refused submission wrote is rolled back. */
class Refused {
  constructor(readonly result: Err) {}
}

export function createIdempotency(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Runs `submit` once for (`personId`, `scope`, `key`). `input` is the submitted data (its fingerprint is stored
     * with the key; the key itself may be part of it).
     *
     * - First submission: `submit` runs inside one write transaction; an ok answer is stored with its changes (its
     *   value must be JSON: numbers, strings, booleans, null, arrays, plain objects); an error answer rolls back
     *   whatever `submit` wrote and stores nothing, so the member can correct the form and send it again with the
     *   same key.
     * - Same key and same input again: the stored ok answer, `submit` does not run (also while the first one is still
     *   running on another process: it waits for the write lock, PostgreSQL retries the serialisable transaction).
     * - Same key, other input: `IDEMPOTENCY_KEY_REUSED`; a malformed key: `IDEMPOTENCY_KEY_INVALID` with the field
     *   error `{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_INVALID' }`. Nothing is written then.
     *
     * `submit` must have no effect outside the database (mails go through the outbox, which joins the transaction):
     * on PostgreSQL a submission that conflicts with a concurrent one is rolled back and run again (writeTransaction),
     * so `submit` may be called more than once although only one run's writes stay.
     */
    async withIdempotencyKey<T, E extends string>(
      scope: string,
      personId: number,
      key: string,
      input: unknown,
      submit: () => Promise<Result<T, E>>,
    ): Promise<Result<T, E | IdempotencyError>> {
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return err('IDEMPOTENCY_KEY_INVALID', [{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_INVALID' }]);
      const fingerprint = createHash('sha256').update(stableJson(input)).digest('base64url');
      try {
        return await writeTransaction(db, async (): Promise<Result<T, E | IdempotencyError>> => {
          const where = and(eq(idempotencyKeys.personId, personId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
          const [prior] = await db.select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response }).from(idempotencyKeys).where(where);
          if (prior) return prior.fingerprint === fingerprint ? ok(JSON.parse(prior.response) as T) : err('IDEMPOTENCY_KEY_REUSED');
          const result = await submit();
          if (!result.ok) throw new Refused(result);
          await db.insert(idempotencyKeys).values({ personId, scope, key, fingerprint, response: JSON.stringify(result.value ?? null), createdAt: isoInstant(clock.now()) });
          return result;
        });
      } catch (error) {
        if (error instanceof Refused) return error.result as Err<E>;
        throw error;
      }
    },

    /** Deletes keys older than IDEMPOTENCY_KEY_HOURS; resolves to how many. */
    async purgeExpired(): Promise<number> {
      const before = isoInstant(clock.now() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
      const gone = await writeTransaction(db, () => db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key }));
      return gone.length;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
