import { and, asc, count, desc, eq, isNotNull, like } from 'drizzle-orm';
import { payoutTaxCents } from '@contract/claims';
import { addDays } from '@contract/dates';
import formsCatalogue from '@contract/i18n/de/forms.json';
import { fill } from '@contract/i18n/fill';
import { writeTransaction, type Db } from '../client';
import {
  formSubmissions,
  mandates,
  mergeRequests,
  messages,
  persons,
  pkContracts,
  premiumApplications,
  publicUploadFiles,
  publicUploads,
  severanceClaims,
  vkAccounts,
  vkStatements,
} from '../schema';

/** What `seedWorkbenchDemo` added, by queue. */
export interface WorkbenchDemoStats {
  claims: number;
  forms: number;
  publicUploads: number;
  mergeRequests: number;
  mandates: number;
  premiumApplications: number;
}

/** Generated members only (`first.last.lfn@example.at`, db/seed/population.ts): never a demo persona of the guides. */
const GENERATED = like(persons.email, '%.%.%@example.at');

/** A one-page PDF, the public upload's file. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The ISO instant `daysAgo` days before `today` (YYYY-MM-DD) at `hour`:00 UTC. */
function instant(today: string, daysAgo: number, hour: number): string {
  return `${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

/**
 * Open work for the fund's workbench in the demo database (decision 0073): `npm start` on an empty database in
 * development seeds it after the members, so a clerk who signs in finds every queue filled. On generated members only:
 * three payout claims (NEW, CHECKING, CHECKED with a definite date in two weeks) on accounts whose owner may decide,
 * with the entitlement of the latest statement and the 6 % wage tax; on the main tenant also two forms (bank data,
 * pension call) with their messages as the forms service stores them, a public upload with a PDF, a PENDING merge request of a member with two
 * accounts, two ACTIVE mandates (monthly and one-off) and a § 108a application. Received one to nine days before
 * `today` (YYYY-MM-DD), so the queues' order and due dates look like a working week; the mandates carry the fund's
 * `creditorId` (config SEPA_CREDITOR_ID). Written through db/schema's
 * tables in one write transaction, so it runs on SQLite and PostgreSQL. Resolves to the counts per queue.
 */
export async function seedWorkbenchDemo(db: Db, options: { tenant: 'main' | 'regional'; today: string; creditorId: string }): Promise<WorkbenchDemoStats> {
  const { today } = options;
  const stats: WorkbenchDemoStats = { claims: 0, forms: 0, publicUploads: 0, mergeRequests: 0, mandates: 0, premiumApplications: 0 };
  const claimable = await db
    .select({ personId: vkAccounts.personId, accountId: vkAccounts.id, firstName: persons.firstName, lastName: persons.lastName })
    .from(vkAccounts)
    .innerJoin(persons, eq(persons.id, vkAccounts.personId))
    .where(and(GENERATED, isNotNull(vkAccounts.rightToDecideSince)))
    .orderBy(asc(vkAccounts.id))
    .limit(3);
  const withContract = await db
    .select({
      personId: pkContracts.personId,
      contractId: pkContracts.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      street: persons.street,
      postcode: persons.postcode,
      city: persons.city,
      country: persons.country,
      birthDate: persons.birthDate,
    })
    .from(pkContracts)
    .innerJoin(persons, eq(persons.id, pkContracts.personId))
    .where(and(GENERATED, eq(pkContracts.role, 'MEMBER')))
    .orderBy(asc(pkContracts.id))
    .limit(4);
  const withTwoAccounts = await db
    .select({ personId: vkAccounts.personId })
    .from(vkAccounts)
    .innerJoin(persons, eq(persons.id, vkAccounts.personId))
    .where(GENERATED)
    .groupBy(vkAccounts.personId)
    .having(eq(count(vkAccounts.id), 2))
    .orderBy(asc(vkAccounts.personId))
    .limit(1);

  await writeTransaction(db, async () => {
    const statuses = ['NEW', 'CHECKING', 'CHECKED'] as const;
    for (const [i, account] of claimable.entries()) {
      const [latest] = await db
        .select({ total: vkStatements.totalEntitlementCents })
        .from(vkStatements)
        .where(eq(vkStatements.accountId, account.accountId))
        .orderBy(desc(vkStatements.stichtag))
        .limit(1);
      const entitlement = latest?.total ?? 0;
      const status = statuses[i]!;
      await db.insert(severanceClaims).values({
        personId: account.personId,
        accountId: account.accountId,
        option: 'PAYOUT',
        payoutType: 'BANK_TRANSFER',
        iban: 'AT611904300234573201',
        bic: 'BKAUATWW',
        entitlementCents: entitlement,
        taxCents: payoutTaxCents(entitlement),
        cashOrderCostCents: 0,
        signatureKind: 'TYPED',
        signatureName: `${account.firstName} ${account.lastName}`,
        status,
        submittedAt: instant(today, 9 - 3 * i, 8 + i),
        statusChangedAt: status === 'NEW' ? null : instant(today, 1, 10),
        definiteDate: status === 'CHECKED' ? addDays(today, 14) : null,
      });
      stats.claims++;
    }
    if (options.tenant !== 'main') return;

    for (const [i, kind] of (['BANK_DATA', 'PENSION_CALL'] as const).entries()) {
      const member = withContract[i];
      if (!member) break;
      // As the forms service stores a sent form: the member's message to the Pensionskasse, read by the member.
      const sentAt = instant(today, 2 + i, 9);
      const title = formsCatalogue.forms.kind[kind].title;
      const [message] = await db
        .insert(messages)
        .values({
          personId: member.personId,
          direction: 'OUTBOUND',
          counterpart: 'PENSION_FUND',
          subject: title,
          body: fill(formsCatalogue.forms.pdf.messageBody, { title }),
          origin: 'PORTAL',
          sentAt,
          readAt: sentAt,
        })
        .returning({ id: messages.id });
      await db.insert(formSubmissions).values({ personId: member.personId, kind, messageId: message!.id, submittedAt: sentAt });
      stats.forms++;
    }

    const createdAt = instant(today, 4, 14);
    const [upload] = await db
      .insert(publicUploads)
      .values({ firstName: 'Otto', lastName: 'Ohnelogin', svnr: '1237010180', email: 'otto.ohnelogin@example.com', message: 'Meldezettel für meinen Antrag', createdAt })
      .returning({ id: publicUploads.id });
    await db.insert(publicUploadFiles).values({
      id: `demo-upload-${upload!.id}`,
      captchaChallenge: 'demo',
      submissionId: upload!.id,
      fileName: 'meldezettel.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      content: PDF,
      createdAt,
      expiresAt: '2100-01-01T00:00:00.000Z',
    });
    stats.publicUploads++;

    const merging = withTwoAccounts[0];
    if (merging) {
      const [person] = await db.select().from(persons).where(eq(persons.id, merging.personId));
      const accounts = await db.select({ number: vkAccounts.accountNumber }).from(vkAccounts).where(eq(vkAccounts.personId, merging.personId)).orderBy(asc(vkAccounts.id));
      await db.insert(mergeRequests).values({
        personId: person!.id,
        status: 'PENDING',
        firstName: person!.firstName,
        lastName: person!.lastName,
        svnr: person!.svnr ?? '',
        email: person!.email ?? '',
        signatureType: 'DIGITAL',
        signatureKind: 'TYPED',
        signatureName: `${person!.firstName} ${person!.lastName}`,
        accountNumbers: accounts[0]!.number,
        targetAccountNumber: accounts.at(-1)!.number,
        submittedAt: instant(today, 6, 11),
      });
      stats.mergeRequests++;
    }

    for (const [i, member] of withContract.slice(2).entries()) {
      const owner = `${member.firstName} ${member.lastName}`;
      await db.insert(mandates).values({
        personId: member.personId,
        contractId: member.contractId,
        type: i === 0 ? 'MONTHLY' : 'ONE_OFF',
        amountCents: i === 0 ? 5_000 : 120_000,
        iban: 'AT611904300234573201',
        accountOwner: owner,
        startDate: addDays(today, 20),
        mandateReference: `DEMO-${member.contractId}-${i}`,
        creditorId: options.creditorId,
        status: 'ACTIVE',
        createdAt: instant(today, 5 - i, 15),
      });
      stats.mandates++;
      if (i === 0) {
        await db.insert(premiumApplications).values({
          personId: member.personId,
          street: member.street ?? '',
          postcode: member.postcode ?? '',
          city: member.city ?? '',
          country: member.country ?? 'AT',
          birthDate: member.birthDate,
          signatureKind: 'TYPED',
          signature: owner,
          signedAt: instant(today, 3, 16),
        });
        stats.premiumApplications++;
      }
    }
  });
  return stats;
}
