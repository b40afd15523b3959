/**
 * The input of `upsertMember` (decision 0057) and its checks, done before any write: the person's own fields with
 * the member side's rules (`@contract/svnr`, `@contract/profile` address and text rules), so that the fund cannot store
 * what a member could not, and the holdings' own fields (numbers, duplicates, employers, ranges, dates). Each refusal
 * names the field's path (e.g. `address.postcode`, `pensionContracts.0.startDate`). The writes are in
 * member-upsert.service.ts.
 */
import type { NewPersonRow, PersonRow, PkContractRow, VkAccountRow } from '../../../db/schema';
import { err, ok, type Err, type Result } from '../../platform/shared/result';
import { checkEmail, checkIsoDate, checkText } from '@contract/profile-fields';
import { validateAddress } from '@contract/profile';
import { insuranceNumberKind, normalizeSvnr } from '@contract/svnr';

/** An employer (or contracting customer) as the core system names it; found or created by `customerNumber`. */
export interface EmployerInput {
  customerNumber: string;
  name: string;
  city: string;
}

/** A Pensionskasse contract (`pk_contracts`); found by `contractNumber`. */
export interface PensionContractInput {
  contractNumber: string;
  vrg: number;
  employer: EmployerInput;
  /** The contracting customer (Kunde); the employer when absent. */
  customer?: EmployerInput | null;
  /** Rechnungszins in basis points per year, 0 to 600 (200 = 2.00 % p.a.). */
  calculationInterestRateBp: number;
  /** Widow/widower transition in percent of the pension, 0 to 100. */
  widowTransitionPercent: number;
  partnerRule: PkContractRow['partnerRule'];
  role: PkContractRow['role'];
  startDate: string;
  /** First day of the pension; required for a BENEFICIARY. */
  pensionStartDate?: string | null;
  /** Gross monthly pension in cents; required for a BENEFICIARY. */
  monthlyPensionCents?: number | null;
  /** FULL unless given. */
  calculatorAccess?: PkContractRow['calculatorAccess'] | null;
}

/** A Vorsorgekasse account (`vk_accounts`); found by `accountNumber`. */
export interface SeveranceAccountInput {
  accountNumber: string;
  employer: EmployerInput;
  startDate: string;
  endDate?: string | null;
  status: VkAccountRow['status'];
  rightToDecideSince?: string | null;
  rightToDecideReason?: VkAccountRow['rightToDecideReason'] | null;
  /** False unless given. */
  selfEmployed?: boolean | null;
}

/** What `upsertMember` takes (the GraphQL input `UpsertMemberInput` satisfies it). */
export interface UpsertMemberInput {
  svnr: string;
  /** Running number (LFN) of the person in the core system, 1 to 2,147,483,647. */
  lfn: number;
  gender: PersonRow['gender'];
  titlePrefix?: string | null;
  titleSuffix?: string | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Optional; the login e-mail of a person without portal access only (a member's own e-mail is the member's). */
  email?: string | null;
  address: { street: string; postcode: string; city: string; country: string; poBox?: string | null; validFrom?: string | null };
  pensionContracts?: readonly PensionContractInput[] | null;
  severanceAccounts?: readonly SeveranceAccountInput[] | null;
}

/** The answer of `upsertMember`. */
export interface UpsertedMember {
  personId: number;
  /** The normalised insurance number. */
  svnr: string;
  created: boolean;
  /** True when anything was written (false: the stored data already equalled the input). */
  changed: boolean;
  /** True when a registration-code letter was queued (a new person). */
  registrationLetterQueued: boolean;
}

export type UpsertMemberCode =
  | 'SVNR_INVALID'
  | 'LFN_INVALID'
  | 'NAME_INVALID'
  | 'BIRTH_DATE_INVALID'
  | 'EMAIL_INVALID'
  | 'EMAIL_TAKEN'
  | 'EMAIL_MANAGED_BY_MEMBER'
  | 'ADDRESS_INVALID'
  | 'NO_HOLDINGS'
  | 'NUMBER_INVALID'
  | 'DUPLICATE_NUMBER'
  | 'EMPLOYER_INVALID'
  | 'VRG_UNKNOWN'
  | 'CONTRACT_INVALID'
  | 'CONTRACT_OF_OTHER_PERSON';

