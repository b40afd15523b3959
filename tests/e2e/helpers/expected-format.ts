/**
 * Expected screen formats, computed independently of the app's own formatter (schema/contract/format.ts), so a
 * formatter bug cannot hide behind a test that uses the same code.
 */
const euro = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `123456` cents → `1.234,56 €` (no-break space before the euro sign). */
export function expectedMoney(cents: number): string {
  return `${euro.format(cents / 100)}\u00A0€`;
}

/** A stored positive outflow (costs, payments) as shown: with a minus, `4310` → `-43,10 €`; zero stays `0,00 €`. */
export function expectedDeduction(cents: number): string {
  return expectedMoney(cents === 0 ? 0 : -cents);
}

/** `2024-12-31` → `31.12.2024`. */
export function expectedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}
