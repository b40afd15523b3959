/**
 * Pure rules for account information (spec 001 section 3). Statements are kept oldest first.
 */
import { isIsoDate } from '@contract/dates';

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
