/**
 * State of one seed run (db/seed/generator.ts): the prepared insert statements, the shared context of all persons,
 * the options and row counts, and the small value helpers every row writer uses.
 */
import { composeIBAN, isValidIBAN } from 'ibantools';
import type Database from 'better-sqlite3';
import type { Market } from './market';
import type { Rng } from './random';

/** Options of `seedDatabase`. */
export interface SeedOptions {
  /** Number of generated members (the three personas are seeded in addition). Integer ≥ 0. */
  members: number;
  /** Seed of all random draws; default 20261122. */
  seed?: number;
  /**
   * Reference date as ISO `YYYY-MM-DD`; statements run up to 31.12. of the year before, timestamps derive from it.
   * Default: today in Europe/Vienna (pass it explicitly for reproducible content).
   */
  today?: string;
  /** Progress messages. */
  log?: (msg: string) => void;
  /**
   * The tenant the database serves (server/tenants.ts; default `main`). The regional tenant has no Pensionskasse
   * (spec 000 section 1): its seed writes no message from, to or about the Pensionskasse, so no inbox names its
   * documents; contracts are seeded alike (the server hides them there).
   */
  tenant?: 'main' | 'regional';
}

/** Row counts written by one seed run, and its duration in milliseconds. */
export interface SeedStats {
  /** Persons including the personas. */
  persons: number;
  pkContracts: number;
  pkStatements: number;
  vkAccounts: number;
  vkStatements: number;
  messages: number;
  /** Rows of the documents archive (statements, tax confirmations, payment statements, pension model information). */
  documents: number;
  employers: number;
  millis: number;
}

type Bool = 0 | 1 | null;

export interface EmployerRef {
  id: number;
  parentId: number | null;
}

/**
 * Prepared insert statements (snake_case columns of db/migrations/0000_init.sql): positional parameters, except the
 * statements' wide rows, which bind a statement object by name so no figure can land in its neighbour's column.
 */
