import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES } from '../../db/schema';
import { graphql } from '../gql';
import type { DocumentsListQueryVariables } from '../gql/graphql';
import { sqlOne, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { regionalSuiteServer } from '../helpers/suite-server';
import { DOCUMENTS, documentsOf, MARK_READ, personIdOf } from './documents-helpers';

/**
 * The documents archive as a list (spec 001 section 3): every statement a document, counts per category, paging,
 * the statements' links to their documents; the regional tenant has no archive. Download: documents-download.test.ts,
 * marking read: documents-mark-read.test.ts.
 */
const STATEMENT_DOCUMENTS = graphql(`
  query DocumentsStatementLinks {
    me {
      pensionContracts {
        statement(stichtag: "2025-12-31") {
          document {
            id
            category
            title
          }
        }
        tampered: statement(stichtag: "2025-12-30") {
          document {
            id
          }
        }
      }
      severanceAccounts {
        statement(stichtag: "2024-12-31") {
          document {
            id
            category
            title
          }
        }
      }
    }
  }
`);
const REGIONAL_STATEMENT_DOCUMENT = graphql(`
  query DocumentsRegionalStatementDocument {
    me {
      severanceAccounts {
        statement {
          document {
            id
          }
        }
      }
    }
  }
`);
/** The overview's shape: every category's count with its newest documents, as the web's section reads them. */
const NEWEST_DOCUMENTS = graphql(`
  query DocumentsNewest($first: Int) {
    me {
      documentCounts {
        category
        total
        newest(first: $first) {
          ...DocumentSection_DocumentConnectionFragment
        }
      }
    }
  }
`);

/** One page of `me.documents`. */
type Documents = Awaited<ReturnType<typeof documentsOf>>['documents'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("anna's documents archive", () => {
  it('lists every statement as a document, newest first, with counts per category and the newest statements unread', async () => {
    const me = await documentsOf(await loginAs(server, 'anna'));
    const id = await personIdOf(server.db, 'anna');
    const pkYears = await sqlValue<number>(server.db, 'SELECT count(*) AS n FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ?', id);
    const vkYears = await sqlValue<number>(server.db, 'SELECT count(*) AS n FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id WHERE a.person_id = ?', id);
    const ownYears = await sqlValue<number>(
      server.db,
      'SELECT count(*) AS n FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id WHERE c.person_id = ? AND s.employee_contributions_cents > 0',
      id,
    );
    expect(pkYears).toBe(11);
    expect(vkYears).toBe(18);
    expect(ownYears).toBe(11);
    expect(me.documentCounts).toEqual([
      { category: 'TAX_CONFIRMATION', total: ownYears, unread: 0 },
      { category: 'PERFORMANCE_STATEMENT', total: pkYears, unread: 1 },
      { category: 'VK_ACCOUNT_STATEMENT', total: vkYears, unread: 1 },
      { category: 'PAYROLL_ACCOUNT', total: 0, unread: 0 },
      { category: 'PAYMENT_STATEMENT', total: 0, unread: 0 },
      { category: 'PENSION_MODEL_INFO', total: 1, unread: 0 },
      { category: 'CLAIM_CONFIRMATION', total: 0, unread: 0 },
    ]);
    expect(me.unreadDocumentCount).toBe(2);

    const nodes = me.documents.nodes;
    expect(me.documents.totalCount).toBe(pkYears! + vkYears! + ownYears! + 1);
    expect(nodes).toHaveLength(me.documents.totalCount);
    expect(me.documents.hasNextPage).toBe(false);
    const dates = nodes.map((d) => d.documentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2025-12-31');
    expect(nodes.filter((d) => d.unread).map((d) => [d.category, d.title, d.fileName])).toEqual(
      expect.arrayContaining([
        ['PERFORMANCE_STATEMENT', 'Leistungsnachweis zum 31.12.2025', 'Leistungsnachweis_2025.pdf'],
        ['VK_ACCOUNT_STATEMENT', 'Kontonachricht zum 31.12.2025', 'Kontonachricht_2025.pdf'],
      ]),
    );
    expect(nodes.filter((d) => d.unread)).toHaveLength(2);
    for (const d of nodes) {
      expect(d.downloadUrl).toBe(`/webportal/download?id=${d.id}`);
      expect(d.contentType).toBe('application/pdf');
      expect(d.readAt === null).toBe(d.unread);
      expect(d.fund).toBe(d.category === 'VK_ACCOUNT_STATEMENT' ? 'VK' : 'PK');
    }
    const taxConfirmation = nodes.find((d) => d.category === 'TAX_CONFIRMATION' && d.documentDate === '2024-12-31');
    expect(taxConfirmation?.title).toBe('Bestätigung über Eigenbeiträge 2024 für das Finanzamt');
    expect(nodes.find((d) => d.category === 'PENSION_MODEL_INFO')?.title).toBe('Informationen zum Pensionskassenmodell');
  });

  it('pages with first and after without gaps or repeats, and filters by category', async () => {
    const client = await loginAs(server, 'anna');
    const all = (await documentsOf(client)).documents.nodes.map((d) => d.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page: Documents = (await documentsOf(client, { first: 7, after })).documents;
      seen.push(...page.nodes.map((d) => d.id));
      expect(page.totalCount).toBe(all.length);
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toEqual(all);

    const vk = (await documentsOf(client, { category: 'VK_ACCOUNT_STATEMENT' })).documents;
    expect(vk.nodes.every((d) => d.category === 'VK_ACCOUNT_STATEMENT')).toBe(true);
    expect(vk.totalCount).toBe(18);
    expect(vk.unreadCount).toBe(1);
  });

  it('refuses a page size outside 1..200 and a cursor it did not make as bad input, never as a server error', async () => {
    const client = await loginAs(server, 'anna');
    const refused: DocumentsListQueryVariables[] = [
      { first: 0 },
      { first: -1 },
      { first: 201 },
      { after: 'abc' },
      { after: Buffer.from('d:2025-12-31:0').toString('base64url') },
      { after: 'x'.repeat(5000) },
    ];
    for (const variables of refused) {
      const res = await client.operation(DOCUMENTS, variables);
      expect(res.status, JSON.stringify(variables)).toBeLessThan(500);
      expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
  });

  it('answers the newest documents of every category in one request: the first page of the category, one SQL read per non-empty category', async () => {
    const client = await loginAs(server, 'anna');
    const seen: string[] = [];
    const stop = server.db.watchStatements(({ sql }) => seen.push(sql));
    const res = await client.operation(NEWEST_DOCUMENTS, { first: 5 }).finally(stop);
    expect(res.body.errors).toBeUndefined();
    const counts = res.body.data!.me!.documentCounts;
    expect(counts.map((c) => c.category)).toEqual(DOCUMENT_CATEGORIES);
    for (const count of counts) {
      const page = (await documentsOf(client, { category: count.category, first: 5 })).documents;
      expect(count.newest, count.category).toMatchObject({ totalCount: count.total, unreadCount: page.unreadCount, endCursor: page.endCursor, hasNextPage: page.hasNextPage });
      expect(
        count.newest.nodes.map((d) => d.id),
        count.category,
      ).toEqual(page.nodes.map((d) => d.id));
    }
    expect(counts.find((c) => c.category === 'VK_ACCOUNT_STATEMENT')?.newest).toMatchObject({ totalCount: 18, hasNextPage: true });
    // The shared counts (one GROUP BY) and one page read per category with documents; an empty one reads no rows.
    const pageReads = seen.filter((sql) => /from\s+["`]?documents["`]?/i.test(sql) && !/group by/i.test(sql));
    expect(pageReads).toHaveLength(counts.filter((c) => c.total > 0).length);
    expect(seen.filter((sql) => /group by/i.test(sql) && /documents/i.test(sql))).toHaveLength(1);

    for (const first of [0, 201]) {
      const refused = await client.operation(NEWEST_DOCUMENTS, { first });
      expect(refused.status, String(first)).toBeLessThan(500);
      expect(refused.body.errors?.[0]?.extensions?.code, String(first)).toBe('BAD_USER_INPUT');
    }
  });

  it('links each statement to its document through PensionStatement.document and SeveranceStatement.document, and a tampered Stichtag gives null', async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(STATEMENT_DOCUMENTS);
    expect(res.body.errors).toBeUndefined();
    const me = res.body.data!.me!;
    expect(me.pensionContracts[0]?.statement?.document).toMatchObject({ category: 'PERFORMANCE_STATEMENT', title: 'Leistungsnachweis zum 31.12.2025' });
    expect(me.pensionContracts[0]?.tampered).toBeNull();
    expect(me.severanceAccounts[0]?.statement?.document).toMatchObject({ category: 'VK_ACCOUNT_STATEMENT', title: 'Kontonachricht zum 31.12.2024' });
    // A Stichtag the Date scalar refuses (month 13) in the document itself: hostile text, not a typed operation.
    const bad = await client.graphql(`{ me { severanceAccounts { statement(stichtag: "2025-13-31") { totalEntitlement } } } }`);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('regional tenant', () => {
  const regional = regionalSuiteServer();

  it('offers no documents: empty list and counts, NOT_FOUND for an own id, 404 on download', async () => {
    const client = await loginAs(regional(), 'bernd');
    const me = await documentsOf(client);
    expect(me.documents).toMatchObject({ totalCount: 0, unreadCount: 0, nodes: [], hasNextPage: false, endCursor: null });
    expect(me.documentCounts).toEqual([]);
    expect((await client.operation(NEWEST_DOCUMENTS, { first: 5 })).body.data!.me!.documentCounts).toEqual([]);
    expect(me.unreadDocumentCount).toBe(0);
    const own = await sqlOne<{ id: number }>(
      regional().db,
      'SELECT d.id FROM documents d JOIN persons p ON p.id = d.person_id WHERE p.email = ? AND d.read_at IS NULL LIMIT 1',
      emailOf('bernd'),
    );
    const mark = await client.operation(MARK_READ, { id: String(own.id) });
    expect(mark.body.data!.markDocumentRead).toMatchObject({ ok: null, error: { code: 'NOT_FOUND' } });
    const res = await client.fetch(`/webportal/download?id=${own.id}&lng=de`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'NOT_FOUND', message: 'Das Dokument wurde nicht gefunden.' });
    const statement = await client.operation(REGIONAL_STATEMENT_DOCUMENT);
    expect(statement.body.data!.me!.severanceAccounts[0]?.statement?.document).toBeNull();
  });
});
