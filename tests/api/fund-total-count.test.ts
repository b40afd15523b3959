import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankAccountChanges, formSubmissions, mandates, mergeRequests, pkContracts, premiumApplications, publicUploads, severanceClaims, vkAccounts } from '../../db/schema';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { inboxSuite, readAll } from '../helpers/fund-inbox-suite';

/**
 * `totalCount` of the fund's connections (decision 0069): the number of items the list's filter matches on all pages,
 * the same with `first: 1` and after a cursor, equal to the items read page by page; and nothing without the list's
 * scope. Each list gets items inside and outside its filter, so a count that ignored the filter would differ.
 */
const s = inboxSuite();
const { person, fixture, memberMessage } = s;
/** Three items a year apart from 2019 on, made by `item` from each of `values` and the instant of its year. */
function yearly<const V, R>(values: readonly [V, V, V], item: (value: V, at: string) => R): R[] {
  return values.map((value, i) => item(value, `${2019 + i}-03-01T10:00:00.000Z`));
}

/** A client with every scope the lists below read. */
let reader: FundTestClient;

/** Runs the fund's mutation `name` (input type `<Name>Input`) with `input`, which must succeed. */
async function change(name: string, input: Record<string, unknown>): Promise<void> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const answer = await s.writer.query<Record<string, { error: unknown }>>(`mutation($input: ${inputType}!) { ${name}(input: $input) { error { code } } }`, { input });
  expect([answer.body.errors, answer.body.data?.[name]?.error]).toEqual([undefined, null]);
}

// Three items in each list, two inside its filter and one outside: the fund's own mutation moves the first item out
// where it has one (answer, assign, resolve, set status), else the rows are written with their status.
beforeAll(async () => {
  reader = await createFundTestClient(s.server, 'messages:read forms:read uploads:read claims:read mandates:read members:read', 'Zähler');
  const anna = await person('anna');
  const bernd = await person('bernd');
  const clara = await person('clara');
  const carriers = await Promise.all(yearly(['1', '2', '3'], (n, sentAt) => memberMessage('anna', `Formular ${n}`, sentAt)));
  await fixture(() => s.server.db.insert(formSubmissions).values(carriers.map((c) => ({ personId: anna.id, kind: 'BANK_DATA' as const, messageId: c.id, submittedAt: c.sentAt }))));
  await change('replyToMessage', { messageId: String(carriers[0]!.id), text: 'Erledigt.' });

  const upload = { personId: null, firstName: anna.firstName, lastName: anna.lastName, svnr: anna.svnr, email: 'anna@example.org', message: '' };
  const uploads = await fixture(() =>
    s.server.db
      .insert(publicUploads)
      .values(yearly([upload, upload, upload], (row, createdAt) => ({ ...row, createdAt })))
      .returning(),
  );
  await change('assignPublicUpload', { uploadId: String(uploads[0]!.id), svnr: anna.svnr, lastName: anna.lastName });

  const merge = {
    personId: bernd.id,
    status: 'PENDING' as const,
    firstName: bernd.firstName,
    lastName: bernd.lastName,
    svnr: bernd.svnr,
    email: 'bernd@example.at',
    signatureType: 'DIGITAL' as const,
    accountNumbers: 'VK-100',
    targetAccountNumber: 'VK-102',
  };
  const merges = await fixture(() =>
    s.server.db
      .insert(mergeRequests)
      .values(yearly([merge, merge, merge], (row, submittedAt) => ({ ...row, submittedAt })))
      .returning(),
  );
  await change('resolveMergeRequest', { mergeRequestId: String(merges[0]!.id), status: 'DONE' });

  const contract = (await s.server.db.select().from(pkContracts).where(eq(pkContracts.personId, anna.id)).limit(1))[0]!;
  const mandate = {
    personId: anna.id,
    contractId: contract.id,
    type: 'MONTHLY' as const,
    amountCents: 5_000,
    iban: 'AT611904300234573201',
    accountOwner: 'Anna Muster',
    startDate: '2020-06-01',
    creditorId: 'AT12ZZZ00000000001',
    status: 'ACTIVE' as const,
  };
  const rows = await fixture(() =>
    s.server.db
      .insert(mandates)
      .values(yearly(['COUNT-1', 'COUNT-2', 'COUNT-3'], (mandateReference, createdAt) => ({ ...mandate, mandateReference, createdAt })))
      .returning(),
  );
  await change('setMandateStatus', { mandateId: String(rows[0]!.id), status: 'LAPSED' });

  const account = (await s.server.db.select().from(vkAccounts).limit(1))[0]!;
  const bankChange = { personId: anna.id, accountHolder: 'Anna Muster', bankName: 'Testbank', iban: 'AT611904300234573201', validFrom: '2020-01-01', enteredBy: 'staff:1' };
  const application = { street: 'Lindengasse 12', postcode: '1070', city: 'Wien', country: 'AT', birthDate: '1980-01-01', signatureKind: 'TYPED' as const, signature: 'Muster' };
  await fixture(async () => {
    const claim = { personId: account.personId, accountId: account.id, option: 'KEEP' as const };
    await s.server.db.insert(severanceClaims).values(yearly(['NEW', 'NEW', 'CHECKING'], (status, submittedAt) => ({ ...claim, status, submittedAt })));
    await s.server.db.insert(bankAccountChanges).values(yearly(['PENDING', 'PENDING', 'APPROVED'], (status, enteredAt) => ({ ...bankChange, status, enteredAt })));
    // One application per member: anna's, bernd's and clara's, replacing any the seed gave them.
    await s.server.db.delete(premiumApplications).where(inArray(premiumApplications.personId, [anna.id, bernd.id, clara.id]));
    await s.server.db.insert(premiumApplications).values(yearly([anna.id, bernd.id, clara.id], (personId, signedAt) => ({ ...application, personId, signedAt })));
  });
});