/** The English message of each refusal (decision 0053). */
export const UPSERT_MEMBER_MESSAGES: Readonly<Record<UpsertMemberCode, string>> = {
  SVNR_INVALID: 'svnr is no valid insurance number (10-digit SVNR with its check digit, or R/A number).',
  LFN_INVALID: 'lfn must be an integer from 1 to 2147483647.',
  NAME_INVALID: 'A name or title is missing, too long (names 60, titles 30 characters) or has characters a name cannot have.',
  BIRTH_DATE_INVALID: 'birthDate must be a date from 1900-01-01 to today.',
  EMAIL_INVALID: 'email is no valid e-mail address.',
  EMAIL_TAKEN: 'Another person has this e-mail address.',
  EMAIL_MANAGED_BY_MEMBER: 'The person has portal access; the login e-mail is changed by the member, not by the fund.',
  ADDRESS_INVALID: 'The address is incomplete or invalid (see the field; Austrian postcodes have four digits).',
  NO_HOLDINGS: 'A new person needs at least one pension contract or severance account.',
  NUMBER_INVALID: 'A contract, account or customer number must be 1 to 40 characters of letters, digits, space, ".", "/" and "-".',
  DUPLICATE_NUMBER: 'A contract or account number appears twice in the input.',
  EMPLOYER_INVALID: 'An employer or customer name or city is missing, too long (100/60) or invalid.',
  VRG_UNKNOWN: 'No VRG with this number.',
  CONTRACT_INVALID: 'A contract or account field is out of range or inconsistent (see the field).',
  CONTRACT_OF_OTHER_PERSON: 'The contract or account number belongs to another person.',
};

const NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/;
const MAX_INT = 2_147_483_647;

/** The refusal `code` about the input field at the dotted path `field`. */
export const refuse = (code: UpsertMemberCode, field: string): Err<UpsertMemberCode> => err(code, [{ field, code }]);

/** The person's columns from the checked input. */
export type PersonFields = Pick<
  NewPersonRow,
  'svnr' | 'lfn' | 'gender' | 'titlePrefix' | 'titleSuffix' | 'firstName' | 'lastName' | 'birthDate' | 'street' | 'postcode' | 'city' | 'country' | 'poBox' | 'addressValidFrom'
> & {
  email: string | null;
};

/** Checks an employer; its normalised fields or the refusal at `path`. */
export function checkEmployer(e: EmployerInput, path: string): Result<EmployerInput, UpsertMemberCode> {
  if (!NUMBER.test(e.customerNumber)) return refuse('NUMBER_INVALID', `${path}.customerNumber`);
  const name = checkText(e.name, 100);
  if (!name.ok) return refuse('EMPLOYER_INVALID', `${path}.name`);
  const city = checkText(e.city, 60);
  if (!city.ok) return refuse('EMPLOYER_INVALID', `${path}.city`);
  return ok({ customerNumber: e.customerNumber, name: name.value!, city: city.value! });
}

/** True for a valid ISO date `value` (null/undefined only when optional). */
function dateOk(value: string | null | undefined, optional: boolean): boolean {
  if (value === null || value === undefined) return optional;
  return checkIsoDate(value).ok;
}

/** Checks the person's own fields with the member side's rules; the columns to store, or the refusal. */
export function checkPerson(input: UpsertMemberInput, today: string): Result<PersonFields, UpsertMemberCode> {
  const svnr = normalizeSvnr(input.svnr.slice(0, 40));
  if (insuranceNumberKind(svnr) === null) return refuse('SVNR_INVALID', 'svnr');
  if (!Number.isInteger(input.lfn) || input.lfn < 1 || input.lfn > MAX_INT) return refuse('LFN_INVALID', 'lfn');
  const names = { firstName: checkText(input.firstName, 60), lastName: checkText(input.lastName, 60) };
  const titles = { titlePrefix: checkText(input.titlePrefix, 30, { optional: true }), titleSuffix: checkText(input.titleSuffix, 30, { optional: true }) };
  for (const [field, check] of Object.entries({ ...names, ...titles })) if (!check.ok) return refuse('NAME_INVALID', field);
  const birth = checkIsoDate(input.birthDate);
  if (!birth.ok || birth.value! < '1900-01-01' || birth.value! > today) return refuse('BIRTH_DATE_INVALID', 'birthDate');
  let email: string | null = null;
  if (input.email !== null && input.email !== undefined) {
    const checked = checkEmail(input.email);
    if (!checked.ok) return refuse('EMAIL_INVALID', 'email');
    email = checked.value;
  }
  const a = input.address;
  const address = validateAddress({ ...a, validFrom: a.validFrom ?? today });
  if (!address.ok) return refuse('ADDRESS_INVALID', `address.${address.fieldErrors[0]!.field}`);
  const v = address.value;
  return ok({
    svnr,
    lfn: input.lfn,
    gender: input.gender,
    titlePrefix: titles.titlePrefix.ok ? titles.titlePrefix.value : null,
    titleSuffix: titles.titleSuffix.ok ? titles.titleSuffix.value : null,
    firstName: names.firstName.ok ? names.firstName.value! : '',
    lastName: names.lastName.ok ? names.lastName.value! : '',
    birthDate: birth.value!,
    email,
    street: v.street,
    postcode: v.postcode,
    city: v.city,
    country: v.country,
    poBox: v.poBox,
    addressValidFrom: v.validFrom,
  });
}

