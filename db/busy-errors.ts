/**
 * Which driver errors mean "the database is busy, try again" (decision 0013): SQLite's lock errors and PostgreSQL's
 * serialization failures, deadlocks and lock time-outs, found in an error's `cause` chain.
 */

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

export function isRetryablePgError(error: unknown): boolean {
  return errorCodes(error).some((c) => c === '40001' || c === '40P01');
}

/**
 * True when `error` (or an error in its `cause` chain, as Drizzle wraps driver errors in DrizzleQueryError) says the
 * database is busy: SQLite's SQLITE_BUSY/SQLITE_LOCKED (another connection held the lock longer than the busy
 * timeout), PostgreSQL's serialization failure or deadlock after every retry (40001, 40P01) and lock timeout (55P03).
 * Such a failure is temporary and nothing of the failed transaction was written, so transports answer "try again"
 * (REST 503) instead of an internal error.
 */
export function isDatabaseBusyError(error: unknown): boolean {
  return errorCodes(error).some((c) => /^SQLITE_(BUSY|LOCKED)(_|$)/.test(c) || c === '40001' || c === '40P01' || c === '55P03');
}
