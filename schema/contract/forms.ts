/**
 * The inbox forms (spec 001 sections 2, 3, 5, 8; issue 14 item 7) shared by the web app's form screens
 * (web/src/features/inbox) and the forms service (server/domain/forms): the kinds, their options and the one rule set
 * `checkForm`, which answers either the cleaned values or the form-level error code with field errors. Field-error
 * codes and form codes have catalogue texts under `forms.error.<code>` (schema/contract/i18n/de/forms.json).
 *
 * Forms: the vested-amount decision (Unverfallbarkeitsbetrag, §§ 5–6 BPG), bank data, the pension call
 * (Pensionsabruf), the exit application (Austrittsantrag), the employment, function and family declarations and the
 * objection and switch declarations of a pension-model change (fields and readings: docs/decisions/0025).
 */
import { addDays, addMonths, isIsoDate, isoOf, parseIsoDate } from './dates';
import { isValidEmail, normalizeEmail } from './email';
import { isValidPortalBic, isValidPortalIban, normalizeIban } from './iban';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { UPLOAD_ID_PATTERN } from './uploads';

/** The forms a member can send. */
export const FORM_KINDS = [
  'VESTED_AMOUNT',
  'BANK_DATA',
  'PENSION_CALL',
  'EXIT_APPLICATION',
  'EMPLOYMENT_DECLARATION',
  'FUNCTION_DECLARATION',
  'FAMILY_DECLARATION',
  'MODEL_OBJECTION',
  'MODEL_SWITCH',
] as const;
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

/** Why the employment ended (exit application). */
export const EXIT_REASONS = ['EMPLOYEE_NOTICE', 'EMPLOYER_NOTICE', 'MUTUAL_AGREEMENT', 'FIXED_TERM_END', 'OTHER'] as const;
/** What the exit application asks for with the vested amount (the decision itself is the vested-amount form). */
export const EXIT_REQUESTS = ['STATEMENT_ONLY', 'STOP_OWN_CONTRIBUTIONS'] as const;
/** The employment declaration's choice. */
export const EMPLOYMENT_STATUSES = ['NOT_EMPLOYED', 'EMPLOYED', 'SELF_EMPLOYED'] as const;
/** The function declaration's choice: the member's function at the employer of the contract. */
export const MEMBER_FUNCTIONS = ['EMPLOYEE', 'EXECUTIVE', 'MANAGING_DIRECTOR', 'BOARD_MEMBER'] as const;
/** The family declaration's choice. A partner is asked for the statuses in PARTNER_STATUSES. */
export const MARITAL_STATUSES = ['SINGLE', 'MARRIED', 'REGISTERED_PARTNERSHIP', 'COHABITING', 'DIVORCED', 'WIDOWED'] as const;
/** Statuses with a partner (the survivor's pension depends on the contract's partner rule). */
export const PARTNER_STATUSES: readonly (typeof MARITAL_STATUSES)[number][] = ['MARRIED', 'REGISTERED_PARTNERSHIP', 'COHABITING'];
/** The switch declaration's target: the security VRG (Sicherheits-VRG) or a company collective insurance. */
export const SWITCH_TARGETS = ['SECURITY_VRG', 'COLLECTIVE_INSURANCE'] as const;
/** Days after the fund's information letter in which an objection to a pension-model change is accepted (reading in decision 0025). */
export const OBJECTION_PERIOD_DAYS = 90;
/** Longest free-text reason (objection). */
export const FORM_REASON_MAX = 500;

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

export interface FormPartner {
  firstName: string;
  lastName: string;
  birthDate: string;
}

/** Exit application (Austrittsantrag): the end of the employment behind a Pensionskasse contract. */
export interface ExitApplicationValues {
  employerName: string;
  /** Last day of the employment (ISO), from 3 years back to 1 year ahead. */
  employmentEndDate: string;
  reason: (typeof EXIT_REASONS)[number];
  request: (typeof EXIT_REQUESTS)[number];
}

/** Employment declaration (Beschäftigungserklärung): employer or business and since when, unless not employed. */
export interface EmploymentDeclarationValues {
  status: (typeof EMPLOYMENT_STATUSES)[number];
  /** Employer (EMPLOYED) or business (SELF_EMPLOYED); null when NOT_EMPLOYED. */
  employerName: string | null;
  /** ISO date the employment began; null when NOT_EMPLOYED. */
  since: string | null;
}

/** Function declaration (Funktionserklärung). */
export interface FunctionDeclarationValues {
  function: (typeof MEMBER_FUNCTIONS)[number];
  employerName: string;
  /** ISO date the function began, not in the future. */
  since: string;
}

/** Family declaration (Erklärung zu Familienstand, Partnerin/Partner und Kindern). */
export interface FamilyDeclarationValues {
  maritalStatus: (typeof MARITAL_STATUSES)[number];
  /** ISO date since when the status holds; null for SINGLE. */
  since: string | null;
  partner: FormPartner | null;
  children: FormChild[];
}

