/**
 * Austrian social insurance number (Sozialversicherungsnummer, SVNR). Source: DOMAIN.md "Social insurance
 * number"; the same algorithm as python-stdnum `stdnum/at/vnr.py`.
 *
 * Ten digits: serial (3), check digit (1), usually the birth date DDMMYY (6). The digits are weighted
 * 3, 7, 9, 0, 5, 8, 4, 2, 1, 6; the sum modulo 11 is the check digit. A remainder of 10 is never issued.
 * The birth-date part is not validated as a calendar date (unknown birth dates use other values).
 */
const WEIGHTS = [3, 7, 9, 0, 5, 8, 4, 2, 1, 6] as const;

/** Check digit for the nine non-check digits of `svnr` (positions 1-3 and 5-10), or null when it would be 10. */
export function svnrCheckDigit(svnr: string): number | null {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(svnr[i]) * WEIGHTS[i]!;
  const rest = sum % 11;
  return rest === 10 ? null : rest;
}

/** True when `value` (spaces allowed) is a well-formed SVNR with a correct check digit. */
export function isValidSvnr(value: string): boolean {
  const svnr = normalizeSvnr(value);
  if (!/^[1-9]\d{9}$/.test(svnr)) return false;
  return svnrCheckDigit(svnr) === Number(svnr[3]);
}

/** Removes spaces and separators a member may type ("1237 010180" → "1237010180"). */
export function normalizeSvnr(value: string): string {
  return value.replace(/[\s./-]/g, '');
}

/**
 * Builds a valid SVNR from a three-digit serial (100-999) and a birth date (YYYY-MM-DD), or null when that
 * serial gives the never-issued remainder 10.
 */
export function makeSvnr(serial: number, birthDate: string): string | null {
  const [y, m, d] = birthDate.split('-');
  const base = `${serial}0${d}${m}${y!.slice(2)}`;
  const check = svnrCheckDigit(base);
  return check === null ? null : `${serial}${check}${d}${m}${y!.slice(2)}`;
}
