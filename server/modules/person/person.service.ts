import type { PersonRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import { isoDateVienna } from '@contract/dates';
import { notFound } from '../../platform/shared/errors';
import type { RequestScope } from '../../platform/shared/request-scope';
import type { PersonalDataRow, PersonStore } from './person.store';

/** The legacy person block of spec 000 section 3 ("Newsletter decision response" person data). */
export interface LegacyPersonFields {
  bIsMaennlich: boolean;
  titelVorne: string | null;
  vorname: string;
  nachname: string;
  titelHinten: string | null;
  email: string | null;
}

/** Postal address in the legacy blocks (changed on /einstellungen, spec 001 section 2 "Profile"). */
export interface LegacyAddress {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  /** ISO 3166-1 alpha-2 code. */
  land: string;
  postfach: string | null;
  gueltigAb: string | null;
}

/** The bank account in force today in the legacy blocks (IBAN in electronic format); null when none is on file. */
export interface LegacyBankAccount {
  kontoinhaber: string;
  bankname: string;
  iban: string;
  bic: string | null;
  gueltigAb: string;
}

/**
 * The legacy `getPersonalData` answer (spec 000 section 3 "Personal data"): the Pensionskasse block under `VBVPK`
 * with `awb` (true while the person is Anwartschaftsberechtigte/r) and `bLeistungsnachweisDigital`; the
 * severance block under the tenant's key (`VBVVK` or `NOEVK`) with `bABPBPerMail`. A block is null when the
 * person has no contract with that fund (or the tenant does not offer it). Both blocks also carry the address
 * (`adresse`) and the current bank account (`bankverbindung`), so a change made on /einstellungen shows here.
 */
type LegacyContactFields = { adresse: LegacyAddress; bankverbindung: LegacyBankAccount | null };
export type LegacyPkBlock = LegacyPersonFields & LegacyContactFields & { awb: boolean; bLeistungsnachweisDigital: boolean | null };
export type LegacyVkBlock = LegacyPersonFields & LegacyContactFields & { bABPBPerMail: boolean };
export type LegacyPersonalData = { VBVPK: LegacyPkBlock | null; [severanceDataKey: string]: LegacyPkBlock | LegacyVkBlock | null };

export function createPersonService(deps: {
  store: PersonStore;
  accounts: AccountsService;
  tenant: TenantDefinition;
  /** Today's ISO date (Vienna) for the bank account in force; the system clock's when not given. */
  today?: () => string;
}) {
  const { store, accounts, tenant } = deps;

  function legacyFields(p: PersonalDataRow): LegacyPersonFields {
    return {
      bIsMaennlich: p.gender === 'MALE',
      titelVorne: p.titlePrefix,
      vorname: p.firstName,
      nachname: p.lastName,
      titelHinten: p.titleSuffix,
      email: p.email,
    };
  }

  return {
    /** The person row of the session. Throws NOT_FOUND only if the row vanished (access deleted meanwhile). */
    async get(personId: number): Promise<PersonRow> {
      const row = await store.findById(personId);
      if (!row) throw notFound();
      return row;
    },

    /** Legacy personal data (REST `getPersonalData`); contracts and accounts through the request's loaders. */
    async legacyPersonalData(scope: RequestScope, personId: number): Promise<LegacyPersonalData> {
      const person = await store.personalData(personId);
      if (!person) throw notFound();
      const [pk, vk] = await Promise.all([accounts.pensionContracts(scope, personId), accounts.severanceAccounts(scope, personId)]);
      const bank = await store.currentBankAccount(personId, deps.today?.() ?? isoDateVienna(Date.now()));
      const base = {
        ...legacyFields(person),
        adresse: {
          strasse: person.street,
          plz: person.postcode,
          ort: person.city,
          land: person.country,
          postfach: person.poBox,
          gueltigAb: person.addressValidFrom,
        },
        bankverbindung: bank ? { kontoinhaber: bank.accountHolder, bankname: bank.bankName, iban: bank.iban, bic: bank.bic, gueltigAb: bank.validFrom } : null,
      };
      return {
        VBVPK: pk.length ? { ...base, awb: pk.some((c) => c.role === 'MEMBER'), bLeistungsnachweisDigital: person.benefitStatementDigital } : null,
        [tenant.severanceDataKey]: vk.length ? { ...base, bABPBPerMail: person.accountStatementByMail } : null,
      };
    },
  };
}

export type PersonService = ReturnType<typeof createPersonService>;
