import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { TEST_ENGINE } from '../helpers/test-db';
import { sqlValue, toPostgresPlaceholders } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { loginCookie, postGraphQL, webOperations } from '../security/graphql-operations';

/**
 * The hot queries use their indexes, on the engine of the run (this file is in
 * the api and in the postgres project). The SQL Drizzle emits is captured while the web app's own operations run over
 * HTTP: the dashboard (DashboardPage_Query), the documents overview and one category page (with its next page), the
 * inbox list, a PDF download (first and repeated), and the session lookup every one of them makes. Each captured SELECT is explained again with its parameters:
 * SQLite `EXPLAIN QUERY PLAN`, PostgreSQL `EXPLAIN (FORMAT JSON)` with `enable_seqscan = off` (on a test database of a
 * few members the planner would rightly prefer a sequential scan of a tiny table; switched off, it still scans when
 * no index fits, which is what this test looks for). No plan may read a whole big table: SQLite `SCAN <table>` (with
 * or without an index: a full index scan reads every row as well), PostgreSQL `Seq Scan` or an index scan without an
 * index condition on one of BIG_TABLES.
 */
const BIG_TABLES = ['persons', 'pk_contracts', 'pk_statements', 'vk_accounts', 'vk_statements', 'documents', 'document_files', 'messages', 'sessions'];

interface Captured {
  sql: string;
  params: unknown[];
}

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ members: 20 });
  cookie = await loginCookie(server.url);
});
afterAll(async () => {
  await server.close();
});

/**
 * Records every statement the server's query builder runs while `action` is under way (the store layer's test hook
 * `db.watchStatements`, fed by Drizzle's logger on both engines; the server runs in this process on the same handle).
 */
async function capture(action: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const stop = server.db.watchStatements((statement) => seen.push(statement));
  try {
    await action();
  } finally {
    stop();
  }
  return seen;
}

/** The big tables a statement names (quoted as Drizzle writes them, or bare). */
function tablesOf(sql: string): string[] {
  return BIG_TABLES.filter((t) => new RegExp(`(?:"|\\b)${t}(?:"|\\b)(?!\\.)`).test(sql) || sql.includes(`"${t}"`));
}

/** Why the plan of `statement` reads a whole big table, or [] when it does not. */
async function fullScans(statement: Captured): Promise<string[]> {
  if (server.db.dialect === 'sqlite') {
    const plan = server.db.$client.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.params) as { detail: string }[];
    return plan.map((row) => row.detail).filter((detail) => BIG_TABLES.some((t) => new RegExp(`^SCAN ${t}\\b`).test(detail)));
  }
  const client = await server.db.$pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    // Captured statements already carry $n placeholders (Drizzle's node-postgres dialect); raw ones may carry `?`.
    const text = statement.sql.includes('$1') ? statement.sql : toPostgresPlaceholders(statement.sql);
    const result = await client.query<{ 'QUERY PLAN': PlanNode[] }>(`EXPLAIN (FORMAT JSON) ${text}`, statement.params);
    const found: string[] = [];
    const walk = (node: PlanNode) => {
      const relation = node['Relation Name'];
      if (relation && BIG_TABLES.includes(relation)) {
        if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${relation}`);
        if ((node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan') && !node['Index Cond']) found.push(`full ${node['Node Type']} on ${relation}`);
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    for (const root of result.rows[0]!['QUERY PLAN']) walk(root.Plan!);
    return found;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plan?: PlanNode;
  Plans?: PlanNode[];
}

/** Runs one of the web app's operations (by its text) with the member's session, checks that it answered data and answers it. */
async function runOperation(name: string, variables: Record<string, unknown> = {}): Promise<unknown> {
  const op = webOperations().find((o) => o.name === name);
  if (!op) throw new Error(`the web app has no operation ${name}`);
  return runText(name, op.text, variables);
}

/** Runs the GraphQL document `text` with the member's session and answers its data (checked to be without errors). */
async function runText(operationName: string, text: string, variables: Record<string, unknown>): Promise<unknown> {
  const answer = await postGraphQL(server.url, JSON.stringify({ operationName, query: text, variables }), { cookie });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json?.errors, answer.text).toBeUndefined();
  return answer.json?.data;
}

/** The `endCursor` of the first `documents` connection in a GraphQL answer's data. */
function endCursorOf(data: unknown): string {
  const cursor = (data as { me: { documents: { endCursor: string | null } } }).me.documents.endCursor;
  if (!cursor) throw new Error('the page has no end cursor');
  return cursor;
}

/** The `documents` connection without a category (no web screen asks for it; the API offers it). */
const ALL_DOCUMENTS = `query AllDocuments($after: String) { me { id documents(first: 1, after: $after) { endCursor nodes { id } } } }`;

const CASES: { label: string; run: () => Promise<unknown>; mustRead: string[] }[] = [
  { label: 'dashboard', run: () => runOperation('DashboardPage_Query'), mustRead: ['persons', 'pk_contracts', 'vk_accounts', 'sessions'] },
  {
    label: 'documents list',
    run: async () => {
      await runOperation('DocumentsOverview_Query');
      await runOperation('DocumentCategory_Query', { category: 'PERFORMANCE_STATEMENT', first: 50, after: null });
      // The keyset queries after a cursor, of one category and of all.
      const page = await runOperation('DocumentCategory_Query', { category: 'PERFORMANCE_STATEMENT', first: 1, after: null });
      await runOperation('DocumentCategory_Query', { category: 'PERFORMANCE_STATEMENT', first: 1, after: endCursorOf(page) });
      const all = await runText('AllDocuments', ALL_DOCUMENTS, { after: null });
      await runText('AllDocuments', ALL_DOCUMENTS, { after: endCursorOf(all) });
    },
    mustRead: ['documents', 'sessions'],
  },
  {
    label: 'PDF download',
    run: async () => {
      const id = await sqlValue<number>(
        server.db,
        "SELECT d.id FROM documents d JOIN persons p ON p.id = d.person_id WHERE p.email = ? AND d.category = 'VK_ACCOUNT_STATEMENT' ORDER BY d.id LIMIT 1",
        emailOf('anna'),
      );
      // The first download archives the PDF; the repeated one reads the document with its digest and the bytes.
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(`${server.url}/webportal/download?id=${id}`, { headers: { cookie } });
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
    },
    mustRead: ['documents', 'document_files', 'sessions'],
  },
  { label: 'messages list', run: () => runOperation('InboxList_Query', { folder: 'RECEIVED', page: 1, pageSize: 10 }), mustRead: ['messages', 'sessions'] },
];

describe(`query plans of the hot queries on ${TEST_ENGINE}`, () => {
  for (const { label, run, mustRead } of CASES) {
    it(`${label}: no full scan of ${BIG_TABLES.join(', ')} (and the session lookup)`, async () => {
      const statements = (await capture(run)).filter((s) => /^\s*(select|with)\b/i.test(s.sql));
      const read = new Set(statements.flatMap((s) => tablesOf(s.sql)));
      for (const table of mustRead) expect([...read], `${label} reads ${table}`).toContain(table);
      const problems: string[] = [];
      for (const statement of statements) {
        if (tablesOf(statement.sql).length === 0) continue;
        const scans = await fullScans(statement);
        if (scans.length) problems.push(`${scans.join(', ')} in: ${statement.sql}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('the full-scan check itself', () => {
  it('reports a query on an unindexed column of a big table as a full scan', async () => {
    const scans = await fullScans({ sql: 'SELECT id FROM documents WHERE title = ?', params: ['Leistungsnachweis'] });
    expect(scans.join(' ')).toMatch(/documents/);
  });
});
