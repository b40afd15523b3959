import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Db, openDatabase } from '../../db/client';
import { DEMO_PASSWORD, DEMO_PERSON_COUNT, PERSONA_EMAILS, PERSONAS, seedDatabase, seedIfEmpty } from '../../db/seed';

/** Personas seeded in addition to the generated members. */
const ALL_PERSONAS = DEMO_PERSON_COUNT;
import { verifyPassword } from '../../server/modules/session/password';
import { isValidSvnr } from '@contract/svnr';

const TODAY = '2026-11-22';
const LAST_YEAR = 2025;

const dirs: string[] = [];
const dbs: Db[] = [];

/** A fresh, migrated database file in its own temp directory. */
async function freshDatabase(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-'));
  dirs.push(dir);
  const db = await openDatabase(join(dir, 'portal.db'));
  dbs.push(db);
  return db;
}

/** SHA-256 over every row of every application table, in primary-key order. */
function contentHash(db: Db): string {
  const tables = db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").all() as {
    name: string;
  }[];
  const h = createHash('sha256');
  for (const { name } of tables) {
    h.update(`table ${name}\n`);
    for (const row of db.$client.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).raw().all()) h.update(`${JSON.stringify(row)}\n`);
  }
  return h.digest('hex');
}

const years = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}-12-31`);

let db: Db;

beforeAll(async () => {
  db = await freshDatabase();
  await seedDatabase(db, { members: 400, today: TODAY });
});

afterAll(async () => {
  for (const d of dbs) await d.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('seeded person data', () => {
  it('gives every person a valid and unique SVNR', () => {
    const svnrs = (db.$client.prepare('SELECT svnr FROM persons').all() as { svnr: string }[]).map((r) => r.svnr);
    expect(svnrs).toHaveLength(400 + ALL_PERSONAS);
    expect(svnrs.filter((s) => !isValidSvnr(s))).toEqual([]);
    expect(new Set(svnrs).size).toBe(svnrs.length);
  });

  it('gives unique lower-case ASCII e-mails and a credential to every person with an e-mail', () => {
    const rows = db.$client.prepare('SELECT id, email FROM persons WHERE email IS NOT NULL').all() as { id: number; email: string }[];
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((e) => !/^[a-z0-9.-]+@example\.at$/.test(e))).toEqual([]);
    expect(rows.length).toBeGreaterThan(380);
    const withoutCredential = db.$client
      .prepare('SELECT p.id FROM persons p LEFT JOIN credentials c ON c.person_id = p.id WHERE p.email IS NOT NULL AND c.person_id IS NULL')
      .all();
    expect(withoutCredential).toEqual([]);
  });

  it('stores argon2id hashes that verify against the demo password', async () => {
    const hashes = db.$client.prepare('SELECT person_id AS id, password_hash AS hash FROM credentials ORDER BY person_id LIMIT 5').all() as { id: number; hash: string }[];
    expect(hashes[0]?.hash).toMatch(/^\$argon2id\$/);
    for (const { hash } of hashes) expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(hashes[0]!.hash, 'wrong password')).toBe(false);
    // Each persona has its own hash; the population shares one.
    expect(new Set(hashes.slice(0, 3).map((h) => h.hash)).size).toBe(3);
    expect(hashes[3]?.hash).toBe(hashes[4]?.hash);
  });

  it('gives every person exactly one bank account with a valid IBAN and BIC', () => {
    const rows = db.$client.prepare('SELECT person_id AS personId, iban, bic FROM bank_accounts').all() as { personId: number; iban: string; bic: string }[];
    expect(rows).toHaveLength(400 + ALL_PERSONAS);
    expect(new Set(rows.map((r) => r.personId)).size).toBe(400 + ALL_PERSONAS);
    expect(rows.filter((r) => !isValidIBAN(r.iban) || !r.iban.startsWith('AT') || r.iban.length !== 20)).toEqual([]);
    expect(rows.filter((r) => !isValidBIC(r.bic))).toEqual([]);
  });

  it('uses real Austrian postcodes and Austria as the country', () => {
    const rows = db.$client.prepare('SELECT postcode, country FROM persons').all() as { postcode: string; country: string }[];
    expect(rows.filter((r) => !/^[1-9]\d{3}$/.test(r.postcode) || r.country !== 'AT')).toEqual([]);
  });

  it('creates at least 50 employers with unique customer numbers, some belonging to a group parent', () => {
    const employers = db.$client.prepare('SELECT id, customer_number AS nr, parent_id AS parentId FROM employers').all() as { id: number; nr: string; parentId: number | null }[];
    expect(employers.length).toBe(50);
    expect(new Set(employers.map((e) => e.nr)).size).toBe(50);
    const ids = new Set(employers.map((e) => e.id));
    const withParent = employers.filter((e) => e.parentId !== null);
    expect(withParent.length).toBeGreaterThan(0);
    expect(withParent.filter((e) => !ids.has(e.parentId!))).toEqual([]);
    const customerMismatch = db.$client
      .prepare('SELECT c.id FROM pk_contracts c JOIN employers e ON e.id = c.employer_id WHERE c.customer_id <> coalesce(e.parent_id, e.id)')
      .all();
    expect(customerMismatch).toEqual([]);
  });

  it('limits the calculation interest rate of contracts since 2020 to 2 %', () => {
    const tooHigh = db.$client.prepare("SELECT contract_number FROM pk_contracts WHERE start_date >= '2020-01-01' AND calculation_interest_rate_bp > 200").all();
    expect(tooHigh).toEqual([]);
  });
});

describe('demo personas', () => {
  const personId = (email: string): number => {
    const row = db.$client.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number } | undefined;
    if (!row) throw new Error(`persona ${email} missing`);
    return row.id;
  };

  it('seeds the three personas first with valid SVNRs', () => {
    expect(PERSONAS.map((p) => p.email)).toEqual([PERSONA_EMAILS.anna, PERSONA_EMAILS.bernd, PERSONA_EMAILS.clara]);
    PERSONAS.forEach((p, i) => {
      expect(personId(p.email)).toBe(i + 1);
      expect(isValidSvnr(p.svnr)).toBe(true);
    });
  });

  it('gives Anna one PK contract in VRG 3 from 2015, one active VK account from 2008 and two unread messages', () => {
    const id = personId(PERSONA_EMAILS.anna);
    const person = db.$client.prepare('SELECT first_name, last_name, title_prefix, gender FROM persons WHERE id = ?').get(id);
    expect(person).toEqual({ first_name: 'Anna', last_name: 'Muster', title_prefix: 'Mag.a', gender: 'FEMALE' });

    const contracts = db.$client.prepare('SELECT id, vrg, role FROM pk_contracts WHERE person_id = ?').all(id) as { id: number; vrg: number; role: string }[];
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ vrg: 3, role: 'MEMBER' });
    const pkDates = db.$client.prepare('SELECT stichtag FROM pk_statements WHERE contract_id = ? ORDER BY stichtag').pluck().all(contracts[0]!.id);
    expect(pkDates).toEqual(years(2015, LAST_YEAR));

    const accounts = db.$client.prepare('SELECT id, status FROM vk_accounts WHERE person_id = ?').all(id) as { id: number; status: string }[];
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.status).toBe('ACTIVE');
    const vkDates = db.$client.prepare('SELECT stichtag FROM vk_statements WHERE account_id = ? ORDER BY stichtag').pluck().all(accounts[0]!.id);
    expect(vkDates).toEqual(years(2008, LAST_YEAR));

    const messages = db.$client.prepare('SELECT counterpart, direction, read_at AS readAt FROM messages WHERE person_id = ? ORDER BY id').all(id) as {
      counterpart: string;
      direction: string;
      readAt: string | null;
    }[];
    // Three from the fund, and a seeded conversation: her question to the Vorsorgekasse and its read answer.
    expect(messages).toHaveLength(5);
    const unread = messages.filter((m) => m.readAt === null);
    expect(unread.map((m) => m.counterpart).sort()).toEqual(['PENSION_FUND', 'SEVERANCE_FUND']);
    expect(messages.filter((m) => m.direction === 'OUTBOUND')).toEqual([{ counterpart: 'SEVERANCE_FUND', direction: 'OUTBOUND', readAt: expect.any(String) }]);
  });

  it('gives Bernd no PK contract, a dormant VK account with the right to decide and an active second account', () => {
    const id = personId(PERSONA_EMAILS.bernd);
    expect(db.$client.prepare('SELECT count(*) FROM pk_contracts WHERE person_id = ?').pluck().get(id)).toBe(0);
    const accounts = db.$client
      .prepare('SELECT status, start_date AS startDate, end_date AS endDate, right_to_decide_since AS rtd FROM vk_accounts WHERE person_id = ? ORDER BY start_date')
      .all(id) as { status: string; startDate: string; endDate: string | null; rtd: string | null }[];
    expect(accounts.map((a) => a.status)).toEqual(['DORMANT', 'ACTIVE']);
    const dormant = accounts[0]!;
    expect(dormant.rtd).not.toBeNull();
    expect(dormant.endDate! < dormant.rtd!).toBe(true);
    expect(Number(TODAY.slice(0, 4)) - Number(dormant.endDate!.slice(0, 4))).toBeGreaterThanOrEqual(3);
    const months =
      (Number(dormant.endDate!.slice(0, 4)) - Number(dormant.startDate.slice(0, 4))) * 12 + Number(dormant.endDate!.slice(5, 7)) - Number(dormant.startDate.slice(5, 7)) + 1;
    expect(months).toBeGreaterThanOrEqual(36);
  });

  it('makes Clara a beneficiary since 2022 whose pension payments are fourteen monthly pensions and whose reserve shrinks', () => {
    const id = personId(PERSONA_EMAILS.clara);
    expect(db.$client.prepare('SELECT birth_date FROM persons WHERE id = ?').pluck().get(id)).toMatch(/^1957-/);
    expect(db.$client.prepare('SELECT count(*) FROM vk_accounts WHERE person_id = ?').pluck().get(id)).toBe(0);
    const contract = db.$client.prepare('SELECT id, role, pension_start_date AS pensionStart, monthly_pension_cents AS monthly FROM pk_contracts WHERE person_id = ?').get(id) as {
      id: number;
      role: string;
      pensionStart: string;
      monthly: number;
    };
    expect(contract).toMatchObject({ role: 'BENEFICIARY', pensionStart: '2022-01-01' });
    expect(contract.monthly).toBeGreaterThan(0);
    const statements = db.$client
      .prepare(
        'SELECT stichtag, pension_payments_cents AS paid, reserve_cents AS reserve, employer_contributions_cents AS contrib FROM pk_statements WHERE contract_id = ? ORDER BY stichtag',
      )
      .all(contract.id) as { stichtag: string; paid: number; reserve: number; contrib: number }[];
    expect(statements.map((s) => s.stichtag)).toEqual(years(2008, LAST_YEAR));
    for (const s of statements) {
      const year = Number(s.stichtag.slice(0, 4));
      expect(s.paid, s.stichtag).toBe(year >= 2022 ? contract.monthly * 14 : 0);
      if (year >= 2022) expect(s.contrib, s.stichtag).toBe(0);
    }
    const reserves = statements.filter((s) => s.stichtag >= '2021-12-31').map((s) => s.reserve);
    reserves.slice(1).forEach((r, i) => expect(r).toBeLessThan(reserves[i]!));
  });
});

describe('determinism', () => {
  it('writes identical content for the same seed and a different content for another seed', async () => {
    const a = await freshDatabase();
    const b = await freshDatabase();
    const c = await freshDatabase();
    await seedDatabase(a, { members: 150, seed: 42, today: TODAY });
    await seedDatabase(b, { members: 150, seed: 42, today: TODAY });
    await seedDatabase(c, { members: 150, seed: 43, today: TODAY });
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).not.toBe(contentHash(c));
  });

  it('seeds no message of or about the Pensionskasse for the regional tenant, and the same members otherwise', async () => {
    const main = await freshDatabase();
    const regional = await freshDatabase();
    await seedDatabase(main, { members: 150, seed: 42, today: TODAY });
    await seedDatabase(regional, { members: 150, seed: 42, today: TODAY, tenant: 'regional' });
    const pensionFundMessages = (db: Db) =>
      db.$client
        .prepare("SELECT count(*) FROM messages WHERE counterpart IN ('PENSION_FUND', 'PENSION_SERVICE') OR subject LIKE '%Pensionskass%' OR body LIKE '%Pensionskass%'")
        .pluck()
        .get() as number;
    expect(pensionFundMessages(main)).toBeGreaterThan(0);
    expect(pensionFundMessages(regional)).toBe(0);
    // No message points to the merge, a screen the regional tenant has not (spec 000 section 2).
    const mergeInPortal = "SELECT count(*) FROM messages WHERE body LIKE '%Den Antrag finden Sie im Portal%'";
    expect(main.$client.prepare(mergeInPortal).pluck().get()).toBeGreaterThan(0);
    expect(regional.$client.prepare(mergeInPortal).pluck().get()).toBe(0);
    // The Vorsorgekasse's messages (at the same times), the customer mailbox (in the Vorsorgekasse's name) and the members are the same.
    const severanceMessages = "SELECT person_id, subject, sent_at FROM messages WHERE counterpart = 'SEVERANCE_FUND' AND customer_designation IS NULL ORDER BY id";
    expect(regional.$client.prepare(severanceMessages).raw().all()).toEqual(main.$client.prepare(severanceMessages).raw().all());
    expect(regional.$client.prepare("SELECT count(*) FROM messages WHERE customer_designation IS NOT NULL AND counterpart = 'SEVERANCE_FUND'").pluck().get()).toBeGreaterThan(0);
    const people = 'SELECT svnr, email, first_name, last_name FROM persons ORDER BY id';
    expect(regional.$client.prepare(people).raw().all()).toEqual(main.$client.prepare(people).raw().all());
  });

  it('seeds only an empty database through seedIfEmpty and refuses to seed twice', async () => {
    const fresh = await freshDatabase();
    const first = await seedIfEmpty(fresh, { members: 10, today: TODAY });
    expect(first?.persons).toBe(10 + ALL_PERSONAS);
    expect(await seedIfEmpty(fresh, { members: 10, today: TODAY })).toBeNull();
    await expect(seedDatabase(fresh, { members: 10, today: TODAY })).rejects.toThrow(new RegExp(`already holds ${10 + ALL_PERSONAS} persons`));
  });
});
