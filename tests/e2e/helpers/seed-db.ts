import Database from 'better-sqlite3';
import { portalNow } from './portal-clock';

/**
 * Access to the databases the test servers seeded (paths in E2E_DATABASE_PATH and E2E_REGIONAL_DATABASE_PATH, see
 * playwright.config.ts), so tests compare the screen with what is stored instead of with copied numbers. Reads are
 * read-only; the one write (`expireSessionsOf`) plays the passing of time for the session time-out.
 */
export type TestTenant = 'main' | 'regional';

function openSeedDb(tenant: TestTenant = 'main', readonly = true): Database.Database {
  const variable = tenant === 'main' ? 'E2E_DATABASE_PATH' : 'E2E_REGIONAL_DATABASE_PATH';
  const path = process.env[variable];
  if (!path) throw new Error(`${variable} is not set; run the tests through playwright.config.ts`);
  const db = new Database(path, { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
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

/** Every row of the two Pensionskasse statement tables of the account information, with its label as shown and the column it shows. */
export const PENSION_STATEMENT_ROWS: Array<[label: string, column: keyof PensionStatementRow]> = [
  ['Deckungsrückstellung', 'reserve_cents'],
  ['Schwankungsrückstellung', 'fluctuation_reserve_cents'],
  ['Gesamtes Pensionskapital', 'total_capital_cents'],
  ['Fehlbetrag aus der Änderung der Rechnungsgrundlagen', 'shortfall_cents'],
  ['Voraussichtliche Jahrespension (brutto, 14 Auszahlungen)', 'projected_yearly_pension_cents'],
  ['Arbeitgeberbeiträge', 'employer_contributions_cents'],
  ['Eigenbeiträge (Arbeitnehmerbeiträge)', 'employee_contributions_cents'],
  ['Übertragungen durch den Arbeitgeber', 'employer_transfers_cents'],
  ['Übertragungen durch Sie', 'employee_transfers_cents'],
  ['Prämie gemäß § 108a EStG', 'premium108a_cents'],
  ['Veranlagungsergebnis', 'investment_result_cents'],
  ['Verwaltungskosten', 'costs_cents'],
  ['Pensionszahlungen', 'pension_payments_cents'],
];

/**
 * The statements of the person with `email` from `statements` (pk_statements or vk_statements), each with the number
 * of its contract or account (`owners`, joined on `ownerKey`), by contract or account and newest first within each.
 */
function statementsOf<T>(email: string, statements: string, owners: string, ownerKey: string, numberColumn: string): T[] {
  return query<T>(
    `select o.${numberColumn}, s.*
       from ${statements} s
       join ${owners} o on o.id = s.${ownerKey}
       join persons p on p.id = o.person_id
      where p.email = ?
      order by o.id, s.stichtag desc`,
    email,
  );
}

/** Pensionskasse statements of the person with `email`, newest first. */
export function pensionStatementsOf(email: string): PensionStatementRow[] {
  return statementsOf<PensionStatementRow>(email, 'pk_statements', 'pk_contracts', 'contract_id', 'contract_number');
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
  return statementsOf<SeveranceStatementRow>(email, 'vk_statements', 'vk_accounts', 'account_id', 'account_number');
}

export interface PersonFlagsRow {
  newsletter_pk: number | null;
  newsletter_vk: number | null;
  benefit_statement_digital: number | null;
  account_statement_by_mail: number;
  notify_when_payout_possible: number;
  prize_draw_vk: number | null;
  terms_pending: string | null;
  annual_statement_decision_pending: number;
  annual_statement_via_portal: number | null;
  login_data_sync_pending: number;
  email_update_pending: string | null;
}

/** The login-flow flags and preferences of the person with `email` (main tenant's database). */
export function personFlagsOf(email: string): PersonFlagsRow {
  const [row] = query<PersonFlagsRow>(
    `select newsletter_pk, newsletter_vk, benefit_statement_digital, account_statement_by_mail,
            notify_when_payout_possible, prize_draw_vk, terms_pending, annual_statement_decision_pending,
            annual_statement_via_portal, login_data_sync_pending, email_update_pending
       from persons where email = ?`,
    email,
  );
  if (!row) throw new Error(`no person ${email}`);
  return row;
}

export interface SessionRow {
  mailbox_type: string;
  customer_designation: string | null;
  stage: string;
}

/** The open sessions of the person with `email`, newest first, with the chosen mailbox and duty. */
export function openSessionsOf(email: string): SessionRow[] {
  return query<SessionRow>(
    `select s.mailbox_type, d.customer_designation, s.stage
       from sessions s
       join persons p on p.id = s.person_id
       left join contact_duties d on d.id = s.selected_duty_id
      where p.email = ? and s.ended_at is null
      order by s.created_at desc`,
    email,
  );
}

/**
 * Makes the open sessions of the person with `email` look idle for a day, as if the member had left the browser
 * alone: the server's next check ends them with IDLE_TIMEOUT (SESSION_TIMEOUT in GraphQL, HTTP 423 in REST).
 */
export function expireSessionsOf(email: string, tenant: TestTenant = 'main'): number {
  const db = openSeedDb(tenant, false);
  try {
    const dayAgo = new Date(portalNow() - 86_400_000).toISOString();
    return db
      .prepare(
        `update sessions set last_seen_at = ?
          where ended_at is null and person_id = (select id from persons where email = ?)`,
      )
      .run(dayAgo, email).changes;
  } finally {
    db.close();
  }
}