/** Objection (Widerspruchserklärung) to the pension-model change announced in the fund's letter. */
export interface ModelObjectionValues {
  /** ISO date of the fund's information letter, within OBJECTION_PERIOD_DAYS before today. */
  letterDate: string;
  reason: string | null;
}

/** Switch declaration (Wechselerklärung) at a pension-model change. */
export interface ModelSwitchValues {
  target: (typeof SWITCH_TARGETS)[number];
  /** First of a month, from the 1st of next month to 2 years ahead. */
  switchDate: string;
}

/** A checked form: the common fields and the kind's section. */
export type FormValues = { kind: FormKind; contactEmail: string; idempotencyKey: string; currentPassword: string | null } & (
  | { kind: 'VESTED_AMOUNT'; vestedAmount: VestedAmountValues }
  | { kind: 'BANK_DATA'; bankData: BankDataValues }
  | { kind: 'PENSION_CALL'; pensionCall: PensionCallValues }
  | { kind: 'EXIT_APPLICATION'; exitApplication: ExitApplicationValues }
  | { kind: 'EMPLOYMENT_DECLARATION'; employmentDeclaration: EmploymentDeclarationValues }
  | { kind: 'FUNCTION_DECLARATION'; functionDeclaration: FunctionDeclarationValues }
  | { kind: 'FAMILY_DECLARATION'; familyDeclaration: FamilyDeclarationValues }
  | { kind: 'MODEL_OBJECTION'; modelObjection: ModelObjectionValues }
  | { kind: 'MODEL_SWITCH'; modelSwitch: ModelSwitchValues }
);

/** The input's section name of each kind (`SubmitFormInput.<section>`). */
export const FORM_SECTIONS = {
  VESTED_AMOUNT: 'vestedAmount',
  BANK_DATA: 'bankData',
  PENSION_CALL: 'pensionCall',
  EXIT_APPLICATION: 'exitApplication',
  EMPLOYMENT_DECLARATION: 'employmentDeclaration',
  FUNCTION_DECLARATION: 'functionDeclaration',
  FAMILY_DECLARATION: 'familyDeclaration',
  MODEL_OBJECTION: 'modelObjection',
  MODEL_SWITCH: 'modelSwitch',
} as const satisfies Record<FormKind, string>;

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

/** The partner's first name, last name and birth date (not in the future), all required; null with errors. */
function checkPartner(c: Checker, raw: Raw, p: string): FormPartner | null {
  const pr = isObject(raw.partner) ? raw.partner : {};
  const firstName = c.text(pr, 'firstName', `${p}.partner`);
  const lastName = c.text(pr, 'lastName', `${p}.partner`);
  const birthDate = c.date(pr, 'birthDate', `${p}.partner`, { max: c.today });
  return firstName && lastName && birthDate ? { firstName, lastName, birthDate } : null;
}

/** At most MAX_CHILDREN children (a sixth is TOO_MANY_CHILDREN at `<p>.children.5`), each with first name, birth date and gender. */
function checkChildren(c: Checker, raw: Raw, p: string, today: string): FormChild[] {
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
  return children;
}

function checkPensionCall(c: Checker, raw: Raw, today: string): PensionCallValues | null {
  const p = 'pensionCall';
  const earliest = earliestPensionStart(today);
  const pensionStart = c.date(raw, 'pensionStart', p, { min: earliest, max: isoOf(Number(today.slice(0, 4)) + 2, 12, 1), code: 'PENSION_START_TOO_EARLY' });
  if (pensionStart && !pensionStart.endsWith('-01')) c.add(`${p}.pensionStart`, 'PENSION_START_NOT_FIRST');
  let partner: PensionCallValues['partner'] = null;
  if (raw.hasPartner === true) partner = checkPartner(c, raw, p);
  else if (raw.hasPartner !== false) c.add(`${p}.hasPartner`, 'REQUIRED');
  else if (!blank(raw.partner)) c.add(`${p}.partner`, 'OPTION_CONFLICT');
  const children = checkChildren(c, raw, p, today);
  if (!pensionStart) return null;
  return { pensionStart, partner, children };
}

function checkExitApplication(c: Checker, raw: Raw, today: string): ExitApplicationValues | null {
  const p = 'exitApplication';
  const employerName = c.text(raw, 'employerName', p);
  const employmentEndDate = c.date(raw, 'employmentEndDate', p, { min: addMonths(today, -36), max: addMonths(today, 12), code: 'EXIT_DATE_OUT_OF_RANGE' });
  const reason = c.oneOf(raw, 'reason', p, EXIT_REASONS);
  const request = c.oneOf(raw, 'request', p, EXIT_REQUESTS);
  return employerName && employmentEndDate && reason && request ? { employerName, employmentEndDate, reason, request } : null;
}

function checkEmploymentDeclaration(c: Checker, raw: Raw, today: string): EmploymentDeclarationValues | null {
  const p = 'employmentDeclaration';
  const status = c.oneOf(raw, 'status', p, EMPLOYMENT_STATUSES);
  if (!status) return null;
  if (status === 'NOT_EMPLOYED') {
    c.empty(raw, ['employerName', 'since'], p);
    return { status, employerName: null, since: null };
  }
  const employerName = c.text(raw, 'employerName', p);
  const since = c.date(raw, 'since', p, { max: addMonths(today, 12) });
  return employerName && since ? { status, employerName, since } : null;
}

