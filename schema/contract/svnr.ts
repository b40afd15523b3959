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

/**
 * Removes spaces and separators a member may type and upper-cases the letter of the fund's internal numbers
 * ("1237 010180" → "1237010180", "r123 456789" → "R123456789").
 */
export function normalizeSvnr(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

/**
 * The forms of the insurance number (spec 000 section 5 "Insurance number"): the 10-digit SVNR with its check digit,
 * or one of the fund's internal numbers for persons without an SVNR: `R` plus digits (10 characters in all) or `A`
 * plus digits (11 or 12 characters in all).
 */
export type InsuranceNumberKind = 'SVNR' | 'INTERNAL_R' | 'INTERNAL_A';

/** Which form `value` (spaces allowed, letter in either case) has, or null when it fits none (check digit included). */
export function insuranceNumberKind(value: string): InsuranceNumberKind | null {
  const n = normalizeSvnr(value);
  if (/^R\d{9}$/.test(n)) return 'INTERNAL_R';
  if (/^A\d{10,11}$/.test(n)) return 'INTERNAL_A';
  return isValidSvnr(n) ? 'SVNR' : null;
}

/** True for a valid insurance number of any of the spec's forms. */
export function isValidInsuranceNumber(value: string): boolean {
  return insuranceNumberKind(value) !== null;
}

/**
 * Display form (spec 000 section 5: "A 10-digit number is shown grouped 4-2-2-rest"): `1237010180` →
 * `1237 01 01 80`; the internal `R`/`A` numbers (and anything else) are shown as stored.
 */
export function formatInsuranceNumber(value: string): string {
  const n = normalizeSvnr(value);
  return /^\d{10}$/.test(n) ? `${n.slice(0, 4)} ${n.slice(4, 6)} ${n.slice(6, 8)} ${n.slice(8)}` : value;
}

/**
 * Input grouping while typing (spec 000 section 5: "Input is grouped 4-6"): a number of digits keeps digits only, at
 * most ten, with a space after the fourth (`1237 010180`); a number starting with the letter R or A keeps the
 * upper-case letter and digits only, up to its longest form (R: 10 characters, A: 12), ungrouped.
 */
export function formatInsuranceNumberInput(value: string): string {
  const trimmed = value.trimStart();
  const letter = trimmed.charAt(0).toUpperCase();
  if (letter === 'R' || letter === 'A')
    return (
      letter +
      trimmed
        .slice(1)
        .replace(/\D/g, '')
        .slice(0, letter === 'R' ? 9 : 11)
    );
  const digits = value.replace(/\D/g, '').slice(0, 10);
  return digits.length > 4 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits;
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
