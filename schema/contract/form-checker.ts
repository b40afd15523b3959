/** The field-error collector and the field readers the form rules (./form-sections.ts) are written with. */
import { isIsoDate } from './dates';
import { isValidPortalBic, isValidPortalIban, normalizeIban } from './iban';
import { FORM_TEXT_MAX, type FormFieldError } from './form-types';

export type Raw = Record<string, unknown>;

/** Never in a form's text: control, format, surrogate, private-use and unassigned characters, separators, U+FFFD, `<` `>`. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029\uFFFD<>]/u;

export const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Collects field errors; REQUIRED ones make the form INCOMPLETE. */
export class Checker {
  readonly errors: FormFieldError[] = [];
  /** The day the rules run on (ISO, Vienna). */
  constructor(readonly today: string) {}
  add(field: string, code: string) {
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, code });
  }
  /** A required text of at most `max` characters (trimmed), or null with an error. */
  text(obj: Raw, key: string, path: string, max = FORM_TEXT_MAX): string | null {
    const v = obj[key];
    if (blank(v)) return (this.add(`${path}.${key}`, 'REQUIRED'), null);
    if (typeof v !== 'string') return (this.add(`${path}.${key}`, 'INVALID'), null);
    const t = v.trim();
    if (t.length > max) return (this.add(`${path}.${key}`, 'TOO_LONG'), null);
    if (FORBIDDEN.test(t)) return (this.add(`${path}.${key}`, 'INVALID'), null);
    return t;
  }
  oneOf<T extends string>(obj: Raw, key: string, path: string, values: readonly T[]): T | null {
    const v = obj[key];
    if (blank(v)) return (this.add(`${path}.${key}`, 'REQUIRED'), null);
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) return (this.add(`${path}.${key}`, 'INVALID'), null);
    return v as T;
  }
  date(obj: Raw, key: string, path: string, range: { min?: string; max?: string; code?: string } = {}): string | null {
    const v = obj[key];
    if (blank(v)) return (this.add(`${path}.${key}`, 'REQUIRED'), null);
    if (!isIsoDate(v) || v < '1900-01-01') return (this.add(`${path}.${key}`, 'DATE_INVALID'), null);
    if ((range.min && v < range.min) || (range.max && v > range.max)) return (this.add(`${path}.${key}`, range.code ?? 'DATE_INVALID'), null);
    return v;
  }
  iban(obj: Raw, path: string): string | null {
    const t = this.text(obj, 'iban', path, 50);
    if (t === null) return null;
    if (!isValidPortalIban(t)) return (this.add(`${path}.iban`, 'IBAN_INVALID'), null);
    return normalizeIban(t);
  }
  bic(obj: Raw, path: string): string | null {
    const t = this.text(obj, 'bic', path, 20);
    if (t === null) return null;
    if (!isValidPortalBic(t)) return (this.add(`${path}.bic`, 'BIC_INVALID'), null);
    return t.replace(/\s+/g, '').toUpperCase();
  }
  /** An optional text of at most `max` characters (trimmed); null when blank or invalid (with an error). */
  optionalText(obj: Raw, key: string, path: string, max = FORM_TEXT_MAX): string | null {
    return blank(obj[key]) ? null : this.text(obj, key, path, max);
  }
  /** The fields of another option must stay empty: "exactly one option and its sub-option". */
  empty(obj: Raw, keys: readonly string[], path: string) {
    for (const k of keys) if (!blank(obj[k])) this.add(`${path}.${k}`, 'OPTION_CONFLICT');
  }
}
