/**
 * The inbox forms (spec 001 sections 2, 3, 5, 8; decision 0022) shared by the web app's form screens
 * (web/src/features/messages) and the forms service (server/modules/forms): the kinds, their options and the one rule set
 * `checkForm`, which answers either the cleaned values or the form-level error code with field errors. Field-error
 * codes and form codes have catalogue texts under `forms.error.<code>` (schema/contract/i18n/de/forms.json).
 *
 * Forms: the vested-amount decision (Unverfallbarkeitsbetrag, §§ 5–6 BPG), bank data, the pension call
 * (Pensionsabruf), the exit application (Austrittsantrag), the employment, function and family declarations and the
 * objection and switch declarations of a pension-model change (fields and readings: docs/decisions/0025-remaining-forms.md).
 */
export * from './form-types';
import { isValidEmail, normalizeEmail } from './email';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { blank, Checker, isObject, type Raw } from './form-checker';
import {
  checkBankData,
  checkEmploymentDeclaration,
  checkExitApplication,
  checkFamilyDeclaration,
  checkFunctionDeclaration,
  checkModelObjection,
  checkModelSwitch,
  checkPensionCall,
  checkVestedAmount,
} from './form-sections';
import { FORM_KINDS, FORM_SECTIONS, type FormErrorCode, type FormFieldError, type FormKind, type FormValues } from './form-types';

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
