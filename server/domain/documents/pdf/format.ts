/**
 * Number and date formatting for the generated PDF letters (and the seeded investment report texts), in the form the
 * spec shows to members: `1.234,56 €` (euro sign after the amount, as the spec writes it; `Intl` with `de-AT` would put
 * it first), `31.12.2024`, `5,23 %`. The web app formats its own screens (ARCHITECTURE.md "Money and dates"); a PDF is
 * rendered on the server, so it needs the same conventions here. Integer arithmetic only, so no float rounding shows.
 */

/** Groups the digits of a non-negative integer string by thousands with `.`: `1234567` → `1.234.567`. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * An amount of integer euro cents as `1.234,56 €`; negative amounts with a leading minus (`-1.234,56 €`).
 * A plain space separates the number from the euro sign, so that text extraction finds the same string.
 * @throws RangeError when `cents` is not a safe integer.
 */
export function formatEuro(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatEuro expects integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${groupThousands(String(euros))},${String(rest).padStart(2, '0')} €`;
}

/**
 * An ISO date `YYYY-MM-DD` as `DD.MM.YYYY` (`2024-12-31` → `31.12.2024`). Anything else is returned unchanged
 * (the stored rows hold ISO dates only).
 */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/**
 * Basis points as a German percentage with two decimals: `523` → `5,23 %`, `-1200` → `-12,00 %`, `70` → `0,70 %`.
 * @throws RangeError when `bp` is not a safe integer.
 */
export function formatPercentBp(bp: number): string {
  return `${formatPercentNumberBp(bp)} %`;
}

/** Like `formatPercentBp` without the percent sign: `523` → `5,23`. */
export function formatPercentNumberBp(bp: number): string {
  if (!Number.isSafeInteger(bp)) throw new RangeError(`formatPercentBp expects integer basis points, got ${bp}`);
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  return `${sign}${groupThousands(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}
