/**
 * Deterministic seed generator for a plausible member population of the Pensionskasse (PK) and the
 * Vorsorgekasse (VK). Same options (seed, members, today) → byte-identical database content: every random draw
 * comes from db/seed/random.ts, all timestamps derive from `today`, and even the password hashes use seeded salts.
 *
 * Rows are written with raw prepared statements on a better-sqlite3 connection, one transaction per
 * 5,000 persons, because Drizzle's query builder per row is far too slow for 100,000 members.
 */
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { composeIBAN, isValidBIC, isValidIBAN } from 'ibantools';

import { ARGON2_PARAMS } from '@contract/password-hash';
import { formatDate, formatPercentNumberBp } from '@contract/format';
import { isoDateVienna } from '@contract/dates';
import { makeSvnr } from '@contract/svnr';
import Database from 'better-sqlite3';
import { count } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDERS, type Db } from '../client';
import { migrateSqliteDatabase } from '../migrate-sqlite';
import { copySqliteToPostgres } from '../copy';
import { persons } from '../schema';
import {
  addDays,
  buildPkHistory,
  buildVkHistory,
  createMarket,
  firstDayOfMonth,
  type Gender,
  type Market,
  monthIndex,
  monthIndexOf,
  type PkHistory,
  type PkPlan,
  randomDate,
  type SalaryPath,
  type VkHistory,
  VK_MANAGEMENT_FEE_RATE,
  VRGS,
  yearOf,
} from './history';
import {
  BANKS,
  EMPLOYER_REGIONS,
  EMPLOYER_TRADES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  LEGAL_FORM_WEIGHTS,
  LEGAL_FORMS,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  POSTAL_PLACES,
  STREETS,
  TITLE_PREFIXES_FEMALE,
  TITLE_PREFIXES_MALE,
  TITLE_SUFFIXES,
  transliterate,
} from './names';
import { demoActivationToken, LOGIN_PERSONAS, type LoginSetup } from './login-personas';
import { applyRegistrationSetup, REGISTRATION_PERSONAS } from './registration-personas';
import { CALCULATOR_PERSONA_LFN, CALCULATOR_PERSONAS } from './calculator-personas';
import {
  BOARD_ONLY_PERSONAS,
  BOARD_PERSONA_LFN,
  DEMO_PASSWORD,
  type Persona,
  type PersonaConversationMessage,
  type PersonaFundPlan,
  personaFundPlan,
  PERSONAS,
  supervisoryBoardPlans,
} from './personas';
import { hashSeed, Rng } from './random';

/** Default seed of the generator. */
export const DEFAULT_SEED = 20261122;
/** Persons written per transaction. */
const BATCH_SIZE = 5_000;

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

interface EmployerRef {
  id: number;
  parentId: number | null;
}