export function prepareStatements(c: Database.Database) {
  return {
    vrg: c.prepare('INSERT INTO vrgs (number, name, equity_target_percent) VALUES (?, ?, ?)'),
    employer: c.prepare('INSERT INTO employers (customer_number, name, city, parent_id) VALUES (?, ?, ?, ?)'),
    person: c.prepare(
      `INSERT INTO persons (svnr, lfn, gender, title_prefix, title_suffix, first_name, last_name, birth_date, email, phone,
        street, postcode, city, country, po_box, address_valid_from, newsletter_pk, newsletter_vk, benefit_statement_digital,
        account_statement_by_mail, notify_when_payout_possible, prize_draw_vk, membership_status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    personEidBpk: c.prepare('UPDATE persons SET eid_bpk = ? WHERE id = ?'),
    credential: c.prepare(
      `INSERT INTO credentials (person_id, password_hash, password_changed_at, access_status, failed_attempts, locked_until,
        last_login_at, created_at) VALUES (?, ?, ?, 'ACTIVE', 0, NULL, NULL, ?)`,
    ),
    bankAccount: c.prepare('INSERT INTO bank_accounts (person_id, account_holder, bank_name, iban, bic, valid_from) VALUES (?, ?, ?, ?, ?, ?)'),
    pkContract: c.prepare(
      `INSERT INTO pk_contracts (person_id, contract_number, vrg, employer_id, customer_id, calculation_interest_rate_bp,
        widow_transition_percent, partner_rule, role, start_date, pension_start_date, monthly_pension_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    /** Named parameters: `run({ contractId, stichtag, ...statement })` with the fields of PkStatementFigures (db/seed/history.ts). */
    pkStatement: c.prepare(
      `INSERT INTO pk_statements (contract_id, stichtag, reserve_cents, fluctuation_reserve_cents, total_capital_cents,
        employer_contributions_cents, employee_contributions_cents, employer_transfers_cents, employee_transfers_cents,
        premium108a_cents, investment_result_cents, costs_cents, pension_payments_cents, shortfall_cents,
        projected_yearly_pension_cents)
       VALUES (@contractId, @stichtag, @reserveCents, @fluctuationReserveCents, @totalCapitalCents, @employerContributionsCents,
        @employeeContributionsCents, @employerTransfersCents, @employeeTransfersCents, @premium108aCents, @investmentResultCents,
        @costsCents, @pensionPaymentsCents, @shortfallCents, @projectedYearlyPensionCents)`,
    ),
    vkAccount: c.prepare(
      `INSERT INTO vk_accounts (person_id, account_number, employer_id, start_date, end_date, status, right_to_decide_since)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    /** Named parameters: `run({ accountId, stichtag, ...statement })` with the fields of VkStatementFigures (db/seed/history.ts). */
    vkStatement: c.prepare(
      `INSERT INTO vk_statements (account_id, stichtag, total_entitlement_cents, guaranteed_capital_cents,
        paid_out_total_cents, contributions_cents, transfers_in_cents, administration_costs_cents, sv_carrier_costs_cents,
        investment_result_cents, payout_cents, loyalty_bonus_cents, surplus_share_cents)
       VALUES (@accountId, @stichtag, @totalEntitlementCents, @guaranteedCapitalCents, @paidOutTotalCents, @contributionsCents,
        @transfersInCents, @administrationCostsCents, @svCarrierCostsCents, @investmentResultCents, @payoutCents,
        @loyaltyBonusCents, @surplusShareCents)`,
    ),
    message: c.prepare(
      `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at, read_at)
       VALUES (?, 'INBOUND', ?, ?, ?, ?, ?, ?)`,
    ),
    sentMessage: c.prepare(
      `INSERT INTO messages (person_id, direction, counterpart, subject, body, origin, sent_at, read_at)
       VALUES (?, 'OUTBOUND', ?, ?, ?, 'PORTAL', ?, ?)`,
    ),
    document: c.prepare(
      `INSERT INTO documents (person_id, category, fund, title, document_date, source_table, source_id, file_name, content_type,
        created_at, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'application/pdf', ?, ?)`,
    ),
    vrgPerformance: c.prepare('INSERT INTO vrg_performance (vrg, year, return_bp, volatility_bp, fluctuation_reserve_bp) VALUES (?, ?, ?, ?, ?)'),
    vrgAllocation: c.prepare('INSERT INTO vrg_allocations (vrg, year, asset_class, share_bp) VALUES (?, ?, ?, ?)'),
    vrgReport: c.prepare('INSERT INTO vrg_reports (vrg, year, title, summary) VALUES (?, ?, ?, ?)'),
    vkInvestmentResult: c.prepare('INSERT INTO vk_investment_results (year, return_bp, management_fee_bp) VALUES (?, ?, ?)'),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/** State shared by all persons of one seed run. */
export interface Context {
  stmts: Statements;
  market: Market;
  today: string;
  todayMs: number;
  lastYear: number;
  /** ISO instant used for created_at/updated_at of every row: 05:00 UTC of `today`. */
  createdAt: string;
  svnrs: Set<string>;
  emails: Set<string>;
  contractNumbers: Set<string>;
  accountNumbers: Set<string>;
  employers: EmployerRef[];
  /** Creation and read instants of the documents of a statement year (see `documentTimes`), memoised per year. */
  documentTimes: Map<number, { createdAt: string; readAt: string }>;
  stats: Omit<SeedStats, 'millis'>;
  /** Whether the tenant has a Pensionskasse (`SeedOptions.tenant` main): else no Pensionskasse messages are written. */
  pensionFund: boolean;
}

/** Counterparts of the Pensionskasse in the messages table (the fund and its pension service). */
const PENSION_FUND_COUNTERPARTS: ReadonlySet<string> = new Set(['PENSION_FUND', 'PENSION_SERVICE']);

/** Whether a message with `counterpart` belongs in this seed (the regional tenant has no Pensionskasse). */
export function messageSeeded(ctx: Pick<Context, 'pensionFund'>, counterpart: string): boolean {
  return ctx.pensionFund || !PENSION_FUND_COUNTERPARTS.has(counterpart);
}

export const toBool = (value: boolean | null): Bool => (value === null ? null : value ? 1 : 0);
export const rowId = (value: number | bigint): number => Number(value);
/** A unique number with the given prefix and `digits` random digits (no leading zero). */
export function uniqueNumber(rng: Rng, used: Set<string>, prefix: string, digits: number): string {
  for (;;) {
    const value = `${prefix}${rng.int(1, 9)}${rng.digits(digits - 1)}`;
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

/** IBAN (electronic format) of an Austrian account: bank code + 11-digit account number, check digits by ibantools. */
export function austrianIban(blz: string, accountNumber: string): string {
  const iban = composeIBAN({ countryCode: 'AT', bban: `${blz}${accountNumber}` });
  if (!iban || !isValidIBAN(iban)) throw new Error(`seed: could not compose a valid IBAN for ${blz}/${accountNumber}`);
  return iban;
}

/** ISO instant of `ms` since the epoch (UTC). */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();
