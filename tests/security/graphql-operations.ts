import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, getOperationAST, parse, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { loadTypeDefs } from '../../server/graphql/schema';
import { PERSISTED_DOCUMENTS_FILE } from '../../server/graphql/yoga';
import { DEMO_PASSWORD } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import type { TestServer } from '../helpers/test-server';

/**
 * Shared parts of the GraphQL security suites: the operations the web app sends (read from codegen's
 * persisted-documents.json, so a new web operation is covered without editing a suite), a raw POST helper, the
 * leak pattern and a fingerprint of the stored state.
 */

/** One operation of the web app as codegen extracted it. */
export interface WebOperation {
  name: string;
  hash: string;
  text: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** Every operation in web/src/gql/persisted-documents.json (run `npm run codegen` first), sorted by name. */
export function webOperations(): WebOperation[] {
  if (!existsSync(PERSISTED_DOCUMENTS_FILE)) throw new Error(`${PERSISTED_DOCUMENTS_FILE} is missing: run npm run codegen`);
  const entries = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
  return Object.entries(entries)
    .map(([hash, text]) => {
      const document = parse(text);
      const operation = getOperationAST(document);
      if (!operation?.name) throw new Error(`persisted document ${hash} has no single named operation`);
      return { name: operation.name.value, hash, text, document, operation };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The portal's schema built from the modules' SDL (server/modules/<area>/*.graphql) with this module's copy of graphql (for type lookups). */
export function sdlSchema(): GraphQLSchema {
  return buildSchema(loadTypeDefs().join('\n'));
}

/** sha256 key as codegen writes it. */
export const hashOf = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** A stack frame, a file path or an internal error class name in an answer. */
export const LEAK = /node_modules|\/work\/|\/home\/|\.ts:\d+|\.js:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError|RangeError|stack/;

/** Field, argument and enum suggestions of graphql-js. */
export const SUGGESTION = /did you mean/i;

export interface RawAnswer {
  status: number;
  text: string;
  json: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } | null;
  ms: number;
  headers: Headers;
}

/** POST /graphql with the portal's version marker and an exact body (string, not re-encoded). */
export async function postGraphQL(
  url: string,
  body: string | Uint8Array | FormData,
  options: { cookie?: string; contentType?: string | null; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'x-application-version': 'Portal', accept: 'application/graphql-response+json, application/json', ...options.headers };
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const started = performance.now();
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: body as BodyInit });
  const text = await res.text();
  const ms = performance.now() - started;
  let json: RawAnswer['json'] = null;
  try {
    json = JSON.parse(text) as RawAnswer['json'];
  } catch {
    json = null;
  }
  return { status: res.status, text, json, ms, headers: res.headers };
}

/** Logs a persona in through the web app's own login mutation (by hash); returns the cookie header. */
export async function loginCookie(url: string, email = emailOf('anna')): Promise<string> {
  const login = webOperations().find(
    (o) => o.operation.operation === 'mutation' && o.operation.selectionSet.selections.some((f) => f.kind === Kind.FIELD && f.name.value === 'login'),
  );
  if (!login) throw new Error('the web app has no login mutation');
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-application-version': 'Portal', 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: login.name,
      variables: { input: { email, password: DEMO_PASSWORD } },
      extensions: { persistedQuery: { version: 1, sha256Hash: login.hash } },
    }),
  });
  const body = (await res.json()) as { data?: { login?: { ok?: { status: string } | null } } };
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!body.data?.login?.ok || cookies.length === 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return cookies.join('; ');
}

/** Columns that change on every authenticated request (activity stamps), left out of the fingerprint. */
const VOLATILE: Record<string, string[]> = { sessions: ['last_seen_at'] };
/** Append-only logs of refusals themselves (a refused call may be recorded, that is its purpose). */
const LOGS = new Set(['security_events']);

/**
 * A fingerprint (SHA-256) of every user table of the database, all rows and columns, except the security log and
 * the sessions' last-seen stamp. Compared before and after a refused call: any write shows. The rows are
 * concatenated by the database (SQLite: `quote()` of every column in rowid order; PostgreSQL: `quote_nullable()` of
 * every column, rows sorted by that text), which is several times faster than reading them into JS.
 */