/** Prepared insert statements (positional parameters, snake_case columns of db/migrations/0000_init.sql). */
function prepareStatements(c: Database.Database) {
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
    pkStatement: c.prepare(
      `INSERT INTO pk_statements (contract_id, stichtag, reserve_cents, fluctuation_reserve_cents, total_capital_cents,
        employer_contributions_cents, employee_contributions_cents, employer_transfers_cents, employee_transfers_cents,
        premium108a_cents, investment_result_cents, costs_cents, pension_payments_cents, shortfall_cents,
        projected_yearly_pension_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    vkAccount: c.prepare(
      `INSERT INTO vk_accounts (person_id, account_number, employer_id, start_date, end_date, status, right_to_decide_since)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    vkStatement: c.prepare(
      `INSERT INTO vk_statements (account_id, stichtag, total_entitlement_cents, guaranteed_capital_cents,
        paid_out_total_cents, contributions_cents, transfers_in_cents, administration_costs_cents, sv_carrier_costs_cents,
        investment_result_cents, payout_cents, loyalty_bonus_cents, surplus_share_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
interface Context {
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
}

const toBool = (value: boolean | null): Bool => (value === null ? null : value ? 1 : 0);
const rowId = (value: number | bigint): number => Number(value);

/**
 * An argon2id hash of DEMO_PASSWORD with the portal's parameters (ARGON2_PARAMS of server/domain/auth/password.ts,
 * so verifyPassword accepts it) and a salt drawn from the seeded stream instead of the OS, so that the same seed
 * gives the same credentials rows. Demo data only: a real password never gets a predictable salt.
 */
async function demoPasswordHash(rng: Rng): Promise<string> {
  const salt = new Uint8Array(16);
  for (let i = 0; i < salt.length; i++) salt[i] = rng.int(0, 255);
  return hash(DEMO_PASSWORD, { ...ARGON2_PARAMS, salt });
}

/** A unique number with the given prefix and `digits` random digits (no leading zero). */
function uniqueNumber(rng: Rng, used: Set<string>, prefix: string, digits: number): string {
  for (;;) {
    const value = `${prefix}${rng.int(1, 9)}${rng.digits(digits - 1)}`;
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

/** IBAN (electronic format) of an Austrian account: bank code + 11-digit account number, check digits by ibantools. */
function austrianIban(blz: string, accountNumber: string): string {
  const iban = composeIBAN({ countryCode: 'AT', bban: `${blz}${accountNumber}` });
  if (!iban || !isValidIBAN(iban)) throw new Error(`seed: could not compose a valid IBAN for ${blz}/${accountNumber}`);
  return iban;
}

/** True when `value` is an ISO date `YYYY-MM-DD` that exists in the calendar (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** ISO instant of `ms` since the epoch (UTC). */
const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** The eight VRGs. */
function insertVrgs(ctx: Context): void {
  for (const v of VRGS) ctx.stmts.vrg.run(v.number, v.name, v.equityTargetPercent);
}

/**
 * First year of the seeded investment information: early enough for every statement year of personas and population
 * (PK histories reach back at most 25 years, VK histories to 2003).
 */
export function firstInvestmentYear(lastYear: number): number {
  return Math.min(2000, lastYear - 24);
}

/** Sample standard deviation of integer basis points, rounded to basis points. */
function sampleStdDevBp(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
  return Math.round(Math.sqrt(variance));
}

/** German names of the asset classes in the report texts. */
const ASSET_CLASS_TEXT = {
  EQUITIES: 'Aktien',
  BONDS: 'Anleihen',
  REAL_ESTATE: 'Immobilien',
  ALTERNATIVES: 'alternativen Veranlagungen',
  CASH: 'liquiden Mitteln',
} as const;

/**
 * The investment information of the main tenant, from the same seeded market (`ctx.market`) that rolls the members'
 * statements forward, for every year from `firstInvestmentYear` to the last statement year:
 * - vrg_performance: the VRG's net return (exactly the rate applied to every member's capital), the fluctuation
 *   reserve share at 31.12., and the volatility (sample standard deviation of the five yearly returns up to the year);
 * - vrg_allocations: equities around the VRG's target (drifting up after good years, down after bad ones), real
 *   estate, alternatives and cash drawn per VRG and year, bonds the rest, so that the shares add up to 10,000 bp;
 * - vrg_reports: a German yearly summary of those figures;
 * - vk_investment_results: the Vorsorgekasse's net return and its 0.7 % p.a. management fee (VK_MANAGEMENT_FEE_RATE,
 *   the rate the VK statements charge), in basis points.
 * Draws come from streams of their own (hashSeed(seed, 'allocation', vrg, year)), so the members' data stays unchanged.
 */
function insertInvestmentInformation(ctx: Context, seed: number): void {
  const bp = (fraction: number): number => Math.round(fraction * 10_000);
  const first = firstInvestmentYear(ctx.lastYear);
  const managementFeeBp = bp(VK_MANAGEMENT_FEE_RATE);
  for (let year = first; year <= ctx.lastYear; year++) ctx.stmts.vkInvestmentResult.run(year, bp(ctx.market.vkReturn(year)), managementFeeBp);

  for (const v of VRGS) {
    for (let year = first; year <= ctx.lastYear; year++) {
      const returnBp = bp(ctx.market.pkReturn(v.number, year));
      const fluctuationBp = bp(ctx.market.pkFluctuationShare(v.number, year));
      const volatilityBp = sampleStdDevBp([4, 3, 2, 1, 0].map((back) => bp(ctx.market.pkReturn(v.number, year - back))));
      ctx.stmts.vrgPerformance.run(v.number, year, returnBp, volatilityBp, fluctuationBp);

      const rng = new Rng(hashSeed(seed, 'allocation', v.number, year));
      const cautious = v.equityTargetPercent <= 20;
      const equities = Math.max(0, v.equityTargetPercent * 100 + Math.max(-500, Math.min(500, Math.round((returnBp - 300) / 2))) + rng.int(-100, 100));
      const realEstate = rng.int(300, 800);
      const alternatives = cautious ? rng.int(0, 200) : rng.int(100, 500);
      const cash = rng.int(100, 600);
      const bonds = 10_000 - equities - realEstate - alternatives - cash;
      const shares = { EQUITIES: equities, BONDS: bonds, REAL_ESTATE: realEstate, ALTERNATIVES: alternatives, CASH: cash };
      for (const [assetClass, share] of Object.entries(shares)) ctx.stmts.vrgAllocation.run(v.number, year, assetClass, share);

      const market =
        year === 2008
          ? 'Die weltweite Finanzkrise führte zu starken Kursverlusten an den Aktienmärkten; Anleihen hoher Bonität stabilisierten das Portfolio.'
          : year === 2022
            ? 'Der rasche Anstieg der Zinsen belastete Anleihen und Aktien zugleich; ein solches Jahr ist historisch selten.'
            : returnBp >= 600
              ? 'Ein freundliches Umfeld an den Aktienmärkten trug wesentlich zum Ergebnis bei.'
              : returnBp >= 0
                ? 'Aktien und Anleihen lieferten moderate positive Beiträge.'
                : 'Schwankungen an den Kapitalmärkten führten zu einem negativen Ergebnis.';
      const parts = (['EQUITIES', 'BONDS', 'REAL_ESTATE', 'ALTERNATIVES', 'CASH'] as const).map((k) => `${formatPercentNumberBp(shares[k])} % in ${ASSET_CLASS_TEXT[k]}`);
      const allocationText = `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`;
      const summary = [
        `Die ${v.name} erzielte im Jahr ${year} ein Veranlagungsergebnis von ${formatPercentNumberBp(returnBp)} % nach Kosten. ${market}`,
        `Zum 31.12.${year} war das Vermögen zu ${allocationText} veranlagt (Aktien-Zielquote ${v.equityTargetPercent} %). ` +
          `Die Schwankungsrückstellung betrug ${formatPercentNumberBp(fluctuationBp)} % des Vermögens.`,
        `Die Volatilität der Jahresergebnisse der letzten fünf Jahre lag bei ${formatPercentNumberBp(volatilityBp)} % p. a. ` +
          'Vergangene Wertentwicklungen lassen keine verlässlichen Rückschlüsse auf die zukünftige Entwicklung zu.',
      ].join('\n\n');
      ctx.stmts.vrgReport.run(v.number, year, `Veranlagungsbericht ${year} – ${v.name}`, summary);
    }
  }
}

/** About max(50, members / 20) employers with unique names and customer numbers; ~20 % belong to a group parent. */
function insertEmployers(ctx: Context, rng: Rng, count: number): void {
  const names = new Set<string>();
  const topLevel: number[] = [];
  let customerNumber = 1_000_000;
  for (let i = 0; i < count; i++) {
    let name = '';
    for (let attempt = 0; attempt < 30 && (name === '' || names.has(name)); attempt++) {
      const form = rng.weighted(LEGAL_FORMS, LEGAL_FORM_WEIGHTS);
      const style = rng.next();
      if (style < 0.65) name = `${rng.pick(EMPLOYER_REGIONS)} ${rng.pick(EMPLOYER_TRADES)} ${form}`;
      else if (style < 0.92) name = `${rng.pick(LAST_NAMES)} ${rng.pick(EMPLOYER_TRADES)} ${form}`;
      else name = `${rng.pick(LAST_NAMES)} & ${rng.pick(LAST_NAMES)} ${form === 'AG' ? 'OG' : form}`;
    }
    if (names.has(name)) name = `${name.replace(/ (GmbH.*|AG|KG|OG|Gesellschaft m\.b\.H\.)$/, '')} ${i + 1} GmbH`;
    names.add(name);
    customerNumber += rng.int(1, 40);
    const parentId = i >= 5 && rng.chance(0.2) ? rng.pick(topLevel) : null;
    const info = ctx.stmts.employer.run(String(customerNumber), name, rng.pick(POSTAL_PLACES).city, parentId);
    const id = rowId(info.lastInsertRowid);
    if (parentId === null) topLevel.push(id);
    ctx.employers.push({ id, parentId });
  }
  ctx.stats.employers = count;
}

/** An employer, skewed towards the first ones (a few large companies, many small). */
function pickEmployer(ctx: Context, rng: Rng, except?: number): EmployerRef {
  for (;;) {
    const e = ctx.employers[Math.floor(ctx.employers.length * rng.next() ** 2)]!;
    if (e.id !== except || ctx.employers.length === 1) return e;
  }
}

interface PersonData {
  svnr: string;
  lfn: number;
  gender: Gender;
  titlePrefix: string | null;
  titleSuffix: string | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string | null;
  phone: string | null;
  street: string;
  postcode: string;
  city: string;
  addressValidFrom: string;
  newsletterPk: boolean | null;
  newsletterVk: boolean | null;
  benefitStatementDigital: boolean | null;
  accountStatementByMail: boolean;
  notifyWhenPayoutPossible: boolean;
  prizeDrawVk: boolean | null;
}

/** Inserts a person row; returns its id. */
function insertPerson(ctx: Context, p: PersonData): number {
  const info = ctx.stmts.person.run(
    p.svnr,
    p.lfn,
    p.gender,
    p.titlePrefix,
    p.titleSuffix,
    p.firstName,
    p.lastName,
    p.birthDate,
    p.email,
    p.phone,
    p.street,
    p.postcode,
    p.city,
    'AT',
    null,
    p.addressValidFrom,
    toBool(p.newsletterPk),
    toBool(p.newsletterVk),
    toBool(p.benefitStatementDigital),
    toBool(p.accountStatementByMail),
    toBool(p.notifyWhenPayoutPossible),
    toBool(p.prizeDrawVk),
    'ACTIVE',
    ctx.createdAt,
    ctx.createdAt,
  );
  ctx.stats.persons++;
  return rowId(info.lastInsertRowid);
}

function insertBankAccount(ctx: Context, personId: number, holder: string, blz: string, accountNumber: string, validFrom: string): void {
  const bank = BANKS.find((b) => b.blz === blz);
  if (!bank) throw new Error(`seed: unknown bank code ${blz}`);
  const iban = austrianIban(blz, accountNumber);
  if (!isValidBIC(bank.bic)) throw new Error(`seed: invalid BIC ${bank.bic}`);
  ctx.stmts.bankAccount.run(personId, holder, bank.name, iban, bank.bic, validFrom);
}

interface PkContractData {
  personId: number;
  contractNumber: string;
  vrg: number;
  employer: EmployerRef;
  rateBp: number;
  widowTransitionPercent: number;
  partnerRule: string;
  startDate: string;
  history: PkHistory;
  /** Number of PK contracts of the person; with more than one, titles and file names carry the contract number. */
  contractsOfPerson: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Documents archive (the PDFs are rendered on request from the rows these documents point at)
// ---------------------------------------------------------------------------------------------------------------

type DocumentCategory = 'TAX_CONFIRMATION' | 'PERFORMANCE_STATEMENT' | 'VK_ACCOUNT_STATEMENT' | 'PAYMENT_STATEMENT' | 'PENSION_MODEL_INFO';

/**
 * Instants of the documents of statement year `year`: produced on 15 February of the next year and read a week later
 * (both at most the seed's "now", `ctx.createdAt`). Memoised: 1.7 million documents share about 25 years.
 */
function documentTimes(ctx: Context, year: number): { createdAt: string; readAt: string } {
  let times = ctx.documentTimes.get(year);
  if (!times) {
    const cap = (iso: string): string => (iso < ctx.createdAt ? iso : ctx.createdAt);
    times = { createdAt: cap(`${year + 1}-02-15T06:00:00.000Z`), readAt: cap(`${year + 1}-02-22T17:30:00.000Z`) };
    ctx.documentTimes.set(year, times);
  }
  return times;
}

/** Inserts one document row; `read` false leaves it unread (read_at NULL). */
function insertDocument(
  ctx: Context,
  personId: number,
  d: { category: DocumentCategory; fund: 'PK' | 'VK'; title: string; date: string; sourceTable: string; sourceId: number; fileName: string },
  times: { createdAt: string; readAt: string },
  read: boolean,
): void {
  ctx.stmts.document.run(personId, d.category, d.fund, d.title, d.date, d.sourceTable, d.sourceId, d.fileName, times.createdAt, read ? times.readAt : null);
  ctx.stats.documents++;
}

function insertPkContract(ctx: Context, c: PkContractData): void {
  const info = ctx.stmts.pkContract.run(
    c.personId,
    c.contractNumber,
    c.vrg,
    c.employer.id,
    c.employer.parentId ?? c.employer.id,
    c.rateBp,
    c.widowTransitionPercent,
    c.partnerRule,
    c.history.role,
    c.startDate,
    c.history.pensionStartDate,
    c.history.monthlyPensionCents,
  );
  const contractId = rowId(info.lastInsertRowid);
  const several = c.contractsOfPerson > 1;
  const titleSuffix = several ? ` – Vertrag ${c.contractNumber}` : '';
  const fileSuffix = several ? `_${c.contractNumber}` : '';
  // The pension model information of the contract, dated at the contract start and long read.
  const startTimes = { createdAt: `${c.startDate}T06:00:00.000Z`, readAt: `${addDays(c.startDate, 14)}T17:30:00.000Z` };
  insertDocument(
    ctx,
    c.personId,
    {
      category: 'PENSION_MODEL_INFO',
      fund: 'PK',
      title: `Informationen zum Pensionskassenmodell${titleSuffix}`,
      date: c.startDate,
      sourceTable: 'pk_contracts',
      sourceId: contractId,
      fileName: `Pensionskassenmodell_${c.contractNumber}.pdf`,
    },
    { createdAt: startTimes.createdAt < ctx.createdAt ? startTimes.createdAt : ctx.createdAt, readAt: startTimes.readAt < ctx.createdAt ? startTimes.readAt : ctx.createdAt },
    true,
  );
  const last = c.history.statements.length - 1;
  c.history.statements.forEach((s, i) => {
    const stichtag = `${s.year}-12-31`;
    const statementId = rowId(
      ctx.stmts.pkStatement.run(
        contractId,
        stichtag,
        s.reserveCents,
        s.fluctuationReserveCents,
        s.totalCapitalCents,
        s.employerContributionsCents,
        s.employeeContributionsCents,
        s.employerTransfersCents,
        s.employeeTransfersCents,
        s.premium108aCents,
        s.investmentResultCents,
        s.costsCents,
        s.pensionPaymentsCents,
        s.shortfallCents,
        s.projectedYearlyPensionCents,
      ).lastInsertRowid,
    );
    const times = documentTimes(ctx, s.year);
    const source = { fund: 'PK' as const, date: stichtag, sourceTable: 'pk_statements', sourceId: statementId };
    // The newest Leistungsnachweis is unread; everything older has been read.
    insertDocument(
      ctx,
      c.personId,
      {
        ...source,
        category: 'PERFORMANCE_STATEMENT',
        title: `Leistungsnachweis zum ${formatDate(stichtag)}${titleSuffix}`,
        fileName: `Leistungsnachweis_${s.year}${fileSuffix}.pdf`,
      },
      times,
      i !== last,
    );
    if (s.employeeContributionsCents > 0) {
      insertDocument(
        ctx,
        c.personId,
        {
          ...source,
          category: 'TAX_CONFIRMATION',
          title: `Bestätigung über Eigenbeiträge ${s.year} für das Finanzamt${titleSuffix}`,
          fileName: `Bestätigung_Eigenbeiträge_${s.year}${fileSuffix}.pdf`,
        },
        times,
        true,
      );
    }
    if (s.pensionPaymentsCents > 0) {
      insertDocument(
        ctx,
        c.personId,
        { ...source, category: 'PAYMENT_STATEMENT', title: `Pensionsauszahlungen ${s.year}${titleSuffix}`, fileName: `Pensionsauszahlungen_${s.year}${fileSuffix}.pdf` },
        times,
        true,
      );
    }
  });
  ctx.stats.pkContracts++;
  ctx.stats.pkStatements += c.history.statements.length;
}

/**
 * Inserts a VK account, its statements and one Kontonachricht document per statement (the newest unread). With more
 * than one account of the person (`accountsOfPerson`), titles and file names carry the account number.
 */
function insertVkAccount(ctx: Context, personId: number, accountNumber: string, employer: EmployerRef, history: VkHistory, accountsOfPerson: number): void {
  const info = ctx.stmts.vkAccount.run(personId, accountNumber, employer.id, history.startDate, history.endDate, history.status, history.rightToDecideSince);
  const accountId = rowId(info.lastInsertRowid);
  const several = accountsOfPerson > 1;
  const last = history.statements.length - 1;
  history.statements.forEach((s, i) => {
    const stichtag = `${s.year}-12-31`;
    const statementId = rowId(
      ctx.stmts.vkStatement.run(
        accountId,
        stichtag,
        s.totalEntitlementCents,
        s.guaranteedCapitalCents,
        s.paidOutTotalCents,
        s.contributionsCents,
        s.transfersInCents,
        s.administrationCostsCents,
        s.svCarrierCostsCents,
        s.investmentResultCents,
        s.payoutCents,
        s.loyaltyBonusCents,
        s.surplusShareCents,
      ).lastInsertRowid,
    );
    insertDocument(
      ctx,
      personId,
      {
        category: 'VK_ACCOUNT_STATEMENT',
        fund: 'VK',
        title: `Kontonachricht zum ${formatDate(stichtag)}${several ? ` – Konto ${accountNumber}` : ''}`,
        date: stichtag,
        sourceTable: 'vk_statements',
        sourceId: statementId,
        fileName: `Kontonachricht_${s.year}${several ? `_${accountNumber}` : ''}.pdf`,
      },
      documentTimes(ctx, s.year),
      i !== last,
    );
  });
  ctx.stats.vkAccounts++;
  ctx.stats.vkStatements += history.statements.length;
}

/**
 * Inserts an inbound message sent `daysAgo` days before today at a seeded time of day; `read` marks it read
 * some minutes to days later (never after today).
 */
function insertMessage(ctx: Context, rng: Rng, personId: number, m: { counterpart: string; origin: string; subject: string; body: string; daysAgo: number; read: boolean }): void {
  const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + rng.int(6, 17) * 3_600_000 + rng.int(0, 59) * 60_000;
  const latestRead = Math.min(14 * 86_400_000, ctx.todayMs - sentMs);
  const readAt = m.read ? isoInstant(sentMs + rng.int(600_000, Math.max(600_000, latestRead))) : null;
  ctx.stmts.message.run(personId, m.counterpart, m.subject.slice(0, 100), m.body, m.origin, isoInstant(sentMs), readAt);
  ctx.stats.messages++;
}

/**
 * Inserts one message of a persona's seeded conversation (issue 14 item 4) at 09:00 UTC `daysAgo` days before today:
 * the member's question (OUTBOUND, PORTAL) or the fund's answer (INBOUND, CLERK, read an hour later). Uses no random
 * numbers, so the generated population stays the same.
 */
function insertConversationMessage(ctx: Context, personId: number, m: PersonaConversationMessage): void {
  const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + 9 * 3_600_000;
  if (m.fromMember) ctx.stmts.sentMessage.run(personId, m.counterpart, m.subject, m.body, isoInstant(sentMs), isoInstant(sentMs));
  else ctx.stmts.message.run(personId, m.counterpart, m.subject, m.body, 'CLERK', isoInstant(sentMs), isoInstant(sentMs + 3_600_000));
  ctx.stats.messages++;
}

// ---------------------------------------------------------------------------------------------------------------
// Personas
// ---------------------------------------------------------------------------------------------------------------

function seedPersona(ctx: Context, persona: Omit<Persona, 'key'> & { key: string }, lfn: number, passwordHash: string, plan: PersonaFundPlan): number {
  const rng = new Rng(hashSeed('persona', persona.key));
  ctx.svnrs.add(persona.svnr);
  ctx.emails.add(persona.email);
  const personId = insertPerson(ctx, {
    svnr: persona.svnr,
    lfn,
    gender: persona.gender,
    titlePrefix: persona.titlePrefix,
    titleSuffix: persona.titleSuffix,
    firstName: persona.firstName,
    lastName: persona.lastName,
    birthDate: persona.birthDate,
    email: persona.email,
    phone: persona.phone,
    street: persona.street,
    postcode: persona.postcode,
    city: persona.city,
    addressValidFrom: '2015-03-01',
    newsletterPk: plan.pk ? true : null,
    newsletterVk: plan.vk.length > 0 ? false : null,
    benefitStatementDigital: plan.pk ? true : null,
    accountStatementByMail: plan.vk.length > 0,
    notifyWhenPayoutPossible: persona.key === 'bernd',
    // Answered once, so that the demo logins do not ask the prize-draw question every time.
    prizeDrawVk: plan.vk.length > 0 ? false : null,
  });
  if (persona.eidBpk) ctx.stmts.personEidBpk.run(persona.eidBpk, personId);
  ctx.stmts.credential.run(personId, passwordHash, ctx.createdAt, ctx.createdAt);
  insertBankAccount(ctx, personId, `${persona.firstName} ${persona.lastName}`, persona.bank.blz, persona.bank.accountNumber, '2015-03-01');

  const employerAt = (index: number): EmployerRef => ctx.employers[index % ctx.employers.length]!;
  if (plan.pk) {
    const pkPlan: PkPlan = {
      birthDate: persona.birthDate,
      gender: persona.gender,
      startMonth: plan.pk.startMonth,
      lastYear: ctx.lastYear,
      vrg: plan.pk.vrg,
      rateBp: plan.pk.rateBp,
      salary: plan.salary,
      employerRatePermille: plan.pk.employerRatePermille,
      contributionsEndMonth: null,
      ownContribution: plan.pk.ownContributionMonthlyCents === null ? null : { monthlyCents: plan.pk.ownContributionMonthlyCents, yearProbability: 1 },
      employerTransfer: null,
      employeeTransfer: null,
      shortfallStartCents: 0,
      pensionStartMonth: plan.pk.pensionStartMonth,
    };
    insertPkContract(ctx, {
      personId,
      contractNumber: uniqueNumber(rng, ctx.contractNumbers, 'PK-', 7),
      vrg: plan.pk.vrg,
      employer: employerAt(plan.pk.employerIndex),
      rateBp: plan.pk.rateBp,
      widowTransitionPercent: plan.pk.widowTransitionPercent,
      partnerRule: plan.pk.partnerRule,
      startDate: firstDayOfMonth(plan.pk.startMonth),
      history: buildPkHistory(pkPlan, ctx.market, rng),
      contractsOfPerson: 1,
    });
  }
  for (const account of plan.vk) {
    const history = buildVkHistory(
      { firstMonth: account.firstMonth, lastMonth: account.lastMonth, lastYear: ctx.lastYear, salary: plan.salary, transferIn: null, allowPayout: false },
      ctx.market,
      rng,
    );
    insertVkAccount(ctx, personId, uniqueNumber(rng, ctx.accountNumbers, 'VK-', 8), employerAt(account.employerIndex), history, plan.vk.length);
  }
  for (const m of plan.messages) insertMessage(ctx, rng, personId, m);
  for (const m of plan.conversation ?? []) insertConversationMessage(ctx, personId, m);
  return personId;
}

/**
 * The customer's mailbox (spec 000 section 4, ASP; issue 14 item 5): the first contact person seeded for a customer
 * gets a conversation in its name, a question of the customer and the fund's unread answer, visible to every contact
 * person acting for that customer.
 */
function seedCustomerMailbox(c: Database.Database, ctx: Context, personId: number, customer: string): void {
  const existing = c.prepare('SELECT count(*) AS n FROM messages WHERE customer_designation = ?').get(customer) as { n: number };
  if (existing.n > 0) return;
  const asked = isoInstant(ctx.todayMs - 9 * 86_400_000);
  const answered = isoInstant(ctx.todayMs - 2 * 86_400_000);
  const insert = c.prepare(
    `INSERT INTO messages (person_id, customer_designation, direction, counterpart, subject, body, origin, sent_at, read_at) VALUES (?, ?, ?, 'PENSION_FUND', ?, ?, ?, ?, ?)`,
  );
  insert.run(
    personId,
    customer,
    'OUTBOUND',
    `Beitragsmeldung ${customer}`,
    `Bitte um Bestätigung der Beitragsmeldung der ${customer} für das laufende Quartal.`,
    'PORTAL',
    asked,
    asked,
  );
  insert.run(
    personId,
    customer,
    'INBOUND',
    `AW: Beitragsmeldung ${customer}`,
    `Sehr geehrte Damen und Herren,\n\ndie Beitragsmeldung der ${customer} ist vollständig bei uns eingelangt.\n\nMit freundlichen Grüßen\nIhre Pensionskasse`,
    'CLERK',
    answered,
    null,
  );
}

/**
 * A one-page PDF (PDF 1.4, Helvetica) showing `title`: the seeded board documents. Characters outside printable ASCII
 * are replaced by `?`, so the standard font needs no encoding table.
 */
function boardDocumentPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 16 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Supervisory board (issue 14 item 6, decision 0026): the board-only personas (no contract), then for every board
 * persona its seats and its supervisory-board inbox (mailbox_kind BOARD; attachments as one-page PDFs). Messages are
 * dated at 09:00 UTC `daysAgo` days before today and read an hour later; no random numbers are used.
 */
function seedSupervisoryBoard(c: Database.Database, ctx: Context, sharedHash: string): void {
  const emptyPlan: PersonaFundPlan = { salary: { baseYear: ctx.lastYear, baseMonthlyCents: 300_000, growthBp: 200 }, pk: null, vk: [], messages: [] };
  BOARD_ONLY_PERSONAS.forEach((persona, i) => seedPersona(ctx, persona, BOARD_PERSONA_LFN + i, sharedHash, emptyPlan));
  const seat = c.prepare('INSERT INTO supervisory_board_seats (person_id, fund, since, until, imported_at) VALUES (?, ?, ?, ?, ?)');
  const message = c.prepare(
    `INSERT INTO messages (person_id, mailbox_kind, direction, counterpart, subject, body, origin, sent_at, read_at) VALUES (?, 'BOARD', 'INBOUND', ?, ?, ?, 'CLERK', ?, ?)`,
  );
  const attachment = c.prepare('INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, ?, ?, ?)');
  for (const plan of supervisoryBoardPlans(ctx.lastYear)) {
    const personId = c.prepare('SELECT id FROM persons WHERE email = ?').pluck().get(plan.email) as number;
    for (const s of plan.seats) seat.run(personId, s.fund, s.since, s.until, ctx.createdAt);
    for (const m of plan.messages) {
      const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + 9 * 3_600_000;
      const id = Number(message.run(personId, m.counterpart, m.subject.slice(0, 100), m.body, isoInstant(sentMs), m.read ? isoInstant(sentMs + 3_600_000) : null).lastInsertRowid);
      if (m.attachment) {
        const pdf = boardDocumentPdf(m.subject);
        attachment.run(id, m.attachment, 'application/pdf', pdf.length, pdf);
      }
      ctx.stats.messages++;
    }
  }
}

/** Applies a login persona's flags (db/seed/login-personas.ts) to its freshly inserted rows. */
function applyLoginSetup(c: Database.Database, ctx: Context, personId: number, setup: LoginSetup, seed: number, log: (msg: string) => void): void {
  const set = (column: string, value: string | number | null) => c.prepare(`UPDATE persons SET ${column} = ? WHERE id = ?`).run(value, personId);
  if (setup.termsPending) set('terms_pending', setup.termsPending);
  if (setup.annualStatementDecisionPending) set('annual_statement_decision_pending', 1);
  if (setup.loginDataSyncPending) set('login_data_sync_pending', 1);
  if (setup.emailUpdatePending) set('email_update_pending', setup.emailUpdatePending);
  if (setup.registrationUpdatePending) set('registration_update_pending', 1);
  if (setup.membershipStatus) set('membership_status', setup.membershipStatus);
  if (setup.openQuestions) {
    c.prepare(
      'UPDATE persons SET newsletter_pk = NULL, newsletter_vk = NULL, benefit_statement_digital = NULL, account_statement_by_mail = 0, prize_draw_vk = NULL WHERE id = ?',
    ).run(personId);
  }
  if (setup.accessStatus) c.prepare('UPDATE credentials SET access_status = ? WHERE person_id = ?').run(setup.accessStatus, personId);
  for (const duty of setup.duties ?? []) {
    c.prepare('INSERT INTO contact_duties (person_id, customer_designation, function_groups) VALUES (?, ?, ?)').run(
      personId,
      duty.customerDesignation,
      JSON.stringify(duty.functionGroups),
    );
    seedCustomerMailbox(c, ctx, personId, duty.customerDesignation);
  }
  if (setup.accessStatus === 'PENDING_ACTIVATION') {
    const token = demoActivationToken(seed);
    const expires = isoInstant(ctx.todayMs + 30 * 86_400_000);
    c.prepare(`INSERT INTO person_tokens (token_hash, person_id, purpose, created_at, expires_at, used_at) VALUES (?, ?, 'ACTIVATION', ?, ?, NULL)`).run(
      createHash('sha256').update(token).digest('base64url'),
      personId,
      ctx.createdAt,
      expires,
    );
    log(`demo activation link: /#/activation?id=${token}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Population
// ---------------------------------------------------------------------------------------------------------------

const MESSAGE_TEMPLATES: Record<'PENSION_FUND' | 'SEVERANCE_FUND', readonly { subject: string; body: string }[]> = {
  PENSION_FUND: [
    {
      subject: 'Ihr Leistungsnachweis zum 31.12.{lastYear} ist verfügbar',
      body: 'Ihr Leistungsnachweis der Pensionskasse zum Stichtag 31.12.{lastYear} steht im Portal unter „Dokumente“ bereit.',
    },
    {
      subject: 'Information zur Veranlagung im Jahr {lastYear}',
      body: 'Im Anhang Ihres Portals finden Sie den Bericht über die Veranlagung Ihrer Veranlagungs- und Risikogemeinschaft im Jahr {lastYear}.',
    },
    {
      subject: 'Bestätigung Ihrer Eigenbeiträge',
      body: 'Wir bestätigen den Eingang Ihrer Eigenbeiträge. Die Prämie nach § 108a EStG wird nach Ende des Kalenderjahres gutgeschrieben.',
    },
    {
      subject: 'Änderung Ihrer Adressdaten',
      body: 'Ihre neue Adresse wurde in unserem System erfasst. Bitte prüfen Sie die Angaben in Ihrem Profil.',
    },
  ],
  SEVERANCE_FUND: [
    {
      subject: 'Ihre Kontonachricht zum 31.12.{lastYear}',
      body: 'Ihre jährliche Kontonachricht der Vorsorgekasse zum 31.12.{lastYear} ist jetzt im Portal abrufbar.',
    },
    {
      subject: 'Information zur Abfertigung NEU',
      body: 'Ihr Arbeitgeber leistet für Sie monatlich 1,53 % Ihres Bruttoentgelts an die Vorsorgekasse. Ihre Anwartschaft sehen Sie jederzeit im Portal.',
    },
    {
      subject: 'Zusammenlegung Ihrer Abfertigungskonten',
      body: 'Beitragsfreie Anwartschaften können nach drei Jahren in die aktuelle Vorsorgekasse übertragen werden. Den Antrag finden Sie im Portal.',
    },
    {
      subject: 'Veranlagungsergebnis {lastYear}',
      body: 'Das Veranlagungsergebnis des Jahres {lastYear} wurde Ihrem Konto zugewiesen. Details finden Sie in Ihrer Kontonachricht.',
    },
  ],
};

function salutation(p: PersonData): string {
  const name = [p.titlePrefix, p.lastName].filter(Boolean).join(' ');
  if (p.gender === 'FEMALE') return `Sehr geehrte Frau ${name},`;
  if (p.gender === 'MALE') return `Sehr geehrter Herr ${name},`;
  return `Guten Tag ${p.firstName} ${p.lastName},`;
}

/** A generated member's person row data (not yet inserted). */
function generatePersonData(ctx: Context, rng: Rng, lfn: number): PersonData {
  const gender: Gender = rng.weighted(['FEMALE', 'MALE', 'DIVERSE'] as const, [49.6, 49.6, 0.8]);
  const female = gender === 'FEMALE' || (gender === 'DIVERSE' && rng.chance(0.5));
  const firstName = rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const birthDate = randomDate(rng, '1958-01-01', '2002-12-31');

  let svnr: string | null = null;
  while (svnr === null || ctx.svnrs.has(svnr)) svnr = makeSvnr(rng.int(100, 999), birthDate);
  ctx.svnrs.add(svnr);

  let titlePrefix: string | null = null;
  let titleSuffix: string | null = null;
  if (Number(birthDate.slice(0, 4)) <= ctx.lastYear - 23 && rng.chance(0.15)) {
    const kind = rng.next();
    if (kind < 0.85) titlePrefix = rng.pick(gender === 'FEMALE' ? TITLE_PREFIXES_FEMALE : TITLE_PREFIXES_MALE);
    if (kind >= 0.55) titleSuffix = rng.pick(TITLE_SUFFIXES);
  }

  let email: string | null = null;
  if (rng.chance(0.97)) {
    email = `${transliterate(firstName)}.${transliterate(lastName)}.${lfn}@example.at`;
    if (ctx.emails.has(email)) throw new Error(`seed: duplicate e-mail ${email}`);
    ctx.emails.add(email);
  }
  const phone = rng.chance(0.9) ? `+43 ${rng.pick(MOBILE_PREFIXES)} ${rng.int(1, 9)}${rng.digits(6)}` : null;
  const place = rng.pick(POSTAL_PLACES);
  const door = place.city === 'Wien' || rng.chance(0.25) ? `/${rng.int(1, 30)}` : '';
  const adult = addDays(birthDate, 18 * 365 + 5);
  const earliest = adult > '2000-01-01' ? adult : '2000-01-01';
  const latest = addDays(ctx.today, -30);

  return {
    svnr,
    lfn,
    gender,
    titlePrefix,
    titleSuffix,
    firstName,
    lastName,
    birthDate,
    email,
    phone,
    street: `${rng.pick(STREETS)} ${rng.int(1, 120)}${door}`,
    postcode: place.postcode,
    city: place.city,
    addressValidFrom: randomDate(rng, earliest < latest ? earliest : latest, latest),
    newsletterPk: rng.chance(0.85) ? rng.chance(0.4) : null,
    newsletterVk: rng.chance(0.85) ? rng.chance(0.4) : null,
    benefitStatementDigital: rng.chance(0.85) ? rng.chance(0.7) : null,
    accountStatementByMail: rng.chance(0.4),
    notifyWhenPayoutPossible: rng.chance(0.05),
    prizeDrawVk: rng.chance(0.3) ? rng.chance(0.5) : null,
  };
}

/** First month of a history of 1..25 years that ends with `lastYear` and starts no earlier than `minYear`. */
function historyStart(rng: Rng, lastYear: number, minYear: number): number {
  const maxSpan = Math.max(1, Math.min(25, lastYear - minYear + 1));
  const startYear = lastYear - rng.int(1, maxSpan) + 1;
  // Abfertigung neu: employments from 1 Jan 2003, so the earliest contribution month is February 2003.
  const firstMonth = startYear === 2003 && minYear === 2003 ? rng.int(2, 12) : rng.int(1, 12);
  return monthIndex(startYear, firstMonth);
}

/** One generated member: person, credentials, bank account, PK contract and/or VK accounts, messages. */
function seedMember(ctx: Context, rng: Rng, lfn: number, sharedHash: string): void {
  const p = generatePersonData(ctx, rng, lfn);
  const personId = insertPerson(ctx, p);
  // Demo data only: all generated members share ONE argon2id hash of DEMO_PASSWORD (computed once per run),
  // because hashing 100,000 passwords at ~25 ms each would take 40 minutes.
  if (p.email !== null) ctx.stmts.credential.run(personId, sharedHash, ctx.createdAt, ctx.createdAt);

  const bank = rng.pick(BANKS);
  const adult = addDays(p.birthDate, 18 * 365 + 5);
  const latest = addDays(ctx.today, -30);
  const earliest = adult > '2000-01-01' ? adult : '2000-01-01';
  insertBankAccount(ctx, personId, `${p.firstName} ${p.lastName}`, bank.blz, rng.digits(11), randomDate(rng, earliest < latest ? earliest : latest, latest));

  // ~60 % VK, ~45 % PK, everyone at least one: 55 % VK only, 40 % PK only, 5 % both.
  const u = rng.next();
  const hasVk = u < 0.55 || u >= 0.95;
  const hasPk = u >= 0.55;
  const birthYear = Number(p.birthDate.slice(0, 4));
  const endIdx = monthIndex(ctx.lastYear, 12);
  const todayIdx = monthIndexOf(ctx.today);

  const vkStart = hasVk ? historyStart(rng, ctx.lastYear, Math.max(2003, birthYear + 18)) : null;
  const pkStart = hasPk ? historyStart(rng, ctx.lastYear, birthYear + 18) : null;
  const baseMonth = Math.min(vkStart ?? Number.MAX_SAFE_INTEGER, pkStart ?? Number.MAX_SAFE_INTEGER);
  const salary: SalaryPath = { baseYear: yearOf(baseMonth), baseMonthlyCents: rng.int(1800, 6500) * 100, growthBp: rng.int(150, 400) };

  let currentEmployer: EmployerRef | null = null;
  if (vkStart !== null) {
    const span = endIdx - vkStart + 1;
    let n = rng.weighted([1, 2, 3], [60, 28, 12]);
    if (span < 30) n = 1;
    else if (span < 60) n = Math.min(n, 2);
    let first = vkStart;
    let employer: EmployerRef | null = null;
    for (let k = 0; k < n; k++) {
      const remaining = n - 1 - k;
      let last: number | null;
      if (remaining > 0) last = rng.int(first + 6, endIdx - remaining * 14);
      else last = rng.chance(0.85) ? null : rng.int(first, todayIdx - 1);
      employer = pickEmployer(ctx, rng, employer?.id);
      const history = buildVkHistory(
        {
          firstMonth: first,
          lastMonth: last,
          lastYear: ctx.lastYear,
          salary,
          transferIn: rng.chance(0.03) ? { year: rng.int(yearOf(first), ctx.lastYear), cents: rng.int(300, 6000) * 100 } : null,
          allowPayout: true,
        },
        ctx.market,
        rng,
      );
      insertVkAccount(ctx, personId, uniqueNumber(rng, ctx.accountNumbers, 'VK-', 8), employer, history, n);
      if (last === null) currentEmployer = employer;
      else first = last + 2 + rng.int(0, 4);
    }
  }

  let vrg: number | null = null;
  if (pkStart !== null) {
    const startYear = yearOf(pkStart);
    vrg = rng.int(1, VRGS.length);
    const rateBp = rng.pick(startYear >= 2020 ? [150, 175, 200] : [150, 175, 200, 250, 300, 350]);
    const widowTransitionPercent = rng.pick([0, 50, 60, 75]);
    const partnerRule = widowTransitionPercent === 0 ? 'NONE' : rng.pick(['SPOUSE', 'SPOUSE_OR_REGISTERED_PARTNER', 'SPOUSE_OR_COHABITANT']);
    const leaves = endIdx - pkStart >= 48 && rng.chance(0.1);
    const plan: PkPlan = {
      birthDate: p.birthDate,
      gender: p.gender,
      startMonth: pkStart,
      lastYear: ctx.lastYear,
      vrg,
      rateBp,
      salary,
      employerRatePermille: rng.pick([20, 25, 30, 35, 40, 45, 50]),
      contributionsEndMonth: leaves ? rng.int(pkStart + 24, endIdx - 12) : null,
      ownContribution: rng.chance(0.3) ? { monthlyCents: rng.int(2, 20) * 1000, yearProbability: 0.8 } : null,
      employerTransfer: rng.chance(0.03) ? { year: startYear, cents: rng.int(2000, 60000) * 100 } : null,
      employeeTransfer: rng.chance(0.015) ? { year: rng.int(startYear, ctx.lastYear), cents: rng.int(500, 20000) * 100 } : null,
      shortfallStartCents: rng.chance(0.05) ? rng.int(200, 5000) * 100 : 0,
      pensionStartMonth: null,
    };
    insertPkContract(ctx, {
      personId,
      contractNumber: uniqueNumber(rng, ctx.contractNumbers, 'PK-', 7),
      vrg,
      employer: currentEmployer ?? pickEmployer(ctx, rng),
      rateBp,
      widowTransitionPercent,
      partnerRule,
      startDate: firstDayOfMonth(pkStart),
      history: buildPkHistory(plan, ctx.market, rng),
      contractsOfPerson: 1,
    });
  }

  if (rng.chance(0.1)) {
    const count = rng.int(1, 2);
    for (let i = 0; i < count; i++) {
      const counterpart = hasPk && hasVk ? rng.pick(['PENSION_FUND', 'SEVERANCE_FUND'] as const) : hasPk ? 'PENSION_FUND' : 'SEVERANCE_FUND';
      const template = rng.pick(MESSAGE_TEMPLATES[counterpart]);
      const fill = (text: string): string => text.replaceAll('{lastYear}', String(ctx.lastYear));
      const closing = counterpart === 'PENSION_FUND' ? 'Ihre Pensionskasse' : 'Ihre Vorsorgekasse';
      insertMessage(ctx, rng, personId, {
        counterpart,
        origin: 'CORE_SYSTEM',
        subject: fill(template.subject),
        body: `${salutation(p)}\n\n${fill(template.body)}\n\nMit freundlichen Grüßen\n${closing}`,
        daysAgo: rng.int(1, 300),
        read: rng.chance(0.65),
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------------

/**
 * Fills an EMPTY, migrated database with the three personas (first, so they get ids 1-3) and `options.members`
 * generated members, plus 8 VRGs and max(50, round(members / 20)) employers. Statements (PK and VK) exist for
 * every 31.12. from a history's first year up to the year before `today`; all amounts are integer cents and
 * satisfy the roll-forward invariants of db/schema/pension-fund.ts and db/schema/severance-fund.ts.
 *
 * Deterministic: the same `seed`, `members` and `today` give byte-identical rows. Throws when `persons` already
 * has rows (use `seedIfEmpty`, or delete the file first) or when the options are invalid.
 *
 * @returns row counts and the duration in milliseconds.
 */
/**
 * Seeds an empty portal database (see `seedSqlite`). On PostgreSQL the population is generated into a temporary SQLite
 * file first and copied table by table (db/copy.ts), so both engines hold the same rows for the same seed.
 * @throws like `seedSqlite`.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedStats> {
  if (db.dialect === 'sqlite') return seedSqlite(db.$client, options);
  if ((await countPersons(db)) > 0) throw new Error('seed: the database already holds persons; seed an empty database');
  const dir = mkdtempSync(join(tmpdir(), 'portal-seed-'));
  try {
    const file = new Database(join(dir, 'seed.db'));
    try {
      file.pragma('journal_mode = WAL');
      file.pragma('synchronous = OFF');
      migrateSqliteDatabase(file, MIGRATIONS_FOLDERS.sqlite);
      const stats = await seedSqlite(file, options);
      const started = performance.now();
      await copySqliteToPostgres(file, db, options.log);
      return { ...stats, millis: stats.millis + Math.round(performance.now() - started) };
    } finally {
      file.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the seed population into the SQLite connection `c` (raw prepared statements, one transaction per batch).
 * @throws RangeError for bad options; Error when the database already holds persons.
 */
export async function seedSqlite(c: Database.Database, options: SeedOptions): Promise<SeedStats> {
  const started = performance.now();
  const { members } = options;
  if (!Number.isInteger(members) || members < 0) throw new RangeError(`seed: members must be an integer ≥ 0, got ${members}`);
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError(`seed: seed must be an integer, got ${seed}`);
  const today = options.today ?? isoDateVienna(Date.now());
  if (!isCalendarDate(today)) {
    throw new RangeError(`seed: today must be an ISO date YYYY-MM-DD, got ${today}`);
  }
  const log = options.log ?? (() => {});
  const existing = c.prepare('SELECT count(*) AS n FROM persons').get() as { n: number };
  if (existing.n > 0) throw new Error(`seed: the database already holds ${existing.n} persons; seed an empty database`);

  // Hashes first (async), then all writes synchronously in transactions.
  const hashRng = new Rng(hashSeed(seed, 'argon2'));
  const sharedHash = await demoPasswordHash(hashRng);
  const personaHashes: string[] = [];
  for (const persona of PERSONAS) personaHashes.push(await demoPasswordHash(new Rng(hashSeed(seed, 'argon2', persona.key))));

  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const ctx: Context = {
    stmts: prepareStatements(c),
    market: createMarket(seed),
    today,
    todayMs,
    lastYear: Number(today.slice(0, 4)) - 1,
    createdAt: isoInstant(todayMs + 5 * 3_600_000),
    svnrs: new Set(),
    emails: new Set(),
    contractNumbers: new Set(),
    accountNumbers: new Set(),
    employers: [],
    documentTimes: new Map(),
    stats: { persons: 0, pkContracts: 0, pkStatements: 0, vkAccounts: 0, vkStatements: 0, messages: 0, documents: 0, employers: 0 },
  };
  const rng = new Rng(seed);
  const employerCount = Math.max(50, Math.round(members / 20));

  c.transaction(() => {
    insertVrgs(ctx);
    insertInvestmentInformation(ctx, seed);
    insertEmployers(ctx, rng.fork('employers'), employerCount);
    PERSONAS.forEach((persona, i) => seedPersona(ctx, persona, i + 1, personaHashes[i]!, personaFundPlan(persona.key, ctx.lastYear)));
    // Login personas share the population's hash of the same demo password (one argon2 run instead of 18).
    LOGIN_PERSONAS.forEach((lp, i) => {
      const base = lp.plan ? personaFundPlan(lp.plan, ctx.lastYear) : null;
      const plan: PersonaFundPlan = base
        ? { ...base, messages: [], conversation: [] }
        : { salary: { baseYear: ctx.lastYear, baseMonthlyCents: 300_000, growthBp: 200 }, pk: null, vk: [], messages: [] };
      const personId = seedPersona(ctx, lp.persona, PERSONAS.length + i + 1, sharedHash, plan);
      applyLoginSetup(c, ctx, personId, lp.setup, seed, log);
    });
    // Registration personas (issue 4): own LFN range, so the generated population keeps its numbers.
    REGISTRATION_PERSONAS.forEach((rp, i) => {
      const personId = seedPersona(ctx, rp.persona, 90_000 + i, sharedHash, { ...personaFundPlan(rp.plan, ctx.lastYear), messages: [], conversation: [] });
      applyRegistrationSetup(c, personId, rp, seed, ctx.todayMs, log);
    });
    // Calculator personas (issue 17): a contract with a restricted calculator.
    CALCULATOR_PERSONAS.forEach((cp, i) => {
      const personId = seedPersona(ctx, cp.persona, CALCULATOR_PERSONA_LFN + i, sharedHash, { ...personaFundPlan(cp.plan, ctx.lastYear), messages: [], conversation: [] });
      c.prepare('UPDATE pk_contracts SET calculator_access = ? WHERE person_id = ?').run(cp.calculatorAccess, personId);
    });
    seedSupervisoryBoard(c, ctx, sharedHash);
  }).immediate();
  log(`seed ${seed}, today ${today}: ${ctx.stats.employers} employers, ${PERSONAS.length + LOGIN_PERSONAS.length} personas`);

  const population = rng.fork('population');
  for (let done = 0; done < members;) {
    const end = Math.min(members, done + BATCH_SIZE);
    c.transaction(() => {
      for (let i = done; i < end; i++) seedMember(ctx, population, PERSONAS.length + LOGIN_PERSONAS.length + i + 1, sharedHash);
    }).immediate();
    done = end;
    log(`${done}/${members} members`);
  }

  return { ...ctx.stats, millis: Math.round(performance.now() - started) };
}

/**
 * Seeds like `seedDatabase` when the `persons` table is empty; otherwise leaves the database alone and
 * returns null.
 */
/** Rows in `persons` (any engine). */
export async function countPersons(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(persons);
  return row?.n ?? 0;
}

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedStats | null> {
  if ((await countPersons(db)) > 0) return null;
  return seedDatabase(db, options);
}
