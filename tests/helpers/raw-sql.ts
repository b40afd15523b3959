import type { Db } from '../../db/client';

/**
 * Raw SQL for tests that arrange or inspect rows directly, on either engine (the stores never do this; decision 0013).
 * Write the query once with `?` placeholders in SQL both engines understand; on PostgreSQL the placeholders become
 * `$1, $2, …` (a `?` inside a quoted string is left alone) and the query runs on the pool, outside any transaction.
 * Unquoted column aliases come back lower-case on PostgreSQL: quote camel-case aliases (`AS "accountNumber"`), which
 * SQLite accepts too. `count(*)` and 64-bit integers are numbers on both (db/client.ts); booleans are 0/1 on SQLite and
 * true/false on PostgreSQL (compare with `Boolean(…)` or `toBeTruthy`).
 */
export function toPostgresPlaceholders(query: string): string {
  let n = 0;
  let out = '';
  let quote: string | undefined;
  for (const ch of query) {
    if (quote) {
      if (ch === quote) quote = undefined;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else out += ch === '?' ? `$${++n}` : ch;
  }
  return out;
}

/** Every row of `query` (see the module comment for the SQL both engines take). */
export async function sqlAll<T = Record<string, unknown>>(db: Db, query: string, ...params: unknown[]): Promise<T[]> {
  if (db.dialect === 'sqlite') {
    const statement = db.$client.prepare(query);
    if (!statement.reader) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params) as T[];
  }
  const result = await db.$pool.query(toPostgresPlaceholders(query), params);
  return result.rows as T[];
}

/** The first row of `query`, or undefined. */
export async function sqlGet<T = Record<string, unknown>>(db: Db, query: string, ...params: unknown[]): Promise<T | undefined> {
  return (await sqlAll<T>(db, query, ...params))[0];
}

/** The first row of `query`; throws when there is none. */
export async function sqlOne<T = Record<string, unknown>>(db: Db, query: string, ...params: unknown[]): Promise<T> {
  const row = await sqlGet<T>(db, query, ...params);
  if (row === undefined) throw new Error(`no row: ${query}`);
  return row;
}

/** The first column of the first row of `query`, or undefined. */
export async function sqlValue<T = unknown>(db: Db, query: string, ...params: unknown[]): Promise<T | undefined> {
  const row = await sqlGet<Record<string, unknown>>(db, query, ...params);
  return row === undefined ? undefined : (Object.values(row)[0] as T);
}

/** Runs a statement that returns no rows (INSERT, UPDATE, DELETE); resolves to the number of rows it changed. */
export async function sqlRun(db: Db, query: string, ...params: unknown[]): Promise<number> {
  if (db.dialect === 'sqlite') return db.$client.prepare(query).run(...params).changes;
  const result = await db.$pool.query(toPostgresPlaceholders(query), params);
  return result.rowCount ?? 0;
}

/** `count(*)` of a table (name from the test's own code, never from input). */
export async function countRows(db: Db, table: string): Promise<number> {
  return (await sqlValue<number>(db, `SELECT count(*) AS n FROM ${table}`)) ?? 0;
}

/**
 * A condition true for the seed's generated members (`vorname.nachname.123@example.at`: a dot, a digit, the demo
 * domain), not for the personas: SQLite's `GLOB`, PostgreSQL's regular expression. `column` comes from the test's code.
 */
export function generatedMemberEmail(db: Db, column: string): string {
  return db.dialect === 'sqlite' ? `${column} GLOB '*.[0-9]*@example.at'` : `${column} ~ '[.][0-9].*@example[.]at$'`;
}

/** The text of the top-level key `key` of a JSON column (SQLite `json_extract`, PostgreSQL `->>` on jsonb). */
export function jsonText(db: Db, column: string, key: string): string {
  return db.dialect === 'sqlite' ? `json_extract(${column}, '$.${key}')` : `(${column} ->> '${key}')`;
}

/** `row` with PostgreSQL's booleans as SQLite's 0/1, so one expectation holds on both engines. */
export function booleansAsNumbers<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v])) as T;
}

/** The column names of `table` in declaration order (SQLite `pragma_table_info`, PostgreSQL `information_schema`). */
export async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sqlAll<{ name: string }>(db, 'SELECT name FROM pragma_table_info(?) ORDER BY cid', table)
      : await sqlAll<{ name: string }>(
          db,
          'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position',
          table,
        );
  return rows.map((r) => r.name);
}