/**
 * A connection, its type, the arguments of its filter and of another list (all items, or another status where the
 * filter has a default), and the scope that reads it.
 */
const lists: { field: string; type: string; filter: string; other: string; scope: string }[] = [
  { field: 'claims', type: 'FundClaimConnection', filter: 'status: [NEW]', other: '', scope: 'claims:read' },
  { field: 'bankAccountChanges', type: 'BankAccountChangeConnection', filter: 'status: PENDING', other: 'status: APPROVED', scope: 'members:read' },
  { field: 'messages', type: 'InboxMessageConnection', filter: 'status: [OPEN]', other: '', scope: 'messages:read' },
  { field: 'forms', type: 'FormSubmissionConnection', filter: 'status: [OPEN]', other: '', scope: 'forms:read' },
  { field: 'publicUploads', type: 'PublicUploadConnection', filter: 'status: [UNASSIGNED]', other: '', scope: 'uploads:read' },
  { field: 'mergeRequests', type: 'MergeRequestConnection', filter: 'status: [PENDING]', other: '', scope: 'claims:read' },
  { field: 'mandates', type: 'MandateConnection', filter: 'status: [ACTIVE]', other: '', scope: 'mandates:read' },
  { field: 'premiumApplications', type: 'PremiumApplicationConnection', filter: 'signedSince: "2020-01-01T00:00:00Z"', other: '', scope: 'mandates:read' },
];

/** `totalCount` of `field` with `args`. */
async function totalCount(field: string, args: string): Promise<number> {
  const answer = await reader.query<Record<string, { totalCount: number }>>(`{ ${field}${args ? `(${args})` : ''} { totalCount } }`);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data![field]!.totalCount;
}

describe('totalCount of the fund connections', () => {
  it.each(lists)('$field: the items of its filter on all pages, with first: 1 and after a cursor', async ({ field, type, filter, other }) => {
    const matching = await readAll<{ id: string }>(reader, field, filter, 'id', 2);
    const others = await readAll<{ id: string }>(reader, field, other, 'id', 2);
    // The fixtures fill the filter's list beyond one page and the other list with a different number of items, so a
    // count that ignored the filter could not be right for both.
    expect(matching.length).toBeGreaterThan(1);
    expect(others.length).not.toBe(matching.length);
    expect(await totalCount(field, filter)).toBe(matching.length);
    expect(await totalCount(field, other)).toBe(others.length);
    expect(await totalCount(field, `${filter}, first: 1`)).toBe(matching.length);
    expect(await totalCount(field, `${filter}, first: 1, after: "${matching[0]!.cursor}"`)).toBe(matching.length);
    // Beside the page and through a fragment: the same count.
    const both = await reader.query<Record<string, { edges: unknown[]; totalCount: number }>>(
      `{ ${field}(${filter}, first: 1) { edges { cursor } ...Count } } fragment Count on ${type} { totalCount }`,
    );
    expect(both.body.errors).toBeUndefined();
    expect([both.body.data![field]!.edges.length, both.body.data![field]!.totalCount]).toEqual([1, matching.length]);
  });

  it.each(lists)('$field: nothing without $scope', async ({ field, filter, scope }) => {
    const other = lists.find((l) => l.scope !== scope)!.scope;
    const none = await createFundTestClient(s.server, other, `Ohne ${field}`);
    const answer = await none.query(`{ ${field}(${filter}) { totalCount } }`);
    expect([answer.status, answer.body.data ?? null, answer.body.errors?.[0]?.extensions?.scope]).toEqual([403, null, scope]);
  });
});
