/**
 * Members in (decision 0057): the fund's core system creates or updates a person with the Pensionskasse contracts and
 * Vorsorgekasse accounts it holds, found by insurance number. Fields are checked with the member side's rules
 * (`@contract/svnr`, `@contract/profile` address and text rules), so the fund cannot store what a member could not. A
 * new person gets a registration code by post (spec 001 section 2). Built once per process; takes the actor, so the
 * staff workbench calls the same function.
 */
import { createHash } from 'node:crypto';
import { afterCommit, writeTransaction, type Db } from '../../../db/client';
import type { PersonRow, PkContractRow, VkAccountRow } from '../../../db/schema';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import { writeCodeLetter } from '../../platform/letters/code-letter';
import { codeLetterRecipient } from '../../modules/registration/registration.deps';
import { CODE_VALID_DAYS, newCode } from '../../modules/registration/registration.rules';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { ok, type Err, type Result } from '../../platform/shared/result';
import { isoDateVienna } from '@contract/dates';
import type { EventActor } from '../events/event-types';
import type { FundEventsStore } from '../events/events.store';
import {
  checkEmployer,
  checkHoldings,
  checkPerson,
  refuse,
  type EmployerInput,
  type PensionContractInput,
  type PersonFields,
  type SeveranceAccountInput,
  type UpsertedMember,
  type UpsertMemberCode,
  type UpsertMemberInput,
} from './member-upsert.rules';
import type { MemberUpsertStore } from './member-upsert.store';

type UpsertResult = Result<UpsertedMember, UpsertMemberCode>;

/** Carries a refusal found inside the transaction out of it, so that everything written before it is rolled back. */
class Refused {
  constructor(readonly result: Err<UpsertMemberCode>) {}
}

/** The keys of `next` whose value differs from `current`'s. */
function changedKeys<T extends object>(current: T, next: Partial<T>): (keyof T)[] {
  return (Object.keys(next) as (keyof T)[]).filter((k) => next[k] !== undefined && next[k] !== current[k]);
}

/** Only the entries of `next` that differ from `current`. */
function patchOf<T extends object>(current: T, next: Partial<T>): Partial<T> {
  return Object.fromEntries(changedKeys(current, next).map((k) => [k, next[k]])) as Partial<T>;
}

/**
 * Writes the contract or account `row`: inserted when nothing was `found` under its number, else only its fields that
 * differ updated. 1 when a row was written, 0 when the stored row already equalled it.
 */
async function writeHolding<R extends { id: number }>(
  found: R | undefined,
  row: Omit<R, 'id'>,
  insert: (row: Omit<R, 'id'>) => Promise<void>,
  update: (id: number, patch: Partial<R>) => Promise<void>,
): Promise<number> {
  if (!found) {
    await insert(row);
    return 1;
  }
  const next = row as Partial<R>;
  if (changedKeys(found, next).length === 0) return 0;
  await update(found.id, patchOf(found, next));
  return 1;
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
      written += await writeHolding(found, row, store.insertPkContract, store.updatePkContract);
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
      written += await writeHolding(found, row, store.insertVkAccount, store.updateVkAccount);
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
