import type { Dialect } from './schema/kit';

/**
 * The data version of the fund's memoised reads (decision 0060): the row `fund-read` of `data_versions`, to which
 * triggers add 1 on every insert, update and delete of a row in any table a memoised fund answer reads, in the writing
 * transaction. A write by any process (this portal, another portal process, `npm run fund`, SQL by hand) therefore
 * changes the version that the next read of every process sees; a missing row is version 0.
 *
 * The tables are those the work list `claims` reads (server/fund/claims/claims.read.ts): the claim, its account, its
 * member and its files. tests/api/fund-read-memo.test.ts fails when a memoised read touches a table missing here, or
 * the database lacks one of the triggers.
 */
export const FUND_READ_SCOPE = 'fund-read';

/** The tables whose every change bumps `FUND_READ_SCOPE`. */
export const FUND_READ_TABLES = ['severance_claims', 'vk_accounts', 'persons', 'claim_files'] as const;

/**
 * The statements (one per element) that create the triggers of `FUND_READ_TABLES`. Their names start with
 * `data_versions_` like those of decision 0038, so the seed and db/copy.ts turn them off while they fill an empty
 * database. On PostgreSQL they call `data_versions_bump` (created by the migration of decision 0038).
 */
export function fundReadVersionTriggers(dialect: Dialect): string[] {
  const name = (table: string) => `data_versions_fund_read_${table}`;
  if (dialect === 'sqlite') {
    const bump = `INSERT INTO data_versions (scope, version) VALUES ('${FUND_READ_SCOPE}', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1;`;
    return FUND_READ_TABLES.flatMap((table) =>
      ['insert', 'update', 'delete'].map((op) => `CREATE TRIGGER ${name(table)}_${op} AFTER ${op.toUpperCase()} ON ${table} FOR EACH ROW BEGIN ${bump} END;`),
    );
  }
  return [
    `CREATE FUNCTION data_versions_fund_read() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM data_versions_bump('${FUND_READ_SCOPE}'); RETURN NULL; END $$;`,
    ...FUND_READ_TABLES.map((table) => `CREATE TRIGGER ${name(table)} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION data_versions_fund_read();`),
  ];
}
