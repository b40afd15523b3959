/**
 * The inbox forms (spec 001 sections 2, 3, 5, 8; issue 14 item 7) shared by the web app's form screens
 * (web/src/features/inbox) and the forms service (server/domain/forms): the kinds, their options and the one rule set
 * `checkForm`, which answers either the cleaned values or the form-level error code with field errors. Field-error
 * codes and form codes have catalogue texts under `forms.error.<code>` (schema/contract/i18n/de/forms.json).
 *
 * Forms built: the vested-amount decision (Unverfallbarkeitsbetrag, §§ 5–6 BPG), bank data, and the pension call
 * (Pensionsabruf). The exit application and the declarations are not built yet.
 */
import { isIsoDate, isoOf, parseIsoDate } from './dates';
import { isValidEmail, normalizeEmail } from './email';
import { isValidPortalBic, isValidPortalIban, normalizeIban } from './iban';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { UPLOAD_ID_PATTERN } from './uploads';

/** The forms a member can send. */
export const FORM_KINDS = ['VESTED_AMOUNT', 'BANK_DATA', 'PENSION_CALL'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Vested amount: exactly one option (spec 001 section 3 "Vested-amount form"). */
export const VESTED_AMOUNT_OPTIONS = ['KEEP', 'TRANSFER', 'PAYOUT'] as const;
/** KEEP's sub-option: continue with own contributions, or leave it contribution-free (beitragsfrei). */
export const KEEP_MODES = ['WITH_OWN_CONTRIBUTIONS', 'CONTRIBUTION_FREE'] as const;
/** TRANSFER's sub-option: where the amount goes (§ 5 Abs 2 BPG). */
export const TRANSFER_TYPES = ['PENSION_FUND', 'COLLECTIVE_INSURANCE', 'GROUP_PENSION_INSURANCE'] as const;
/** Which fund the bank data are for. */
export const FORM_FUNDS = ['PENSION_FUND', 'SEVERANCE_FUND'] as const;
/** Gender of a child (spec 001 section 3 "children (max 5, with gender)"). */
export const CHILD_GENDERS = ['FEMALE', 'MALE', 'DIVERSE'] as const;

/** At most 5 children on a form (spec 001 section 9). */
export const MAX_CHILDREN = 5;
/** A pension call must arrive by this day of the month (spec 001 section 9) for a start on the 1st of the next month. */
export const PENSION_CALL_DEADLINE_DAY = 10;
/** A form of the same kind sent within this many days is refused as already sent (reading in decision 0022). */
export const FORM_RESEND_DAYS = 30;
/** Longest name, institution or bank name. */
export const FORM_TEXT_MAX = 100;

/** Form-level refusals (spec 001 section 8 "Forms: already sent, incomplete, invalid data, invalid e-mail, internal"). */
export const FORM_ERROR_CODES = [
  'ALREADY_SENT',
  'INCOMPLETE',
  'INVALID_DATA',
  'INVALID_EMAIL',
  'INTERNAL',
  'NOT_AVAILABLE',
  'PASSWORD_INCORRECT',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

/** A field error: `field` is the dotted input path (`pensionCall.children.5`), `code` a catalogue key. */
export interface FormFieldError {
  field: string;
  code: string;
}

/** A child as the pension call lists it. */
export interface FormChild {
  firstName: string;
  birthDate: string;
  gender: (typeof CHILD_GENDERS)[number];
}

/** Cleaned values of a vested-amount decision; only the chosen option's fields are set. */
export interface VestedAmountValues {
  option: (typeof VESTED_AMOUNT_OPTIONS)[number];
  keepMode: (typeof KEEP_MODES)[number] | null;
  transferType: (typeof TRANSFER_TYPES)[number] | null;
  institutionName: string | null;
  employerName: string | null;
  accountHolder: string | null;
  iban: string | null;
  bic: string | null;
  idDocumentUploadId: string | null;
}

export interface BankDataValues {
  fund: (typeof FORM_FUNDS)[number];
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string;
  validFrom: string;
}

export interface PensionCallValues {
  /** First day of the month the pension starts. */
  pensionStart: string;
  partner: { firstName: string; lastName: string; birthDate: string } | null;
  children: FormChild[];
}

/** A checked form: the common fields and the kind's section. */
export type FormValues = { kind: FormKind; contactEmail: string; idempotencyKey: string; currentPassword: string | null } & (
  { kind: 'VESTED_AMOUNT'; vestedAmount: VestedAmountValues } | { kind: 'BANK_DATA'; bankData: BankDataValues } | { kind: 'PENSION_CALL'; pensionCall: PensionCallValues }
);

/**
 * The earliest pension start for a call arriving on `today` (ISO, Vienna): arriving by the 10th, the 1st of the next
 * month; after the 10th, the 1st of the month after (the call counts for the following month).
 */
export function earliestPensionStart(today: string): string {
  const { y, m, d } = parseIsoDate(today);
  return isoOf(y, m + (d <= PENSION_CALL_DEADLINE_DAY ? 1 : 2), 1);
}

type Raw = Record<string, unknown>;

/** Never in a form's text: control, format, surrogate, private-use and unassigned characters, separators, U+FFFD, `<` `>`. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029\uFFFD<>]/u;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Collects field errors; REQUIRED ones make the form INCOMPLETE. */
class Checker {
  readonly errors: FormFieldError[] = [];
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
  /** The fields of another option must stay empty: "exactly one option and its sub-option". */
  empty(obj: Raw, keys: readonly string[], path: string) {
    for (const k of keys) if (!blank(obj[k])) this.add(`${path}.${k}`, 'OPTION_CONFLICT');
  }
}

const VESTED_FIELDS = ['keepMode', 'transferType', 'institutionName', 'employerName', 'accountHolder', 'iban', 'bic', 'idDocumentUploadId'] as const;

function checkVestedAmount(c: Checker, raw: Raw): VestedAmountValues | null {
  const p = 'vestedAmount';
  const option = c.oneOf(raw, 'option', p, VESTED_AMOUNT_OPTIONS);
  const values: VestedAmountValues = {
    option: option ?? 'KEEP',
    keepMode: null,
    transferType: null,
    institutionName: null,
    employerName: null,
    accountHolder: null,
    iban: null,
    bic: null,
    idDocumentUploadId: null,
  };
  if (option === 'KEEP') {
    values.keepMode = c.oneOf(raw, 'keepMode', p, KEEP_MODES);
    c.empty(
      raw,
      VESTED_FIELDS.filter((k) => k !== 'keepMode'),
      p,
    );
  } else if (option === 'TRANSFER') {
    values.transferType = c.oneOf(raw, 'transferType', p, TRANSFER_TYPES);
    values.institutionName = c.text(raw, 'institutionName', p);
    values.employerName = c.text(raw, 'employerName', p);
    c.empty(raw, ['keepMode', 'accountHolder', 'iban', 'bic', 'idDocumentUploadId'], p);
  } else if (option === 'PAYOUT') {
    values.accountHolder = c.text(raw, 'accountHolder', p);
    values.iban = c.iban(raw, p);
    values.bic = c.bic(raw, p);
    const id = raw.idDocumentUploadId;
    if (blank(id)) c.add(`${p}.idDocumentUploadId`, 'REQUIRED');
    else if (typeof id !== 'string' || !UPLOAD_ID_PATTERN.test(id)) c.add(`${p}.idDocumentUploadId`, 'UPLOAD_NOT_FOUND');
    else values.idDocumentUploadId = id;
    c.empty(raw, ['keepMode', 'transferType', 'institutionName', 'employerName'], p);
  }
  return option ? values : null;
}

function checkBankData(c: Checker, raw: Raw, today: string): BankDataValues | null {
  const p = 'bankData';
  const fund = c.oneOf(raw, 'fund', p, FORM_FUNDS);
  const accountHolder = c.text(raw, 'accountHolder', p);
  const bankName = c.text(raw, 'bankName', p);
  const iban = c.iban(raw, p);
  const bic = c.bic(raw, p);
  const validFrom = c.date(raw, 'validFrom', p, { min: today, max: isoOf(Number(today.slice(0, 4)) + 1, 12, 31), code: 'VALID_FROM_OUT_OF_RANGE' });
  if (!fund || !accountHolder || !bankName || !iban || !bic || !validFrom) return null;
  return { fund, accountHolder, bankName, iban, bic, validFrom };
}

function checkPensionCall(c: Checker, raw: Raw, today: string): PensionCallValues | null {
  const p = 'pensionCall';
  const earliest = earliestPensionStart(today);
  const pensionStart = c.date(raw, 'pensionStart', p, { min: earliest, max: isoOf(Number(today.slice(0, 4)) + 2, 12, 1), code: 'PENSION_START_TOO_EARLY' });
  if (pensionStart && !pensionStart.endsWith('-01')) c.add(`${p}.pensionStart`, 'PENSION_START_NOT_FIRST');
  let partner: PensionCallValues['partner'] = null;
  if (raw.hasPartner === true) {
    const pr = isObject(raw.partner) ? raw.partner : {};
    const firstName = c.text(pr, 'firstName', `${p}.partner`);
    const lastName = c.text(pr, 'lastName', `${p}.partner`);
    const birthDate = c.date(pr, 'birthDate', `${p}.partner`, { max: today });
    if (firstName && lastName && birthDate) partner = { firstName, lastName, birthDate };
  } else if (raw.hasPartner !== false) {
    c.add(`${p}.hasPartner`, 'REQUIRED');
  } else if (!blank(raw.partner)) {
    c.add(`${p}.partner`, 'OPTION_CONFLICT');
  }
  const children: FormChild[] = [];
  const list = raw.children ?? [];
  if (!Array.isArray(list)) c.add(`${p}.children`, 'INVALID');
  else if (list.length > MAX_CHILDREN) c.add(`${p}.children.${MAX_CHILDREN}`, 'TOO_MANY_CHILDREN');
  else
    list.forEach((child: unknown, i) => {
      const ch = isObject(child) ? child : {};
      const path = `${p}.children.${i}`;
      const firstName = c.text(ch, 'firstName', path);
      const birthDate = c.date(ch, 'birthDate', path, { max: today });
      const gender = c.oneOf(ch, 'gender', path, CHILD_GENDERS);
      if (firstName && birthDate && gender) children.push({ firstName, birthDate, gender });
    });
  if (!pensionStart) return null;
  return { pensionStart, partner, children };
}

/**
 * Checks a submitted form (GraphQL `SubmitFormInput`, REST `webportal/form`) on `today` (ISO, Vienna). Rules: a known
 * kind with its section (and no other section), a valid contact e-mail, terms accepted, a valid idempotency key, and
 * the section's rules (exactly one option and its sub-option; children at most 5, each with first name, birth date
 * and gender; partner data when `hasPartner`; bank data complete and valid; a pension start from the earliest
 * possible one). The form code: INCOMPLETE when a required field is missing, else INVALID_EMAIL when only the
 * e-mail is wrong, else INVALID_DATA.
 */
export function checkForm(raw: unknown, today: string): { ok: true; value: FormValues } | { ok: false; code: FormErrorCode; fieldErrors: FormFieldError[] } {
  const c = new Checker();
  const input = isObject(raw) ? raw : {};
  const kind = c.oneOf(input, 'kind', 'form', FORM_KINDS);
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
    return { ok: false, code: 'IDEMPOTENCY_KEY_INVALID', fieldErrors: [{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_INVALID' }] };
  let contactEmail: string | null = null;
  if (blank(input.contactEmail)) c.add('contactEmail', 'REQUIRED');
  else if (typeof input.contactEmail !== 'string' || !isValidEmail(normalizeEmail(input.contactEmail))) c.add('contactEmail', 'EMAIL_INVALID');
  else contactEmail = normalizeEmail(input.contactEmail);
  if (input.termsAccepted !== true) c.add('termsAccepted', 'TERMS_NOT_ACCEPTED');
  const password = typeof input.currentPassword === 'string' && input.currentPassword !== '' ? input.currentPassword.slice(0, 1000) : null;
  const sections = { VESTED_AMOUNT: 'vestedAmount', BANK_DATA: 'bankData', PENSION_CALL: 'pensionCall' } as const;
  let value: FormValues | null = null;
  if (kind) {
    for (const [k, name] of Object.entries(sections)) if (k !== kind && !blank(input[name])) c.add(name, 'OPTION_CONFLICT');
    const section = input[sections[kind]];
    if (!isObject(section)) c.add(sections[kind], 'REQUIRED');
    else {
      const common = { contactEmail: contactEmail ?? '', idempotencyKey: key, currentPassword: password };
      if (kind === 'VESTED_AMOUNT') {
        const v = checkVestedAmount(c, section);
        if (v) value = { ...common, kind, vestedAmount: v };
      } else if (kind === 'BANK_DATA') {
        const v = checkBankData(c, section, today);
        if (v) value = { ...common, kind, bankData: v };
      } else {
        const v = checkPensionCall(c, section, today);
        if (v) value = { ...common, kind, pensionCall: v };
      }
    }
  }
  if (c.errors.length === 0 && value) return { ok: true, value };
  const code: FormErrorCode = c.errors.some((e) => e.code === 'REQUIRED' || e.code === 'TERMS_NOT_ACCEPTED')
    ? 'INCOMPLETE'
    : c.errors.every((e) => e.field === 'contactEmail')
      ? 'INVALID_EMAIL'
      : 'INVALID_DATA';
  return { ok: false, code, fieldErrors: c.errors };
}

/** Which fund a form goes to (the sent message's recipient). */
export function formRecipient(v: FormValues): 'PENSION_FUND' | 'SEVERANCE_FUND' {
  return v.kind === 'BANK_DATA' ? v.bankData.fund : 'PENSION_FUND';
}
