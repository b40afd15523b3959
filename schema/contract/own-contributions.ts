import { isValidPhone, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from './phone';
import { z } from 'zod';
import { addDays, isIsoDate, isoOf, parseIsoDate } from './dates';
import { isPlaceholderIban, isValidPortalIban, normalizeIban } from './iban';
import { resolveCountry } from './countries';
import { legalFiguresFor } from './legal-figures';
import { postcodeFitsCountry } from './profile-fields';
import { signatureInput } from './signature';

/**
 * Own contributions (Eigenbeiträge) by SEPA direct-debit mandate and the § 108a EStG premium application, the rules
 * the `/eigenbeitraege` form and the server share (spec 001 sections 3, 4, 5 and 9; DOMAIN.md "Pension fund … own
 * contributions" and "SEPA"). Amounts are integer cents, dates ISO `YYYY-MM-DD`. Pure: no clock is read here; the
 * callers pass today's date (Vienna), so tests move it. Issues carry a field code as the message (catalogue
 * `ownContributions.fieldErrors.<CODE>`) and the field as the path.
 */

/** MONTHLY: a debit every month from the start date; ONE_OFF: one debit on the start date. */
export const MANDATE_TYPES = ['MONTHLY', 'ONE_OFF'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];

/** Amount limits per debit, integer cents (spec 001 sections 5 and 9): monthly 10 to 5,000 EUR, one-off 10 to 20,000 EUR. */
export const OWN_CONTRIBUTION_LIMITS = {
  MONTHLY: { minCents: 1_000, maxCents: 500_000 },
  ONE_OFF: { minCents: 1_000, maxCents: 2_000_000 },
} as const;

/** Premium-eligible own contributions a year before insurance tax, cents (§ 108a (1) EStG: 1,000 EUR). */
export const PREMIUM_BASE_CENTS = 100_000;
/** The premium-eligible amount a member pays including the 2.5 % insurance tax: 1,025 EUR a year (spec 001 section 9). */
export const PREMIUM_ELIGIBLE_GROSS_CENTS = 102_500;
/** The same spread over 12 months, rounded to the cent: 85.42 EUR (spec 001 section 9). */
export const PREMIUM_ELIGIBLE_MONTHLY_CENTS = Math.round(PREMIUM_ELIGIBLE_GROSS_CENTS / 12);
/** Range of the yearly premium rate, basis points (DOMAIN.md: 4.25 % to 6.75 %; the spec's reading caps at 6.5 %). */
export const PREMIUM_RATE_RANGE_BP = { min: 425, max: 675 } as const;
/** Last day (month, day) of a year on which a one-off debit still counts for that year (spec 001 section 5: end of November). */
export const ONE_OFF_DEADLINE = { month: 11, day: 30 } as const;
/** A start date may lie at most this many days ahead. */
export const START_DATE_MAX_DAYS_AHEAD = 400;
/**
 * Calendar days a debit is pre-notified ahead by default (SEPA Core Direct Debit Rulebook: 14 calendar days unless
 * agreed otherwise; config SEPA_PRE_NOTIFICATION_DAYS may set another agreed period). The first debit date of a
 * mandate is never earlier than today plus this period (`earliestDebitDate`), and the collection run never debits
 * before the period since the debit's pre-notification has passed (docs/decisions/0044-sepa-pre-notification-period.md).
 */
export const PRE_NOTIFICATION_DAYS_DEFAULT = 14;
/** Range of an agreed pre-notification period, calendar days (config SEPA_PRE_NOTIFICATION_DAYS). */
export const PRE_NOTIFICATION_DAYS_RANGE = { min: 1, max: 60 } as const;

/**
 * The earliest debit date a mandate may name when it is given (or its one-off date changed) on `today` (ISO, Vienna):
 * `today` plus `noticeDays` calendar days, so that the pre-notification can go out the whole period ahead (SEPA Core
 * Rulebook; decision 0044). Calendar days across month and year ends (28.11. + 14 = 12.12.; 18.12. + 14 = 01.01.).
 */
export function earliestDebitDate(today: string, noticeDays: number): string {
  return addDays(today, noticeDays);
}

/** A SEPA mandate lapses after this many months without a collection (SEPA rulebook; DOMAIN.md "SEPA"). */
export const MANDATE_LAPSE_MONTHS = 36;
/** A SEPA core payer may claim a refund within this many weeks of a debit (stated on the mandate). */
export const REFUND_WEEKS = 8;
/**
 * "Clearly exceeds last year's employer contribution" (spec 001 section 5; docs/decisions/0016-own-contributions.md):
 * the year's own contributions (monthly amount × 12, or the one-off amount) exceed last year's employer contributions
 * by more than this share, basis points (25 %). A warning, never a refusal.
 */
export const EMPLOYER_EXCESS_WARNING_BP = 2_500;

/** Field limits, characters. */
export const OWN_CONTRIBUTION_FIELD_LIMITS = { accountOwner: 70, phoneMin: PHONE_MIN_LENGTH, phoneMax: PHONE_MAX_LENGTH, street: 100, city: 60, postcode: 12 } as const;

/** The spec's phone rule, the one of the settings (@contract/phone): digits, space, plus, slash and hyphen, 7 to 30 characters. */
export { isValidPhone };

/**
 * A § 108a birth date typed as DDMMYY, as an ISO date, or null when it is not six digits or names no real day
 * (`310299`: there is no 31 February). The century: 20YY when that is not after `today`, else 19YY.
 */
export function parseBirthDateDdmmyy(value: string, today: string): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const dd = value.slice(0, 2);
  const mm = value.slice(2, 4);
  const yy = Number(value.slice(4, 6));
  const thisYear = parseIsoDate(today).y;
  const year = 2000 + yy <= thisYear ? 2000 + yy : 1900 + yy;
  const iso = `${year}-${mm}-${dd}`;
  if (!isIsoDate(iso) || iso > today) return null;
  return iso;
}

