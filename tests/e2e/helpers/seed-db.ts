import Database from 'better-sqlite3';

/**
 * Read-only access to the database the test server seeded (its path is in E2E_DATABASE_PATH, see
 * playwright.config.ts), so tests compare the screen with what is stored instead of with copied numbers.
 */
function openSeedDb(): Database.Database {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  return new Database(path, { readonly: true, fileMustExist: true });
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = openSeedDb();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export interface PensionStatementRow {
  contract_number: string;
  stichtag: string;
  reserve_cents: number;
  fluctuation_reserve_cents: number;
  total_capital_cents: number;
  shortfall_cents: number;
  projected_yearly_pension_cents: number;
  employer_contributions_cents: number;
  employee_contributions_cents: number;
  employer_transfers_cents: number;
  employee_transfers_cents: number;
  premium108a_cents: number;
  investment_result_cents: number;
  costs_cents: number;
  pension_payments_cents: number;
}

/** Pensionskasse statements of the person with `email`, newest first. */
export function pensionStatementsOf(email: string): PensionStatementRow[] {
  return query<PensionStatementRow>(
    `select c.contract_number, s.*
       from pk_statements s
       join pk_contracts c on c.id = s.contract_id
       join persons p on p.id = c.person_id
      where p.email = ?
      order by c.id, s.stichtag desc`,
    email,
  );
}

export interface SeveranceStatementRow {
  account_number: string;
  stichtag: string;
  total_entitlement_cents: number;
  guaranteed_capital_cents: number;
  paid_out_total_cents: number;
}

/** Vorsorgekasse statements of the person with `email`, newest first within each account. */
export function severanceStatementsOf(email: string): SeveranceStatementRow[] {
  return query<SeveranceStatementRow>(
    `select a.account_number, s.*
       from vk_statements s
       join vk_accounts a on a.id = s.account_id
       join persons p on p.id = a.person_id
      where p.email = ?
      order by a.id, s.stichtag desc`,
    email,
  );
}
