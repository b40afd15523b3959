/**
 * Members in (decision 0057): the fund's core system creates or updates a person with the Pensionskasse contracts and
 * Vorsorgekasse accounts it holds, found by insurance number. Fields are checked with the member side's rules
 * (`@contract/svnr`, `@contract/profile` address and text rules), so the fund cannot store what a member could not. A
 * new person gets a registration code by post (spec 001 section 2). Built once per process; takes the actor, so the
 * staff workbench calls the same function.
 */
import { createHash } from 'node:crypto';
import { afterCommit, writeTransaction, type Db } from '../../../db/client';
import type { NewPersonRow, PersonRow, PkContractRow, VkAccountRow } from '../../../db/schema';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import { writeCodeLetter } from '../../platform/letters/code-letter';
import { codeLetterRecipient } from '../../modules/registration/registration.deps';
import { CODE_VALID_DAYS, newCode } from '../../modules/registration/registration.rules';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { err, ok, type Err, type Result } from '../../platform/shared/result';
import { isoDateVienna } from '@contract/dates';
import { validateAddress } from '@contract/profile';
import { checkEmail, checkIsoDate, checkText } from '@contract/profile-fields';
import { insuranceNumberKind, normalizeSvnr } from '@contract/svnr';
import type { EventActor } from '../events/event-types';
import type { FundEventsStore } from '../events/events.store';
import type { MemberUpsertStore } from './member-upsert.store';

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

type UpsertResult = Result<UpsertedMember, UpsertMemberCode>;

const NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/;
const MAX_INT = 2_147_483_647;

const refuse = (code: UpsertMemberCode, field: string): Err<UpsertMemberCode> => err(code, [{ field, code }]);

/** Carries a refusal found inside the transaction out of it, so that everything written before it is rolled back. */
class Refused {
  constructor(readonly result: Err<UpsertMemberCode>) {}
}

/** The person's columns from the checked input. */
type PersonFields = Pick<
  NewPersonRow,
  'svnr' | 'lfn' | 'gender' | 'titlePrefix' | 'titleSuffix' | 'firstName' | 'lastName' | 'birthDate' | 'street' | 'postcode' | 'city' | 'country' | 'poBox' | 'addressValidFrom'
> & {
  email: string | null;
};

/** The keys of `next` whose value differs from `current`'s. */
function changedKeys<T extends object>(current: T, next: Partial<T>): (keyof T)[] {
  return (Object.keys(next) as (keyof T)[]).filter((k) => next[k] !== undefined && next[k] !== current[k]);
}

/** Only the entries of `next` that differ from `current`. */
function patchOf<T extends object>(current: T, next: Partial<T>): Partial<T> {
  return Object.fromEntries(changedKeys(current, next).map((k) => [k, next[k]])) as Partial<T>;
}

