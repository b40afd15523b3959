import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { DOCUMENT_CATEGORIES, persons, type DocumentRow } from '../../db/schema';
import { countByCategory, countsInOrder, decodeCursor, pageFrom, pageOfDocuments, type DocumentPage } from '../../server/modules/documents/documents.rules';
import { ownMailbox } from '../../server/modules/messages/messages.service';
import { sqlAll, sqlValue } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The stores' prepared reads (db/prepared.ts, decision 0038) on the engine of the run (this file is in the api and
 * in the postgres project): a query prepared once answers what the query built per call answered, for every batch
 * size (the `IN (…)` list padded to a power of two, and the unprepared path above 64 keys), and a read inside a write
 * transaction sees that transaction's own writes.
 */
let server: TestServer;
let anna: number;

beforeAll(async () => {
  server = await startTestServer({ members: 20, background: false });
  anna = (await sqlValue<number>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf('anna')))!;
});
afterAll(async () => {
  await server.close();
});

const stores = () => server.deps.stores;

describe(`prepared reads on ${TEST_ENGINE}`, () => {
  it('the newest statement of each contract and account is the last of its history, for every batch size', async () => {
    const contracts = (await sqlAll<{ id: number }>(server.db, 'SELECT id FROM pk_contracts ORDER BY id')).map((r) => r.id);
    const accounts = (await sqlAll<{ id: number }>(server.db, 'SELECT id FROM vk_accounts ORDER BY id')).map((r) => r.id);
    expect(contracts.length).toBeGreaterThan(3);
    expect(accounts.length).toBeGreaterThan(3);
    // Ids without a row, so that a batch above 64 keys (built unprepared) is reached too.
    const missing = Array.from({ length: 70 }, (_, i) => 9_000_000 + i);
    const batches = (ids: number[]) => [ids.slice(0, 1), ids.slice(0, 3), ids, [...ids, ...missing]];
    for (const batch of batches(contracts)) {
      const [history, latest] = await Promise.all([stores().accounts.pkStatementsByContract(batch), stores().accounts.latestPkStatementByContract(batch)]);
      expect(latest).toEqual(history.map((list) => list.at(-1)));
    }
    for (const batch of batches(accounts)) {
      const [history, latest] = await Promise.all([stores().accounts.vkStatementsByAccount(batch), stores().accounts.latestVkStatementByAccount(batch)]);
      expect(latest).toEqual(history.map((list) => list.at(-1)));
      expect(latest.slice(0, Math.min(batch.length, accounts.length)).every((row) => row !== undefined)).toBe(true);
    }
  });

  it('a batch answers each key its own rows, also when the list is padded (3 keys run the statement of 4)', async () => {
    const people = (await sqlAll<{ id: number }>(server.db, 'SELECT DISTINCT person_id AS id FROM vk_accounts ORDER BY person_id')).map((r) => r.id);
    const three = people.slice(0, 3);
    const byBatch = await stores().accounts.vkAccountsByPerson(three);
    for (const [i, id] of three.entries()) {
      const [alone] = await stores().accounts.vkAccountsByPerson([id]);
      expect(byBatch[i]).toEqual(alone);
      expect(alone!.length).toBeGreaterThan(0);
      expect(alone!.every((a) => a.personId === id)).toBe(true);
    }
  });

  it('inside a write transaction a prepared read sees the transaction, outside it the committed state', async () => {
    const before = (await stores().person.findById(anna))!.firstName;
    const rollback = new Error('roll back');
    await expect(
      writeTransaction(server.db, async () => {
        await server.db.update(persons).set({ firstName: 'Zwischenstand' }).where(eq(persons.id, anna));
        expect((await stores().person.findById(anna))!.firstName).toBe('Zwischenstand');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await stores().person.findById(anna))!.firstName).toBe(before);
    await writeTransaction(server.db, () => server.db.update(persons).set({ firstName: 'Annemarie' }).where(eq(persons.id, anna)));
    try {
      expect((await stores().person.findById(anna))!.firstName).toBe('Annemarie');
    } finally {
      await writeTransaction(server.db, () => server.db.update(persons).set({ firstName: before }).where(eq(persons.id, anna)));
    }
  });

  it("counts the person's unread documents and inbox messages as the lists show them", async () => {
    const unreadInList = async () => (await stores().documents.documentsByPerson([anna]))[0]!.filter((d) => d.readAt === null);
    const unread = await unreadInList();
    expect(unread.length).toBeGreaterThan(0);
    const unreadCounted = async () => (await stores().documents.countsByPerson([anna]))[0]!.reduce((n, c) => n + c.total - c.read, 0);
    expect(await unreadCounted()).toBe(unread.length);
    expect(await stores().documents.markRead(unread[0]!.id, anna, '2026-11-22T09:00:00.000Z')).toBe(true);
    expect(await unreadCounted()).toBe(unread.length - 1);

    const mailbox = ownMailbox(anna);
    const unreadMessages = await stores().messages.page(mailbox, 'RECEIVED', { unreadOnly: true, offset: 0, limit: 1000 });
    expect(unreadMessages.length).toBeGreaterThan(0);
    expect(await stores().messages.count(mailbox, 'RECEIVED', { unreadOnly: true })).toBe(unreadMessages.length);
    expect(await stores().messages.count(mailbox, 'BOARD', { unreadOnly: true })).toBe(0);

    // A supervisory-board member's board inbox (decision 0026) goes through the same prepared count.
    const sonja = (await sqlValue<number>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf('sonja')))!;
    expect((await stores().messages.currentBoardSeats(sonja, '2026-11-22')).map((seat) => seat.fund)).toEqual(['SEVERANCE_FUND']);
    expect(await stores().messages.currentBoardSeats(sonja, '2021-06-30')).toEqual([]);
    const board = { ...ownMailbox(sonja), board: true };
    const boardUnread = await stores().messages.page(board, 'BOARD', { unreadOnly: true, offset: 0, limit: 1000 });
    expect(boardUnread.length).toBeGreaterThan(0);
    expect(await stores().messages.count(board, 'BOARD', { unreadOnly: true })).toBe(boardUnread.length);
  });

  it.runIf(TEST_ENGINE === 'postgresql')('on PostgreSQL the reads are named statements, prepared once per pooled connection', async () => {
    await stores().person.findById(anna);
    await stores().accounts.latestPkStatementByContract([1]);
    await stores().documents.page(anna, null, null, 3);
    const pool = server.db.$pool;
    // Every idle connection of the pool at once, so that each is asked once.
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    const names = new Set<string>();
    try {
      for (const client of clients) {
        for (const row of (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows) names.add(row.name);
      }
    } finally {
      for (const client of clients) client.release();
    }
    expect([...names]).toEqual(expect.arrayContaining(['person_by_id', 'pk_latest_in_1', 'document_page_all_first']));
  });

  it("the documents page query and the GROUP BY counts answer what the rules make of the person's whole list, page by page", async () => {
    const all = (await stores().documents.documentsByPerson([anna]))[0]!;
    const grouped = (await stores().documents.countsByPerson([anna, 9_000_000]))!;
    expect(grouped[1]).toEqual([]);
    expect(countsInOrder(grouped[0]!)).toEqual(countByCategory(all));
    for (const category of [null, ...DOCUMENT_CATEGORIES]) {
      const expected = pageOfDocuments(all, { category, first: 200 });
      if (!expected.ok) throw new Error('page refused');
      // Page through with 2 per page (3 rows asked: the third tells whether another page follows).
      const seen: number[] = [];
      let after: string | null = null;
      for (;;) {
        const reference: ReturnType<typeof pageOfDocuments<DocumentRow>> = pageOfDocuments(all, { category, first: 2, after });
        if (!reference.ok) throw new Error('page refused');
        const rows = await stores().documents.page(anna, category, after === null ? null : decodeCursor(after), 3);
        const page: DocumentPage<DocumentRow> = pageFrom(rows, 2, { total: reference.page.totalCount, unread: reference.page.unreadCount });
        expect(page, `${category} after ${after}`).toEqual(reference.page);
        seen.push(...page.nodes.map((d) => d.id));
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      expect(seen, String(category)).toEqual(expected.page.nodes.map((d) => d.id));
    }
  });
});
