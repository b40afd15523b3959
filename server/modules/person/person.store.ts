import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedRead } from '../../../db/prepared';
import { bankAccounts, persons, type BankAccountRow, type PersonRow } from '../../../db/schema';

/**
 * The bank account of a person in force on `today` (ISO date): the latest validFrom not after it, the newest entry on a
 * tie; undefined before the first one. One reader per store (the person and the profile stores), prepared once; inside
 * a write transaction it reads the transaction's state (db/prepared.ts).
 */
export function currentBankAccountReader(db: Db): (personId: number, today: string) => Promise<BankAccountRow | undefined> {
  const query = preparedRead('bank_account_current', () =>
    db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.personId, sql.placeholder('personId')), lte(bankAccounts.validFrom, sql.placeholder('today'))))
      .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
      .limit(1),
  );
  return async (personId, today) => (await query().execute({ personId, today }))[0];
}

/** The person columns REST `getPersonalData` answers (spec 000 section 3): name, e-mail, address, two preferences. */
const PERSONAL_DATA = {
  gender: persons.gender,
  titlePrefix: persons.titlePrefix,
  firstName: persons.firstName,
  lastName: persons.lastName,
  titleSuffix: persons.titleSuffix,
  email: persons.email,
  street: persons.street,
  postcode: persons.postcode,
  city: persons.city,
  country: persons.country,
  poBox: persons.poBox,
  addressValidFrom: persons.addressValidFrom,
  benefitStatementDigital: persons.benefitStatementDigital,
  accountStatementByMail: persons.accountStatementByMail,
};

/** What `personalData` reads of a person row. */
export type PersonalDataRow = Pick<PersonRow, keyof typeof PERSONAL_DATA>;

/** Person queries; every one takes the person id from the caller's session. */
export function createPersonStore(db: Db) {
  const byId = preparedRead('person_by_id', () =>
    db
      .select()
      .from(persons)
      .where(eq(persons.id, sql.placeholder('id'))),
  );
  const personalDataOf = preparedRead('person_personal_data', () =>
    db
      .select(PERSONAL_DATA)
      .from(persons)
      .where(eq(persons.id, sql.placeholder('id'))),
  );
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return (await byId().execute({ id }))[0];
    },
    /** The columns of `getPersonalData` (14 of the row's 35: less to read and map on every call). */
    async personalData(id: number): Promise<PersonalDataRow | undefined> {
      return (await personalDataOf().execute({ id }))[0];
    },
    /** The bank account in force on `today` (`currentBankAccountReader`). */
    currentBankAccount: currentBankAccountReader(db),
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