/** Checks an employer; its normalised fields or the refusal at `path`. */
function checkEmployer(e: EmployerInput, path: string): Result<EmployerInput, UpsertMemberCode> {
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
function checkPerson(input: UpsertMemberInput, today: string): Result<PersonFields, UpsertMemberCode> {
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
function checkHoldings(input: UpsertMemberInput): Err<UpsertMemberCode> | null {
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

/**
 * `upsertMember` of the fund's API. `deps.store` runs the queries; `deps.events` records `member.upserted`; a new
 * person's registration code is stored (hash only, origin FUND) and its letter written to LETTERS_DIR after the commit.
 */
export function createMemberUpsertService(deps: {
  db: Db;
  store: MemberUpsertStore;
  events: FundEventsStore;
  tenant: TenantDefinition;
  config: Pick<Config, 'LETTERS_DIR'>;
  clock: Clock;
  logger: Logger;
}) {
  const { db, store, clock, logger } = deps;

  /** The employer of `e` (normalised), created when new and its name and city brought up to date; its id. */
  async function employerId(e: EmployerInput): Promise<number> {
    const found = await store.employer(e.customerNumber);
    if (!found) return (await store.insertEmployer(e)).id;
    const patch = patchOf(found, { name: e.name, city: e.city });
    if (Object.keys(patch).length > 0) await store.updateEmployer(found.id, { name: e.name, city: e.city });
    return found.id;
  }

  /** The normalised employer (checked before the transaction, so this cannot fail). */
  const normal = (e: EmployerInput): EmployerInput => {
    const checked = checkEmployer(e, '');
    return checked.ok ? checked.value : e;
  };

  /** Inserts or updates the pension contracts; the refusal, or the number of rows written. */
  async function writeContracts(personId: number, contracts: readonly PensionContractInput[]): Promise<Result<number, UpsertMemberCode>> {
    let written = 0;
    for (const [i, c] of contracts.entries()) {
      if (!(await store.vrgExists(c.vrg))) return refuse('VRG_UNKNOWN', `pensionContracts.${i}.vrg`);
      const found = await store.pkContract(c.contractNumber);
      if (found && found.personId !== personId) return refuse('CONTRACT_OF_OTHER_PERSON', `pensionContracts.${i}.contractNumber`);
      const employer = await employerId(normal(c.employer));
      const row: Omit<PkContractRow, 'id'> = {
        personId,
        contractNumber: c.contractNumber,
        vrg: c.vrg,
        employerId: employer,
        customerId: c.customer ? await employerId(normal(c.customer)) : employer,
        calculationInterestRateBp: c.calculationInterestRateBp,
        widowTransitionPercent: c.widowTransitionPercent,
        partnerRule: c.partnerRule,
        role: c.role,
        startDate: c.startDate,
        pensionStartDate: c.pensionStartDate ?? null,
        monthlyPensionCents: c.monthlyPensionCents ?? null,
        calculatorAccess: c.calculatorAccess ?? 'FULL',
      };
      if (!found) {
        await store.insertPkContract(row);
        written++;
      } else if (changedKeys(found, row).length > 0) {
        await store.updatePkContract(found.id, patchOf(found, row));
        written++;
      }
    }
    return ok(written);
  }

  /** Inserts or updates the severance accounts; the refusal, or the number of rows written. */
  async function writeAccounts(personId: number, accounts: readonly SeveranceAccountInput[]): Promise<Result<number, UpsertMemberCode>> {
    let written = 0;
    for (const [i, a] of accounts.entries()) {
      const found = await store.vkAccount(a.accountNumber);
      if (found && found.personId !== personId) return refuse('CONTRACT_OF_OTHER_PERSON', `severanceAccounts.${i}.accountNumber`);
      const row: Omit<VkAccountRow, 'id'> = {
        personId,
        accountNumber: a.accountNumber,
        employerId: await employerId(normal(a.employer)),
        startDate: a.startDate,
        endDate: a.endDate ?? null,
        status: a.status,
        rightToDecideSince: a.rightToDecideSince ?? null,
        rightToDecideReason: a.rightToDecideReason ?? null,
        selfEmployed: a.selfEmployed ?? false,
      };
      if (!found) {
        await store.insertVkAccount(row);
        written++;
      } else if (changedKeys(found, row).length > 0) {
        await store.updateVkAccount(found.id, patchOf(found, row));
        written++;
      }
    }
    return ok(written);
  }

  /** Stores a registration code for the new person `person` and queues its letter (written after the commit). */
  async function queueRegistrationLetter(person: PersonRow): Promise<void> {
    const code = newCode('REGISTRATION_CODE');
    const now = clock.now();
    const validUntil = now + CODE_VALID_DAYS * 86_400_000;
    const codeHash = createHash('sha256').update(code).digest('base64url');
    const codeId = await store.insertCode({
      personId: person.id,
      kind: 'REGISTRATION_CODE',
      codeHash,
      origin: 'FUND',
      createdAt: isoInstant(now),
      expiresAt: isoInstant(validUntil),
    });
    afterCommit(() => {
      writeCodeLetter(deps.config.LETTERS_DIR, codeId, deps.tenant, {
        kind: 'REGISTRATION_CODE',
        code,
        date: isoDateVienna(now),
        validUntil: isoDateVienna(validUntil),
        recipient: codeLetterRecipient(person),
        occasion: 'NEW_MEMBER',
      })
        .then((file) => writeTransaction(db, () => store.setLetterFile(codeId, file)).then(() => logger.info('code letter written', { codeId, file })))
        .catch((error: unknown) => logger.error('code letter failed', { codeId, error: error instanceof Error ? error.message : String(error) }));
    });
  }

  return {
    /**
     * Creates or updates the person with insurance number `input.svnr` for `actor` (decision 0057). Every field is
     * checked first (member-side rules; refusals with the field's path, e.g. `address.postcode`,
     * `pensionContracts.0.vrg`); then in one write transaction: the person (created, or the given fields updated; the
     * e-mail of a person with portal access is the member's: EMAIL_MANAGED_BY_MEMBER when it would change), the
     * employers by customer number, the contracts and accounts by number (contracts not named stay as they are; a
     * number of another person is CONTRACT_OF_OTHER_PERSON), for a new person a registration-code letter, and the event
     * `member.upserted` when anything was written. An input equal to the stored data writes nothing (`changed: false`).
     * A refusal writes nothing.
     */
    async upsertMember(actor: EventActor, input: UpsertMemberInput): Promise<UpsertResult> {
      const today = isoDateVienna(clock.now());
      const checked = checkPerson(input, today);
      if (!checked.ok) return checked;
      const holdingsRefused = checkHoldings(input);
      if (holdingsRefused) return holdingsRefused;
      const fields = checked.value;
      const contracts = input.pensionContracts ?? [];
      const accounts = input.severanceAccounts ?? [];
      try {
        return await writeTransaction(db, async (): Promise<UpsertResult> => {
          const found = await store.personBySvnr(fields.svnr);
          if (!found && contracts.length === 0 && accounts.length === 0) throw new Refused(refuse('NO_HOLDINGS', 'pensionContracts'));
          if (fields.email !== null && (await store.emailTaken(fields.email, found?.id ?? 0))) throw new Refused(refuse('EMAIL_TAKEN', 'email'));
          const now = isoInstant(clock.now());
          let person: PersonRow;
          let changedFields: string[] = [];
          if (!found) {
            person = await store.insertPerson({ ...fields, createdAt: now, updatedAt: now });
          } else {
            // The e-mail is kept unless given; a member's login e-mail is the member's to change.
            const next: Partial<PersonFields> = fields.email === null ? { ...fields, email: undefined } : { ...fields };
            // Without a validFrom an unchanged address keeps the date it is valid from (the default is only today's).
            const addressKeys = ['street', 'postcode', 'city', 'country', 'poBox'] as const;
            if (!input.address.validFrom && addressKeys.every((k) => found[k] === fields[k])) next.addressValidFrom = undefined;
            changedFields = changedKeys(found, next).map(String);
            if (changedFields.includes('email') && (await store.hasAccess(found.id))) throw new Refused(refuse('EMAIL_MANAGED_BY_MEMBER', 'email'));
            if (changedFields.length > 0) await store.updatePerson(found.id, { ...patchOf(found, next), updatedAt: now });
            person = found;
          }
          const pk = await writeContracts(person.id, contracts);
          if (!pk.ok) throw new Refused(pk);
          const vk = await writeAccounts(person.id, accounts);
          if (!vk.ok) throw new Refused(vk);
          const created = !found;
          if (created) await queueRegistrationLetter(person);
          const changed = created || changedFields.length > 0 || pk.value > 0 || vk.value > 0;
          if (changed) {
            await deps.events.record({
              type: 'member.upserted',
              personId: person.id,
              subjectId: person.id,
              actor,
              data: {
                created,
                changedFields,
                pensionContracts: contracts.map((c) => c.contractNumber),
                severanceAccounts: accounts.map((a) => a.accountNumber),
                registrationLetterQueued: created,
              },
            });
          }
          return ok({ personId: person.id, svnr: fields.svnr, created, changed, registrationLetterQueued: created });
        });
      } catch (error) {
        // A refusal found inside the transaction is thrown so that everything written before it is rolled back.
        if (error instanceof Refused) return error.result;
        throw error;
      }
    },
  };
}

export type MemberUpsertService = ReturnType<typeof createMemberUpsertService>;