/** Checks a pension contract's own fields (not the VRG's existence); the refusal at `path`, or null. */
function checkContract(c: PensionContractInput, path: string): Err<UpsertMemberCode> | null {
  if (!NUMBER.test(c.contractNumber)) return refuse('NUMBER_INVALID', `${path}.contractNumber`);
  if (!Number.isInteger(c.calculationInterestRateBp) || c.calculationInterestRateBp < 0 || c.calculationInterestRateBp > 600)
    return refuse('CONTRACT_INVALID', `${path}.calculationInterestRateBp`);
  if (!Number.isInteger(c.widowTransitionPercent) || c.widowTransitionPercent < 0 || c.widowTransitionPercent > 100)
    return refuse('CONTRACT_INVALID', `${path}.widowTransitionPercent`);
  if (!dateOk(c.startDate, false)) return refuse('CONTRACT_INVALID', `${path}.startDate`);
  const beneficiary = c.role === 'BENEFICIARY';
  if (!dateOk(c.pensionStartDate, !beneficiary)) return refuse('CONTRACT_INVALID', `${path}.pensionStartDate`);
  const pension = c.monthlyPensionCents;
  if (beneficiary ? pension === null || pension === undefined || pension < 0 || pension > 100_000_000 : pension !== null && pension !== undefined) {
    return refuse('CONTRACT_INVALID', `${path}.monthlyPensionCents`);
  }
  return null;
}

/** Checks a severance account's own fields; the refusal at `path`, or null. */
function checkAccount(a: SeveranceAccountInput, path: string): Err<UpsertMemberCode> | null {
  if (!NUMBER.test(a.accountNumber)) return refuse('NUMBER_INVALID', `${path}.accountNumber`);
  if (!dateOk(a.startDate, false)) return refuse('CONTRACT_INVALID', `${path}.startDate`);
  if (!dateOk(a.endDate, true) || (a.endDate && a.endDate < a.startDate)) return refuse('CONTRACT_INVALID', `${path}.endDate`);
  if (!dateOk(a.rightToDecideSince, true)) return refuse('CONTRACT_INVALID', `${path}.rightToDecideSince`);
  return null;
}

/** The first refusal of the holdings' own fields (numbers, duplicates, employers, ranges, dates), or null. */
export function checkHoldings(input: UpsertMemberInput): Err<UpsertMemberCode> | null {
  const seen = new Set<string>();
  const holdings = [
    ...(input.pensionContracts ?? []).map((c, i) => ({
      path: `pensionContracts.${i}`,
      key: `PK:${c.contractNumber}`,
      employers: [c.employer, c.customer],
      refused: checkContract(c, `pensionContracts.${i}`),
    })),
    ...(input.severanceAccounts ?? []).map((a, i) => ({
      path: `severanceAccounts.${i}`,
      key: `VK:${a.accountNumber}`,
      employers: [a.employer],
      refused: checkAccount(a, `severanceAccounts.${i}`),
    })),
  ];
  for (const h of holdings) {
    if (h.refused) return h.refused;
    if (seen.has(h.key)) return refuse('DUPLICATE_NUMBER', h.path);
    seen.add(h.key);
    for (const [i, e] of h.employers.entries()) {
      const checked = e ? checkEmployer(e, `${h.path}.${i === 0 ? 'employer' : 'customer'}`) : null;
      if (checked && !checked.ok) return checked;
    }
  }
  return null;
}
