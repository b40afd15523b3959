/**
 * Pure rules for account information (spec 001 section 3). Statements are kept oldest first.
 */

/** A Stichtag as the routes carry it: an ISO date `YYYY-MM-DD` that exists in the calendar. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The statement at `stichtag`, or the newest when `stichtag` is null/undefined. A malformed or unknown date
 * gives null, never another statement.
 */
export function pickStatement<S extends { stichtag: string }>(statements: readonly S[], stichtag?: string | null): S | null {
  if (stichtag === undefined || stichtag === null) return statements.at(-1) ?? null;
  if (!isIsoDate(stichtag)) return null;
  return statements.find((s) => s.stichtag === stichtag) ?? null;
}

/** Reference dates, newest first. */
export function stichtageOf(statements: readonly { stichtag: string }[]): string[] {
  return statements.map((s) => s.stichtag).reverse();
}
