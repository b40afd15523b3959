import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  credentials,
  employers,
  persons,
  pkContracts,
  registrationCodes,
  vkAccounts,
  vrgs,
  type EmployerRow,
  type NewPersonRow,
  type PersonRow,
  type PkContractRow,
  type VkAccountRow,
} from '../../../db/schema';

/** Queries of `upsertMember` (decision 0057). Writes run inside the caller's write transaction. */
export function createMemberUpsertStore(db: Db) {
  const first = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];
  return {
    personBySvnr: (svnr: string): Promise<PersonRow | undefined> => first(db.select().from(persons).where(eq(persons.svnr, svnr)).limit(1)),
    /** True when another person than `exceptPersonId` (0: anyone) has the e-mail `email`. */
    async emailTaken(email: string, exceptPersonId: number): Promise<boolean> {
      return (
        (
          await db
            .select({ id: persons.id })
            .from(persons)
            .where(and(eq(persons.email, email), ne(persons.id, exceptPersonId)))
            .limit(1)
        ).length > 0
      );
    },
    /** True when the person has portal access (a credentials row, whatever its status). */
    async hasAccess(personId: number): Promise<boolean> {
      return (await db.select({ id: credentials.personId }).from(credentials).where(eq(credentials.personId, personId)).limit(1)).length > 0;
    },
    async insertPerson(row: NewPersonRow): Promise<PersonRow> {
      return (await db.insert(persons).values(row).returning())[0]!;
    },
    async updatePerson(id: number, patch: Partial<NewPersonRow>): Promise<void> {
      await db.update(persons).set(patch).where(eq(persons.id, id));
    },
    async vrgExists(number: number): Promise<boolean> {
      return (await db.select({ n: vrgs.number }).from(vrgs).where(eq(vrgs.number, number)).limit(1)).length > 0;
    },
    employer: (customerNumber: string): Promise<EmployerRow | undefined> => first(db.select().from(employers).where(eq(employers.customerNumber, customerNumber)).limit(1)),
    async insertEmployer(row: { customerNumber: string; name: string; city: string }): Promise<EmployerRow> {
      return (await db.insert(employers).values(row).returning())[0]!;
    },
    async updateEmployer(id: number, patch: { name: string; city: string }): Promise<void> {
      await db.update(employers).set(patch).where(eq(employers.id, id));
    },
    pkContract: (contractNumber: string): Promise<PkContractRow | undefined> => first(db.select().from(pkContracts).where(eq(pkContracts.contractNumber, contractNumber)).limit(1)),
    async insertPkContract(row: Omit<PkContractRow, 'id'>): Promise<void> {
      await db.insert(pkContracts).values(row);
    },
    async updatePkContract(id: number, patch: Partial<PkContractRow>): Promise<void> {
      await db.update(pkContracts).set(patch).where(eq(pkContracts.id, id));
    },
    vkAccount: (accountNumber: string): Promise<VkAccountRow | undefined> => first(db.select().from(vkAccounts).where(eq(vkAccounts.accountNumber, accountNumber)).limit(1)),
    async insertVkAccount(row: Omit<VkAccountRow, 'id'>): Promise<void> {
      await db.insert(vkAccounts).values(row);
    },
    async updateVkAccount(id: number, patch: Partial<VkAccountRow>): Promise<void> {
      await db.update(vkAccounts).set(patch).where(eq(vkAccounts.id, id));
    },
    async insertCode(row: typeof registrationCodes.$inferInsert): Promise<number> {
      return (await db.insert(registrationCodes).values(row).returning({ id: registrationCodes.id }))[0]!.id;
    },
    async setLetterFile(codeId: number, letterFile: string): Promise<void> {
      await db.update(registrationCodes).set({ letterFile }).where(eq(registrationCodes.id, codeId));
    },
  };
}

export type MemberUpsertStore = ReturnType<typeof createMemberUpsertStore>;
