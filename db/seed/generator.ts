/**
 * Deterministic seed generator for a plausible member population of the Pensionskasse (PK) and the
 * Vorsorgekasse (VK). Same options (seed, members, today) → byte-identical database content: every random draw
 * comes from db/seed/random.ts, all timestamps derive from `today`, and even the password hashes use seeded salts.
 *
 * Rows are written with raw prepared statements on a better-sqlite3 connection, one transaction per
 * 5,000 persons, because Drizzle's query builder per row is far too slow for 100,000 members.
 */
import { hash } from '@node-rs/argon2';
import { ARGON2_PARAMS } from '@contract/password-hash';
import { isoDateVienna } from '@contract/dates';
import Database from 'better-sqlite3';
import { count } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDERS, type Db } from '../client';
import { migrateSqliteDatabase } from '../migrate-sqlite';
import { copySqliteToPostgres } from '../copy';
import { persons } from '../schema';
import { createMarket } from './market';
import { LOGIN_PERSONAS } from './login-personas';
import { applyRegistrationSetup, REGISTRATION_PERSONAS } from './registration-personas';
import { CALCULATOR_PERSONA_LFN, CALCULATOR_PERSONAS } from './calculator-personas';
import { DEMO_PASSWORD, type PersonaFundPlan, personaFundPlan, PERSONAS } from './personas';
import { hashSeed, Rng } from './random';
import { insertInvestmentInformation, insertVrgs } from './investment';
import { applyLoginSetup, seedPersona, seedSupervisoryBoard } from './persona-rows';
import { seedMember } from './population';
import { insertEmployers } from './rows';
import { type Context, isoInstant, prepareStatements, type SeedOptions, type SeedStats } from './seed-context';

/** Default seed of the generator. */
export const DEFAULT_SEED = 20261122;
/** Persons written per transaction. */
const BATCH_SIZE = 5_000;

/**
 * An argon2id hash of DEMO_PASSWORD with the portal's parameters (ARGON2_PARAMS of server/modules/session/password.ts,
 * so verifyPassword accepts it) and a salt drawn from the seeded stream instead of the OS, so that the same seed
 * gives the same credentials rows. Demo data only: a real password never gets a predictable salt.
 */
async function demoPasswordHash(rng: Rng): Promise<string> {
  const salt = new Uint8Array(16);
  for (let i = 0; i < salt.length; i++) salt[i] = rng.int(0, 255);
  return hash(DEMO_PASSWORD, { ...ARGON2_PARAMS, salt });
}

/** True when `value` is an ISO date `YYYY-MM-DD` that exists in the calendar (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
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
 * The data-version triggers (db/data-versions.ts) are dropped while it writes and created again as they were: into an
 * empty database no cached answer exists, and firing them for every seeded row made seeding 100,000 members about
 * five times slower.
 * @throws RangeError for bad options; Error when the database already holds persons.
 */
export async function seedSqlite(c: Database.Database, options: SeedOptions): Promise<SeedStats> {
  const triggers = c.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'data\\_versions\\_%' ESCAPE '\\'").all() as { name: string; sql: string }[];
  for (const t of triggers) c.exec(`DROP TRIGGER "${t.name}"`);
  try {
    return await seedSqliteRows(c, options);
  } finally {
    for (const t of triggers) c.exec(t.sql);
  }
}

async function seedSqliteRows(c: Database.Database, options: SeedOptions): Promise<SeedStats> {
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
    pensionFund: (options.tenant ?? 'main') === 'main',
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
    // Registration personas (spec 001 sections 2 and 5): own LFN range, so the generated population keeps its numbers.
    REGISTRATION_PERSONAS.forEach((rp, i) => {
      const personId = seedPersona(ctx, rp.persona, 90_000 + i, sharedHash, { ...personaFundPlan(rp.plan, ctx.lastYear), messages: [], conversation: [] });
      applyRegistrationSetup(c, personId, rp, seed, ctx.todayMs, log);
    });
    // Calculator personas (decision 0017): a contract with a restricted calculator.
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

/** Rows in `persons` (any engine). */
export async function countPersons(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(persons);
  return row?.n ?? 0;
}

/**
 * Seeds like `seedDatabase` when the `persons` table is empty; otherwise leaves the database alone and
 * returns null.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedStats | null> {
  if ((await countPersons(db)) > 0) return null;
  return seedDatabase(db, options);
}
