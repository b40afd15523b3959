import { isoDateVienna } from '@contract/dates';

/**
 * Euro amounts as members type them: `85,42`, `85`, `1.000,50` or `85.42` → integer cents; null when it is not an
 * amount with at most two decimals.
 */
export function centsOfEuroText(text: string): number | null {
  const v = text.trim().replace(/\s|€/g, '');
  const grouped = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(v) ? v.replace(/\./g, '') : v;
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(grouped);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them: `8542` → `85,42`. */
export function euroTextOfCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** Today in Vienna (ISO), for the form's own check; the server checks again with its clock. */
export function isoToday(): string {
  return isoDateVienna(Date.now());
}
