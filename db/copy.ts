import type Database from 'better-sqlite3';
import type { Db } from './client';

/** PostgreSQL's limit of bound parameters per statement is 65,535; stay below it. */
const MAX_PARAMS = 60_000;

/**
 * Copies every row of the portal's tables from a SQLite database (the same migrations applied) into an empty
 * PostgreSQL database of the portal, in one transaction: parents before children (foreign keys), values converted by
 * the PostgreSQL column type (SQLite's 0/1 → boolean, JSON text → jsonb, blobs → bytea), identity sequences moved past
 * the copied ids; the data versions are not copied (they start anew) and their triggers are off during the copy. Used by the seed on PostgreSQL (db/seed/generator.ts); it can also move a SQLite
 * backup onto PostgreSQL.
 *
 * @throws Error when `target` is not PostgreSQL; the driver's error when a row violates a constraint (nothing is
 *   written then).
 */
export async function copySqliteToPostgres(source: Database.Database, target: Db, log: (msg: string) => void = () => {}): Promise<void> {
  if (target.dialect !== 'postgresql') throw new Error('copySqliteToPostgres: the target must be PostgreSQL');
  const sqliteTables = new Set(
    (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  const client = await target.$pool.connect();
  try {
    const columns = (
      await client.query<{ table_name: string; column_name: string; data_type: string; is_identity: string }>(
        `SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns
          WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
      )
    ).rows;
    const refs = (
      await client.query<{ child: string; parent: string }>(
        `SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
           FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
      )
    ).rows;
    const byTable = new Map<string, typeof columns>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
    const tables = topologicalOrder(
      // data_versions is not copied: into an empty target every version starts anew at 0.
      [...byTable.keys()].filter((t) => sqliteTables.has(t) && !t.startsWith('__drizzle') && t !== 'data_versions'),
      refs.map((r) => ({ child: unquote(r.child), parent: unquote(r.parent) })),
    );

    await client.query('BEGIN');
    // The data-version triggers (db/data-versions.ts) stay off while the rows arrive: the target is empty, so no
    // process holds a cached answer of it, and firing them for every copied row slowed the copy down several times.
    const triggers = (
      await client.query<{ name: string; tbl: string }>(`SELECT tgname AS name, tgrelid::regclass::text AS tbl FROM pg_trigger WHERE tgname LIKE 'data\\_versions\\_%'`)
    ).rows;
    for (const t of triggers) await client.query(`ALTER TABLE ${t.tbl} DISABLE TRIGGER "${t.name}"`);
    for (const table of tables) {
      const cols = byTable.get(table)!;
      const sqliteCols = new Set((source.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((r) => r.name));
      const shared = cols.filter((c) => sqliteCols.has(c.column_name));
      const convert = shared.map((c) => converter(c.data_type));
      const perBatch = Math.max(1, Math.floor(MAX_PARAMS / shared.length));
      const select = source.prepare(`SELECT ${shared.map((c) => `"${c.column_name}"`).join(', ')} FROM "${table}"`).raw(true);
      const columnList = shared.map((c) => `"${c.column_name}"`).join(', ');
      let batch: unknown[][] = [];
      let copied = 0;
      const flush = async () => {
        if (!batch.length) return;
        const params: unknown[] = [];
        const rows = batch.map((row) => `(${row.map((value, i) => (params.push(convert[i]!(value)), `$${params.length}`)).join(', ')})`);
        await client.query(`INSERT INTO "${table}" (${columnList}) OVERRIDING SYSTEM VALUE VALUES ${rows.join(', ')}`, params);
        copied += batch.length;
        batch = [];
      };
      for (const row of select.iterate() as IterableIterator<unknown[]>) {
        batch.push(row);
        if (batch.length >= perBatch) await flush();
      }
      await flush();
      for (const c of shared.filter((c) => c.is_identity === 'YES')) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), m) FROM (SELECT max("${c.column_name}") AS m FROM "${table}") s WHERE m IS NOT NULL`, [
          `"${table}"`,
          c.column_name,
        ]);
      }
      if (copied) log(`copied ${copied} rows of ${table}`);
    }
    for (const t of triggers) await client.query(`ALTER TABLE ${t.tbl} ENABLE TRIGGER "${t.name}"`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function unquote(name: string): string {
  return name.replace(/^"|"$/g, '');
}

/** SQLite value → PostgreSQL parameter for a column of `dataType` (information_schema's name). */
function converter(dataType: string): (value: unknown) => unknown {
  if (dataType === 'boolean') return (v) => (v === null ? null : v !== 0 && v !== '0');
  if (dataType === 'bytea') return (v) => (v === null ? null : Buffer.isBuffer(v) ? v : Buffer.from(String(v)));
  if (dataType === 'bigint' || dataType === 'integer') return (v) => (typeof v === 'bigint' ? Number(v) : v);
  return (v) => v;
}

/** Tables ordered so that every table comes after the tables it references (self-references ignored). */
function topologicalOrder(tables: string[], refs: { child: string; parent: string }[]): string[] {
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const r of refs) if (r.child === t && r.parent !== t && tables.includes(r.parent)) visit(r.parent, path);
    path.delete(t);
    done.add(t);
    order.push(t);
  };
  for (const t of [...tables].sort()) visit(t, new Set());
  return order;
}
