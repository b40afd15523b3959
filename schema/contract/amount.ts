/**
 * Euro amounts as members type them, the one reader of every amount field (calculator, own contributions) on the web
 * and of the REST layer's cent fields (docs/decisions/0042-amounts-as-typed.md). German notation, as the portal
 * shows money (spec 000 section 9 "Currency format German (dot thousands, comma decimals …)"):
 *
 * - thousands are grouped by `.`, a space, a no-break space (U+00A0) or a narrow no-break space (U+202F), one kind
 *   per amount, always in groups of three after a first group of one to three digits: `1.200`, `1 200`, `12.345.678`;
 * - the decimal separator is the comma, with one or two decimals (`1200,5`, `1.200,50`), or `,-` / `,–` for whole
 *   euros as price tags write them (`1.200,-`);
 * - a `€` before or after the number and surrounding spaces are ignored; a leading `-` or `−` makes it negative
 *   (whether a negative amount is allowed is the field's rule, not this reader's);
 * - a dot followed by one or two digits at the end (`1200.5`, `12.50`) or a comma followed by exactly three digits
 *   (`1,200`) may be meant either way: refused as `AMBIGUOUS`, never guessed;
 * - more than two decimals is `TOO_MANY_DECIMALS`; more than 13 digits before the comma `TOO_LARGE` (so that the
 *   cents stay a safe integer); anything else `INVALID`; nothing at all `EMPTY` (the field decides whether it is
 *   required).
 *
 * The result is integer cents. Messages: catalogue `amountInput.<code>` (common.json), through `amountIssue`.
 */

/** Why a typed amount was not read. */
export const AMOUNT_INPUT_CODES = ['EMPTY', 'INVALID', 'AMBIGUOUS', 'TOO_MANY_DECIMALS', 'TOO_LARGE'] as const;
export type AmountInputCode = (typeof AMOUNT_INPUT_CODES)[number];

/** A typed amount read: integer cents, or the reason it was refused. */
export type AmountReading = { ok: true; cents: number } | { ok: false; code: AmountInputCode };

/** Most digits before the decimal comma (10^13 € = 10^15 cents, below `Number.MAX_SAFE_INTEGER`). */
const MAX_EURO_DIGITS = 13;

/** Digits, optionally grouped by one kind of separator in threes; the groups' separator is captured as `\1`. */
const EUROS = /^(?:\d+|[1-9]\d{0,2}([. \u00A0\u202F])\d{3}(?:\1\d{3})*)$/;

/**
 * Reads a typed euro amount (rules in the module comment) as integer cents.
 * @example parseAmount('1.200') → { ok: true, cents: 120000 }
 * @example parseAmount('1.200,50') → { ok: true, cents: 120050 }
 * @example parseAmount('1200,5') → { ok: true, cents: 120050 }
 * @example parseAmount('1 200') → { ok: true, cents: 120000 }
 * @example parseAmount('1200.5') → { ok: false, code: 'AMBIGUOUS' }
 */
export function parseAmount(text: string): AmountReading {
  let s = text.trim();
  if (s.startsWith('€')) s = s.slice(1).trim();
  if (s.endsWith('€')) s = s.slice(0, -1).trim();
  if (s === '') return { ok: false, code: 'EMPTY' };
  const negative = s.startsWith('-') || s.startsWith('\u2212');
  if (negative) s = s.slice(1);

  const comma = s.indexOf(',');
  const euros = comma < 0 ? s : s.slice(0, comma);
  const decimals = comma < 0 ? null : s.slice(comma + 1);

  if (decimals === null && /^\d+\.\d{1,2}$/.test(euros)) return { ok: false, code: 'AMBIGUOUS' };
  if (decimals !== null && /^\d{3}$/.test(decimals) && /^\d{1,3}$/.test(euros)) return { ok: false, code: 'AMBIGUOUS' };
  if (!EUROS.test(euros)) return { ok: false, code: 'INVALID' };

  let cents = 0;
  if (decimals !== null && !/^[-–]$/.test(decimals)) {
    if (!/^\d+$/.test(decimals)) return { ok: false, code: 'INVALID' };
    if (decimals.length > 2) return { ok: false, code: 'TOO_MANY_DECIMALS' };
    cents = Number(decimals.padEnd(2, '0'));
  }
  const digits = euros.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_EURO_DIGITS) return { ok: false, code: 'TOO_LARGE' };
  const total = Number(digits) * 100 + cents;
  return { ok: true, cents: negative && total !== 0 ? -total : total };
}

/** The catalogue key of a refused amount's message (common.json `amountInput.<code>`). */
export function amountIssue(code: Exclude<AmountInputCode, 'EMPTY'>): `amountInput.${typeof code}` {
  return `amountInput.${code}`;
}

/** True when a form error's message is such a key (`amountIssue`), to be shown as the catalogue's text. */
export function isAmountIssue(message: string | undefined): message is ReturnType<typeof amountIssue> {
  return message !== undefined && /^amountInput\.(INVALID|AMBIGUOUS|TOO_MANY_DECIMALS|TOO_LARGE)$/.test(message);
}

/**
 * Cents as an amount field shows them, in the notation `parseAmount` reads back: `120050` → `1.200,50`,
 * `-500` → `-5,00` (no euro sign; the field's label names the unit).
 * @throws RangeError when `cents` is not a safe integer.
 */
export function amountInputText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amountInputText expects integer cents, got ${cents}`);
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${euros},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A cent amount as a REST form field sends it (spec 000 section 7: form-urlencoded bodies carry strings): an optional
 * minus and 1 to 15 digits, surrounding spaces ignored; `'12000'` → 12000. Null for anything else (`1.200`, `12e3`,
 * `0x10`, `12,5`): a cent field is never read as euros or in another notation.
 */
export function parseCentsText(text: string): number | null {
  const s = text.trim();
  return /^-?\d{1,15}$/.test(s) ? Number(s) || 0 : null;
}
