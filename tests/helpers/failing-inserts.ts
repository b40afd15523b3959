import type { Db } from '../../db/client';
import { sqlRun } from './raw-sql';

/**
 * Runs `body` while every INSERT into `table` fails (a trigger that raises, on either engine), then removes the
 * trigger even when `body` throws. The suites use it to prove a change and the row written with it (its change log
 * row, its fund event; decision 0053) are one transaction: the change must be rolled back when the other row cannot
 * be written. The raised message is `test: <table> unavailable`; `table` must be a plain identifier.
 */
export async function withFailingInserts<T>(db: Db, table: string, body: () => Promise<T>): Promise<T> {
  const trigger = `${table}_fail`;
  const raise = `test: ${table} unavailable`;
  const { create, drop } = {
    sqlite: {
      create: [`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${raise}'); END`],
      drop: [`DROP TRIGGER ${trigger}`],
    },
    postgresql: {
      create: [
        `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${raise}'; END $$`,
        `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
      ],
      drop: [`DROP TRIGGER ${trigger} ON ${table}`, `DROP FUNCTION ${trigger}()`],
    },
  }[db.dialect];
  for (const statement of create) await sqlRun(db, statement);
  try {
    return await body();
  } finally {
    for (const statement of drop) await sqlRun(db, statement);
  }
}
