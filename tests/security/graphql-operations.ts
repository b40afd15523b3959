import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, getOperationAST, parse, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { loadTypeDefs } from '../../server/graphql/member-sdl';
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
  for (const [table, tableHash] of await tableHashes(server)) hash.update(`#${table}\n${tableHash}\n`);
  return hash.digest('hex');
}

/** Each user table's row hash (see `fingerprint`), by table name in name order. */
async function tableHashes(server: TestServer): Promise<Map<string, string>> {
  if (server.db.dialect === 'sqlite') return new Map([...sqliteColumns(server).keys()].map((table) => [table, sqliteTableHash(server, table)]));
  const rows = await server.db.$pool.query<{ t: string; rows: string | null }>(await postgresFingerprintQuery(server));
  return new Map(
    rows.rows.map(({ t, rows: text }) => [
      t,
      createHash('sha256')
        .update(text ?? '')
        .digest('hex'),
    ]),
  );
}

const sqliteCatalogues = new WeakMap<TestServer, Map<string, string[]>>();

/** SQLite: every user table (less LOGS) with all its columns, in name order; read once per server. */
function sqliteColumns(server: TestServer): Map<string, string[]> {
  const cached = sqliteCatalogues.get(server);
  if (cached) return cached;
  const c = server.db.$client;
  const tables = (
    c.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`).all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((t) => !LOGS.has(t));
  const catalogue = new Map(tables.map((table) => [table, (c.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((col) => col.name)]));
  sqliteCatalogues.set(server, catalogue);
  return catalogue;
}

const sqliteRowStatements = new WeakMap<TestServer, Map<string, Statement>>();

/** SQLite: the hash of one table's rows (VOLATILE columns left out), by a statement prepared once per server and table. */
function sqliteTableHash(server: TestServer, table: string): string {
  let statements = sqliteRowStatements.get(server);
  if (!statements) sqliteRowStatements.set(server, (statements = new Map()));
  let statement = statements.get(table);
  if (!statement) {
    const columns = (sqliteColumns(server).get(table) ?? []).filter((name) => !(VOLATILE[table] ?? []).includes(name));
    const row = columns.map((name) => `quote("${name}")`).join(` || '|' || `);
    statement = server.db.$client.prepare(`SELECT group_concat(r, char(10)) FROM (SELECT ${row} AS r FROM "${table}" ORDER BY rowid)`).pluck();
    statements.set(table, statement);
  }
  return createHash('sha256')
    .update((statement.get() as string | null) ?? '')
    .digest('hex');
}

const pgCatalogues = new WeakMap<TestServer, Map<string, string[]>>();

/** PostgreSQL: every user table (less LOGS) with all its columns, in name order; read once per server. */
async function postgresColumns(server: TestServer): Promise<Map<string, string[]>> {
  const cached = pgCatalogues.get(server);
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
    if (LOGS.has(table) || table.startsWith('__drizzle')) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const catalogue = new Map([...byTable].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  pgCatalogues.set(server, catalogue);
  return catalogue;
}

const pgFingerprintQueries = new WeakMap<TestServer, string>();

/** One query that concatenates every table's rows (PostgreSQL), built once per server from the catalogue. */
async function postgresFingerprintQuery(server: TestServer): Promise<string> {
  const cached = pgFingerprintQueries.get(server);
  if (cached) return cached;
  const query = [...(await postgresColumns(server))]
    .map(([table, all]) => {
      const cols = all.filter((name) => !(VOLATILE[table] ?? []).includes(name));
      return `SELECT '${table}' AS t, (SELECT string_agg(r, chr(10) ORDER BY r) FROM (SELECT concat_ws('|', ${cols.map((col) => `quote_nullable("${col}")`).join(', ')}) AS r FROM "${table}") x) AS rows`;
    })
    .join('\nUNION ALL\n');
  pgFingerprintQueries.set(server, query);
  return query;
}

/** What `StateWatch.before()` returns: the write count and each table's row hash at that moment. */
export interface StateSnapshot {
  readonly writes: number;
  readonly tables: ReadonlyMap<string, string>;
}

/** SQLite: per writing connection, the watches its triggers report to. */
const sqliteWriteListeners = new WeakMap<object, Set<(table: string) => void>>();

/**
 * Watches the stored state across many calls cheaply. Triggers count the writes of every user table (the security
 * log and the sessions' last-seen stamp excluded, see LOGS and VOLATILE); while the count stands, the last snapshot
 * still holds, and when it moved only the tables written since are hashed again.
 * - SQLite: temporary row triggers on the server's writing connection (the test server runs in this process) call a
 *   function of this process that notes the table.
 * - PostgreSQL: statement triggers on every table advance a sequence (installed by the first `before()`; sequences
 *   ignore rollbacks and isolation, so every write statement of any connection counts); every table is hashed again,
 *   in one query, when it moved.
 * `before()` before a call, `changedBy(snapshot)` after a refused one: null when no table's rows differ, else the
 * tables that changed.
 */
export class StateWatch {
  private current: StateSnapshot | undefined;
  private installed = false;
  /** SQLite: writes seen by the triggers, and the tables written since their hash was taken. */
  private sqliteWrites = 0;
  private readonly dirty = new Set<string>();
  constructor(private readonly server: TestServer) {}

  private async install(): Promise<void> {
    if (this.installed) return;
    const db = this.server.db;
    if (db.dialect === 'sqlite') {
      const c = db.$client;
      let listeners = sqliteWriteListeners.get(c);
      if (!listeners) {
        // One function and one set of triggers per connection, shared by every watch of it.
        const set = new Set<(table: string) => void>();
        sqliteWriteListeners.set(c, (listeners = set));
        c.function('test_state_watch_write', { deterministic: false }, (table: unknown) => {
          for (const listener of set) listener(String(table));
          return null;
        });
        for (const [table, columns] of sqliteColumns(this.server)) {
          const watched = columns.filter((name) => !(VOLATILE[table] ?? []).includes(name)).map((name) => `"${name}"`);
          for (const [event, suffix] of [
            ['INSERT', 'i'],
            ['DELETE', 'd'],
            [`UPDATE OF ${watched.join(', ')}`, 'u'],
          ] as const) {
            c.exec(`CREATE TEMP TRIGGER "test_state_watch_${suffix}_${table}" AFTER ${event} ON main."${table}" BEGIN SELECT test_state_watch_write('${table}'); END`);
          }
        }
      }
      listeners.add((table) => {
        this.sqliteWrites++;
        this.dirty.add(table);
      });
      for (const table of sqliteColumns(this.server).keys()) this.dirty.add(table);
    } else {
      const statements = [
        'CREATE SEQUENCE IF NOT EXISTS test_state_watch_changes',
        `CREATE OR REPLACE FUNCTION test_state_watch_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('test_state_watch_changes'); RETURN NULL; END $$`,
        ...[...(await postgresColumns(this.server))].flatMap(([table, columns]) => {
          const watched = columns.filter((name) => !(VOLATILE[table] ?? []).includes(name)).map((name) => `"${name}"`);
          return [
            `CREATE OR REPLACE TRIGGER test_state_watch AFTER INSERT OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION test_state_watch_count()`,
            `CREATE OR REPLACE TRIGGER test_state_watch_update AFTER UPDATE OF ${watched.join(', ')} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION test_state_watch_count()`,
          ];
        }),
      ];
      for (const statement of statements) await db.$pool.query(statement);
    }
    this.installed = true;
  }

  private async writes(): Promise<number> {
    const db = this.server.db;
    if (db.dialect === 'sqlite') return this.sqliteWrites;
    const row = await db.$pool.query<{ n: number }>('SELECT last_value + (CASE WHEN is_called THEN 1 ELSE 0 END) AS n FROM test_state_watch_changes');
    return Number(row.rows[0]!.n);
  }

  /** A snapshot at `writes`: SQLite hashes the tables written since the last one, PostgreSQL all of them. */
  private async take(writes: number): Promise<StateSnapshot> {
    if (this.server.db.dialect !== 'sqlite') return { writes, tables: await tableHashes(this.server) };
    const tables = new Map(this.current?.tables);
    for (const table of this.dirty) tables.set(table, sqliteTableHash(this.server, table));
    this.dirty.clear();
    return { writes, tables };
  }

  async before(): Promise<StateSnapshot> {
    await this.install();
    const writes = await this.writes();
    if (this.current?.writes !== writes) this.current = await this.take(writes);
    return this.current;
  }

  async changedBy(snapshot: StateSnapshot): Promise<string | null> {
    const writes = await this.writes();
    if (writes === snapshot.writes) return null;
    this.current = await this.take(writes);
    const changed = [...this.current.tables].filter(([table, hash]) => snapshot.tables.get(table) !== hash).map(([table]) => table);
    return changed.length === 0 ? null : `row change(s) in stored data: ${changed.join(', ')}`;
  }
}