export async function fingerprint(server: TestServer): Promise<string> {
  const hash = createHash('sha256');
  if (server.db.dialect === 'sqlite') {
    const c = server.db.$client;
    const tables = (
      c.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`).all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter((t) => !LOGS.has(t));
    for (const table of tables) {
      const columns = (c.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((col) => col.name).filter((name) => !(VOLATILE[table] ?? []).includes(name));
      const row = columns.map((name) => `quote("${name}")`).join(` || '|' || `);
      const rows = c.prepare(`SELECT group_concat(r, char(10)) FROM (SELECT ${row} AS r FROM "${table}" ORDER BY rowid)`).pluck().get() as string | null;
      hash.update(`#${table}\n${rows ?? ''}\n`);
    }
    return hash.digest('hex');
  }
  const rows = await server.db.$pool.query<{ t: string; rows: string | null }>(await postgresFingerprintQuery(server));
  for (const { t, rows: text } of rows.rows) hash.update(`#${t}\n${text ?? ''}\n`);
  return hash.digest('hex');
}

const pgFingerprintQueries = new WeakMap<TestServer, string>();

/** One query that concatenates every table's rows (PostgreSQL), built once per server from the catalogue. */
async function postgresFingerprintQuery(server: TestServer): Promise<string> {
  const cached = pgFingerprintQueries.get(server);
  if (cached) return cached;
  const columns = (
    await server.db.$pool.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`,
    )
  ).rows;
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (LOGS.has(table) || (VOLATILE[table] ?? []).includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const query = [...byTable]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([table, cols]) =>
        `SELECT '${table}' AS t, (SELECT string_agg(r, chr(10) ORDER BY r) FROM (SELECT concat_ws('|', ${cols.map((col) => `quote_nullable("${col}")`).join(', ')}) AS r FROM "${table}") x) AS rows`,
    )
    .join('\nUNION ALL\n');
  pgFingerprintQueries.set(server, query);
  return query;
}

/**
 * Watches the stored state across many calls cheaply: a count of the server's writes tells whether anything was
 * written at all; only then is the full fingerprint computed. SQLite: `total_changes()` of the server's writing
 * connection (every row any statement of the server inserted, updated or deleted). PostgreSQL: a sequence that a
 * statement-level trigger on every table advances (installed by the first `before()`; sequences ignore rollbacks and
 * isolation, so every write statement of any connection counts). `before()` before a call, `changedBy(snapshot)`
 * after a refused one: null when nothing but the excluded columns and logs changed, else a description.
 */
export class StateWatch {
  private cached: { changes: number; fingerprint: string } | undefined;
  private installed = false;
  constructor(private readonly server: TestServer) {}

  private async changes(): Promise<number> {
    const db = this.server.db;
    if (db.dialect === 'sqlite') return db.$client.prepare('SELECT total_changes()').pluck().get() as number;
    if (!this.installed) {
      const tables = (
        await db.$pool.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
      ).rows.map((r) => r.table_name);
      const statements = [
        'CREATE SEQUENCE IF NOT EXISTS test_state_watch_changes',
        `CREATE OR REPLACE FUNCTION test_state_watch_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('test_state_watch_changes'); RETURN NULL; END $$`,
        ...tables.map(
          (t) => `CREATE OR REPLACE TRIGGER test_state_watch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION test_state_watch_count()`,
        ),
      ];
      for (const statement of statements) await db.$pool.query(statement);
      this.installed = true;
    }
    const row = await db.$pool.query<{ n: number }>('SELECT last_value + (CASE WHEN is_called THEN 1 ELSE 0 END) AS n FROM test_state_watch_changes');
    return row.rows[0]!.n;
  }

  async before(): Promise<{ changes: number; fingerprint: string }> {
    const changes = await this.changes();
    if (this.cached?.changes !== changes) this.cached = { changes, fingerprint: await fingerprint(this.server) };
    return this.cached;
  }

  async changedBy(snapshot: { changes: number; fingerprint: string }): Promise<string | null> {
    const changes = await this.changes();
    if (changes === snapshot.changes) return null;
    const now = await fingerprint(this.server);
    this.cached = { changes, fingerprint: now };
    return now === snapshot.fingerprint ? null : `${changes - snapshot.changes} row change(s) in stored data`;
  }
}