function checkFunctionDeclaration(c: Checker, raw: Raw, today: string): FunctionDeclarationValues | null {
  const p = 'functionDeclaration';
  const fn = c.oneOf(raw, 'function', p, MEMBER_FUNCTIONS);
  const employerName = c.text(raw, 'employerName', p);
  const since = c.date(raw, 'since', p, { max: today });
  return fn && employerName && since ? { function: fn, employerName, since } : null;
}

function checkFamilyDeclaration(c: Checker, raw: Raw, today: string): FamilyDeclarationValues | null {
  const p = 'familyDeclaration';
  const maritalStatus = c.oneOf(raw, 'maritalStatus', p, MARITAL_STATUSES);
  let since: string | null = null;
  let partner: FormPartner | null = null;
  if (maritalStatus === 'SINGLE') c.empty(raw, ['since'], p);
  else if (maritalStatus) since = c.date(raw, 'since', p, { max: today });
  if (maritalStatus && PARTNER_STATUSES.includes(maritalStatus)) partner = checkPartner(c, raw, p);
  else if (maritalStatus) c.empty(raw, ['partner'], p);
  const children = checkChildren(c, raw, p, today);
  return maritalStatus ? { maritalStatus, since, partner, children } : null;
}

function checkModelObjection(c: Checker, raw: Raw, today: string): ModelObjectionValues | null {
  const p = 'modelObjection';
  const letterDate = c.date(raw, 'letterDate', p, { max: today });
  if (letterDate && letterDate < addDays(today, -OBJECTION_PERIOD_DAYS)) c.add(`${p}.letterDate`, 'OBJECTION_PERIOD_OVER');
  const reason = c.optionalText(raw, 'reason', p, FORM_REASON_MAX);
  return letterDate ? { letterDate, reason } : null;
}

function checkModelSwitch(c: Checker, raw: Raw, today: string): ModelSwitchValues | null {
  const p = 'modelSwitch';
  const target = c.oneOf(raw, 'target', p, SWITCH_TARGETS);
  const { y, m } = parseIsoDate(today);
  const switchDate = c.date(raw, 'switchDate', p, { min: isoOf(y, m + 1, 1), max: isoOf(y + 2, 12, 1), code: 'SWITCH_DATE_OUT_OF_RANGE' });
  if (switchDate && !switchDate.endsWith('-01')) c.add(`${p}.switchDate`, 'SWITCH_DATE_NOT_FIRST');
  return target && switchDate ? { target, switchDate } : null;
}

/** The section check of each kind; null when the section has errors. */
const SECTION_CHECKS: Record<FormKind, (c: Checker, raw: Raw, today: string) => object | null> = {
  VESTED_AMOUNT: (c, raw) => checkVestedAmount(c, raw),
  BANK_DATA: checkBankData,
  PENSION_CALL: checkPensionCall,
  EXIT_APPLICATION: checkExitApplication,
  EMPLOYMENT_DECLARATION: checkEmploymentDeclaration,
  FUNCTION_DECLARATION: checkFunctionDeclaration,
  FAMILY_DECLARATION: checkFamilyDeclaration,
  MODEL_OBJECTION: checkModelObjection,
  MODEL_SWITCH: checkModelSwitch,
};

/**
 * Checks a submitted form (GraphQL `SubmitFormInput`, REST `webportal/form`) on `today` (ISO, Vienna). Rules: a known
 * kind with its section (and no other section), a valid contact e-mail, terms accepted, a valid idempotency key, and
 * the section's rules (exactly one option and its sub-option; children at most 5, each with first name, birth date
 * and gender; partner data when `hasPartner` or a marital status with a partner; bank data complete and valid; a
 * pension start from the earliest possible one; a choice in every declaration and the fields that choice needs). The form code: INCOMPLETE when a required field is missing, else INVALID_EMAIL when only the
 * e-mail is wrong, else INVALID_DATA.
 */
export function checkForm(raw: unknown, today: string): { ok: true; value: FormValues } | { ok: false; code: FormErrorCode; fieldErrors: FormFieldError[] } {
  const c = new Checker(today);
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
  let value: FormValues | null = null;
  if (kind) {
    for (const [k, name] of Object.entries(FORM_SECTIONS)) if (k !== kind && !blank(input[name])) c.add(name, 'OPTION_CONFLICT');
    const section = input[FORM_SECTIONS[kind]];
    if (!isObject(section)) c.add(FORM_SECTIONS[kind], 'REQUIRED');
    else {
      const checked = SECTION_CHECKS[kind](c, section, today);
      if (checked) value = { contactEmail: contactEmail ?? '', idempotencyKey: key, currentPassword: password, kind, [FORM_SECTIONS[kind]]: checked } as FormValues;
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
