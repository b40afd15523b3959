/** The rules of each form's section (one function per form kind), used by `checkForm` in ./forms.ts. */
import { addDays, addMonths, isoOf, parseIsoDate } from './dates';
import { UPLOAD_ID_PATTERN } from './uploads';
import type { Checker } from './form-checker';
import { blank, isObject, type Raw } from './form-checker';
import {
  type BankDataValues,
  CHILD_GENDERS,
  earliestPensionStart,
  EMPLOYMENT_STATUSES,
  type EmploymentDeclarationValues,
  EXIT_REASONS,
  EXIT_REQUESTS,
  type ExitApplicationValues,
  type FamilyDeclarationValues,
  FORM_FUNDS,
  FORM_REASON_MAX,
  type FormChild,
  type FormPartner,
  type FunctionDeclarationValues,
  KEEP_MODES,
  MARITAL_STATUSES,
  MAX_CHILDREN,
  MEMBER_FUNCTIONS,
  type ModelObjectionValues,
  type ModelSwitchValues,
  OBJECTION_PERIOD_DAYS,
  PARTNER_STATUSES,
  type PensionCallValues,
  SWITCH_TARGETS,
  TRANSFER_TYPES,
  VESTED_AMOUNT_OPTIONS,
  type VestedAmountValues,
} from './form-types';

const VESTED_FIELDS = ['keepMode', 'transferType', 'institutionName', 'employerName', 'accountHolder', 'iban', 'bic', 'idDocumentUploadId'] as const;

export function checkVestedAmount(c: Checker, raw: Raw): VestedAmountValues | null {
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

export function checkBankData(c: Checker, raw: Raw, today: string): BankDataValues | null {
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

export function checkPensionCall(c: Checker, raw: Raw, today: string): PensionCallValues | null {
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

export function checkExitApplication(c: Checker, raw: Raw, today: string): ExitApplicationValues | null {
  const p = 'exitApplication';
  const employerName = c.text(raw, 'employerName', p);
  const employmentEndDate = c.date(raw, 'employmentEndDate', p, { min: addMonths(today, -36), max: addMonths(today, 12), code: 'EXIT_DATE_OUT_OF_RANGE' });
  const reason = c.oneOf(raw, 'reason', p, EXIT_REASONS);
  const request = c.oneOf(raw, 'request', p, EXIT_REQUESTS);
  return employerName && employmentEndDate && reason && request ? { employerName, employmentEndDate, reason, request } : null;
}

export function checkEmploymentDeclaration(c: Checker, raw: Raw, today: string): EmploymentDeclarationValues | null {
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

export function checkFunctionDeclaration(c: Checker, raw: Raw, today: string): FunctionDeclarationValues | null {
  const p = 'functionDeclaration';
  const fn = c.oneOf(raw, 'function', p, MEMBER_FUNCTIONS);
  const employerName = c.text(raw, 'employerName', p);
  const since = c.date(raw, 'since', p, { max: today });
  return fn && employerName && since ? { function: fn, employerName, since } : null;
}

export function checkFamilyDeclaration(c: Checker, raw: Raw, today: string): FamilyDeclarationValues | null {
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

export function checkModelObjection(c: Checker, raw: Raw, today: string): ModelObjectionValues | null {
  const p = 'modelObjection';
  const letterDate = c.date(raw, 'letterDate', p, { max: today });
  if (letterDate && letterDate < addDays(today, -OBJECTION_PERIOD_DAYS)) c.add(`${p}.letterDate`, 'OBJECTION_PERIOD_OVER');
  const reason = c.optionalText(raw, 'reason', p, FORM_REASON_MAX);
  return letterDate ? { letterDate, reason } : null;
}

export function checkModelSwitch(c: Checker, raw: Raw, today: string): ModelSwitchValues | null {
  const p = 'modelSwitch';
  const target = c.oneOf(raw, 'target', p, SWITCH_TARGETS);
  const { y, m } = parseIsoDate(today);
  const switchDate = c.date(raw, 'switchDate', p, { min: isoOf(y, m + 1, 1), max: isoOf(y + 2, 12, 1), code: 'SWITCH_DATE_OUT_OF_RANGE' });
  if (switchDate && !switchDate.endsWith('-01')) c.add(`${p}.switchDate`, 'SWITCH_DATE_NOT_FIRST');
  return target && switchDate ? { target, switchDate } : null;
}