/** Last day of `year` for a one-off debit to count for it (30 November). */
export function oneOffDeadline(year: number): string {
  return isoOf(year, ONE_OFF_DEADLINE.month, ONE_OFF_DEADLINE.day);
}

/** Days from `today` to this year's 30 November (0 on the day, negative afterwards). */
export function daysToOneOffDeadline(today: string): number {
  const deadline = oneOffDeadline(parseIsoDate(today).y);
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * The mandate data of steps 1 to 3 as the form and GraphQL `CreateMandateInput` send it, checked against `today`
 * (Vienna) and the pre-notification period `noticeDays` (calendar days, config SEPA_PRE_NOTIFICATION_DAYS). Codes:
 * `REQUIRED`, `TOO_LONG`, `AMOUNT_TOO_LOW`, `AMOUNT_TOO_HIGH`, `IBAN_INVALID`, `IBAN_PLACEHOLDER`, `DATE_INVALID`,
 * `START_TOO_EARLY` (before `earliestDebitDate(today, noticeDays)`; the message names that date), `START_TOO_FAR`,
 * `ONE_OFF_AFTER_DEADLINE` (a one-off in the current year after 30 November), `PHONE_INVALID`, `NOT_CONFIRMED`
 * (terms checkbox). Output: IBAN electronic format, empty phone null.
 */
export function mandateInput(today: string, noticeDays: number) {
  const earliest = earliestDebitDate(today, noticeDays);
  return z
    .object({
      contractId: z.string().trim().min(1, 'REQUIRED').max(20, 'TOO_LONG'),
      type: z.enum(MANDATE_TYPES, { error: 'REQUIRED' }),
      amountCents: z.number({ error: 'REQUIRED' }).int('INVALID'),
      iban: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(42, 'TOO_LONG'),
      startDate: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(10, 'DATE_INVALID'),
      phone: z.string().trim().max(OWN_CONTRIBUTION_FIELD_LIMITS.phoneMax, 'PHONE_INVALID').optional().nullable(),
      accountOwner: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(OWN_CONTRIBUTION_FIELD_LIMITS.accountOwner, 'TOO_LONG'),
      confirmed: z.boolean().optional().nullable(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const limits = OWN_CONTRIBUTION_LIMITS[v.type];
      if (v.amountCents < limits.minCents) issue('amountCents', 'AMOUNT_TOO_LOW');
      else if (v.amountCents > limits.maxCents) issue('amountCents', 'AMOUNT_TOO_HIGH');
      const iban = normalizeIban(v.iban);
      // An empty IBAN is REQUIRED (its own rule above), not also "ungültig".
      if (iban !== '' && isPlaceholderIban(iban)) issue('iban', 'IBAN_PLACEHOLDER');
      else if (iban !== '' && !isValidPortalIban(iban)) issue('iban', 'IBAN_INVALID');
      if (!isIsoDate(v.startDate)) issue('startDate', 'DATE_INVALID');
      else if (v.startDate < earliest) issue('startDate', 'START_TOO_EARLY');
      else if (v.startDate > addDays(today, START_DATE_MAX_DAYS_AHEAD)) issue('startDate', 'START_TOO_FAR');
      else if (v.type === 'ONE_OFF' && parseIsoDate(v.startDate).y === parseIsoDate(today).y && v.startDate > oneOffDeadline(parseIsoDate(today).y)) {
        issue('startDate', 'ONE_OFF_AFTER_DEADLINE');
      }
      if (v.phone && !isValidPhone(v.phone)) issue('phone', 'PHONE_INVALID');
      if (v.confirmed !== true) issue('confirmed', 'NOT_CONFIRMED');
    })
    .transform((v) => ({ ...v, iban: normalizeIban(v.iban), phone: v.phone ? v.phone : null, confirmed: true as const }));
}

export type MandateValues = z.output<ReturnType<typeof mandateInput>>;

/**
 * Step 5, the § 108a EStG premium application (needed once per person; spec 001 section 5): street (≤ 100), postcode
 * valid for the country, city (≤ 60), country (code or name), birth date as DDMMYY that names a real day, the
 * checkbox, and a signature. Codes: `REQUIRED`, `TOO_LONG`, `COUNTRY_UNKNOWN`, `POSTCODE_INVALID_FOR_COUNTRY`,
 * `BIRTH_DATE_INVALID`, `NOT_CONFIRMED`, `SIGNATURE_EMPTY`, `SIGNATURE_INVALID`. Output: `birthDate` ISO, country code.
 */
export function premiumApplicationInput(today: string) {
  const text = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(max, 'TOO_LONG');
  return z
    .object({
      street: text(OWN_CONTRIBUTION_FIELD_LIMITS.street),
      postcode: text(OWN_CONTRIBUTION_FIELD_LIMITS.postcode),
      city: text(OWN_CONTRIBUTION_FIELD_LIMITS.city),
      country: text(60),
      birthDate: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(6, 'BIRTH_DATE_INVALID'),
      confirmed: z.boolean().optional().nullable(),
      signature: signatureInput.optional().nullable(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const country = resolveCountry(v.country);
      if (!country) issue('country', 'COUNTRY_UNKNOWN');
      else if (!postcodeFitsCountry(v.postcode.toUpperCase(), country.code)) issue('postcode', 'POSTCODE_INVALID_FOR_COUNTRY');
      if (!parseBirthDateDdmmyy(v.birthDate, today)) issue('birthDate', 'BIRTH_DATE_INVALID');
      if (v.confirmed !== true) issue('confirmed', 'NOT_CONFIRMED');
      if (!v.signature) issue('signature', 'SIGNATURE_EMPTY');
    })
    .transform((v) => ({
      street: v.street,
      postcode: v.postcode.toUpperCase(),
      city: v.city,
      country: resolveCountry(v.country)!.code,
      birthDate: parseBirthDateDdmmyy(v.birthDate, today)!,
      signature: v.signature!,
    }));
}

export type PremiumApplicationValues = z.output<ReturnType<typeof premiumApplicationInput>>;

/** The premium gauge of a year (server/modules/own-contributions/own-contributions.graphql `PremiumGauge`). All amounts integer cents. */
export interface PremiumGauge {
  year: number;
  /** 102,500: the premium-eligible amount including insurance tax. */
  eligibleCents: number;
  /** 8,542: the same a month. */
  eligibleMonthlyCents: number;
  /** Collected plus scheduled own contributions of the year (including insurance tax). */
  usedCents: number;
  /** Of `usedCents`, already collected. */
  collectedCents: number;
  /** max(0, eligible − used). */
  leftCents: number;
  /** Premium rate, basis points. */
  rateBp: number;
  /** 1,000 EUR × rate: the year's largest premium (4,250 at 4.25 %). */
  maxPremiumCents: number;
  /** Premium on min(used, eligible) without the insurance tax. */
  expectedPremiumCents: number;
  /** Days from today to 30 November of the year; negative afterwards. */
  daysToDeadline: number;
}

/**
 * The premium gauge for `today`: the premium-eligible amount used (collected plus scheduled debits of the year) and
 * left, and the premium it earns at `rateBp` (§ 108a EStG: rate × contributions up to 1,000 EUR, the contributions
 * taken without the 2.5 % insurance tax: used / 1.025). Rounded to the cent, half up.
 */
export function premiumGauge(args: { today: string; collectedCents: number; scheduledCents: number; rateBp: number }): PremiumGauge {
  const year = parseIsoDate(args.today).y;
  const usedCents = args.collectedCents + args.scheduledCents;
  const counted = Math.min(usedCents, PREMIUM_ELIGIBLE_GROSS_CENTS);
  const net = (counted * 10_000) / (10_000 + legalFiguresFor(year).insuranceTaxBp);
  return {
    year,
    eligibleCents: PREMIUM_ELIGIBLE_GROSS_CENTS,
    eligibleMonthlyCents: PREMIUM_ELIGIBLE_MONTHLY_CENTS,
    usedCents,
    collectedCents: args.collectedCents,
    leftCents: Math.max(0, PREMIUM_ELIGIBLE_GROSS_CENTS - usedCents),
    rateBp: args.rateBp,
    maxPremiumCents: Math.round((PREMIUM_BASE_CENTS * args.rateBp) / 10_000),
    expectedPremiumCents: Math.round((net * args.rateBp) / 10_000),
    daysToDeadline: daysToOneOffDeadline(args.today),
  };
}

/** The year's own contributions a mandate amounts to: monthly × 12, or the one-off amount (cents). */
export function yearlyOwnContributionCents(type: MandateType, amountCents: number): number {
  return type === 'MONTHLY' ? amountCents * 12 : amountCents;
}

/**
 * True when the own contributions clearly exceed last year's employer contributions (`EMPLOYER_EXCESS_WARNING_BP`):
 * yearly own amount > employer × 1.25. No warning without employer contributions last year (nothing to compare).
 */
export function exceedsEmployerContribution(type: MandateType, amountCents: number, lastYearEmployerCents: number | null): boolean {
  if (!lastYearEmployerCents || lastYearEmployerCents <= 0) return false;
  return yearlyOwnContributionCents(type, amountCents) * 10_000 > lastYearEmployerCents * (10_000 + EMPLOYER_EXCESS_WARNING_BP);
}

/** The SEPA character set of a mandate reference: letters, digits and `/ - ? : ( ) . , ' +` and space; at most 35. */
export function isValidMandateReference(value: string): boolean {
  return value.length >= 1 && value.length <= 35 && /^[A-Za-z0-9/\-?:().,'+ ]+$/.test(value) && !value.startsWith('/') && !value.includes('//');
}

/**
 * A SEPA creditor identifier (EPC262-08): country code, 2 check digits (ISO 7064 mod 97-10 over the national part and
 * the country code with `00`, the business code excluded), 3 characters business code, national identifier. Austria:
 * 18 characters, for example `AT61ZZZ00000012345` is not checked here for existence, only for form and checksum.
 */
export function isValidCreditorId(value: string): boolean {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(v)) return false;
  const rearranged = v.slice(7) + v.slice(0, 2) + v.slice(2, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}
