/**
 * The inbox forms' kinds, options, limits, error codes and value shapes (spec 001 sections 2, 3, 5, 8; decision 0022;
 * docs/decisions/0025-remaining-forms.md). Reached through `@contract/forms`, which re-exports this module beside the rule set.
 */
import { isoOf, parseIsoDate } from './dates';

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
/**
 * Temporary employment (spec 001 section 9 "Temporary employment: contribution-free continuation for at most 12
 * months; vesting after 3 years"): the longest contribution-free continuation after a fixed-term employment, in months,
 * and the years after which the entitlement from employer contributions vests. The exit application states both when
 * its reason is the end of a fixed-term employment, the vested-amount form when the entitlement is kept contribution-free.
 */
export const TEMPORARY_EMPLOYMENT_CONTRIBUTION_FREE_MAX_MONTHS = 12;
export const TEMPORARY_EMPLOYMENT_VESTING_YEARS = 3;
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
