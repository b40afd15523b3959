import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient, type LoginAnswer } from '../helpers/client';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * `Person.latestSeveranceClaim` (schema/claim.graphql, spec 001 section 4) and the dashboard's data needs: scoped to
 * the session's person, null without a claim, the due-date flag follows the server clock; and the dashboard
 * query runs a fixed number of SQL statements however many contracts and accounts a member has (DataLoaders,
 * server/domain/loaders.ts: no N+1).
 */
const LOGIN = `mutation Login($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { ok { status loggedIn } error { code } } }`;
const CLAIM = `query { me { latestSeveranceClaim { id option status accountNumber submittedOn dueDate dueDateExceeded definiteDate } } }`;
/** The same selection as web/src/features/dashboard (DashboardPage_Query and its fragments), in one document. */
const DASHBOARD = `query {
  clientConfig { tenant }
  me {
    id gender titlePrefix firstName lastName titleSuffix unreadMessageCount unreadDocumentCount
    latestSeveranceClaim { id option status dueDate dueDateExceeded definiteDate }
    pensionContracts { id contractNumber vrgName role employer { id name } statement { stichtag totalCapital } }
    severanceAccounts { id accountNumber status employer { id name } statement { stichtag totalEntitlement } }
  }
}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function loggedIn(email: string): Promise<PortalClient> {
  const client = new PortalClient(server.url);
  const { body } = await client.graphql<{ login: LoginAnswer }>(LOGIN, { email, password: DEMO_PASSWORD });
  expect(body.data?.login.ok?.status).toMatch(/^SUCCESSFUL/);
  return client;
}

function personId(email: string): number {
  return (server.db.$client.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number }).id;
}

function firstAccount(email: string): { id: number; accountNumber: string } {
  return server.db.$client.prepare('SELECT id, account_number AS accountNumber FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1').get(personId(email)) as {
    id: number;
    accountNumber: string;
  };
}

function insertClaim(email: string, claim: { status: string; submittedAt: string; definiteDate?: string }): number {
  const account = firstAccount(email);
  return Number(
    server.db.$client
      .prepare(
        `INSERT INTO severance_claims (person_id, account_id, option, status, submitted_at, definite_date)
         VALUES (?, ?, 'PAYOUT', ?, ?, ?)`,
      )
      .run(personId(email), account.id, claim.status, claim.submittedAt, claim.definiteDate ?? null).lastInsertRowid,
  );
}

describe('Person.latestSeveranceClaim', () => {
  it('is null for a member without a claim', async () => {
    const client = await loggedIn('bernd.vorsorge@example.at');
    const { body } = await client.graphql<{ me: { latestSeveranceClaim: unknown } }>(CLAIM);
    expect(body.errors).toBeUndefined();
    expect(body.data?.me.latestSeveranceClaim).toBeNull();
  });

  it("answers the newest of the member's own claims, never another member's", async () => {
    const older = insertClaim('bernd.vorsorge@example.at', { status: 'POST_TRANSFER', submittedAt: '2025-03-01T09:00:00.000Z', definiteDate: '2025-05-20' });
    const newest = insertClaim('bernd.vorsorge@example.at', { status: 'CHECKED', submittedAt: '2026-10-15T09:00:00.000Z', definiteDate: '2026-12-10' });
    try {
      const bernd = await loggedIn('bernd.vorsorge@example.at');
      const { body } = await bernd.graphql<{ me: { latestSeveranceClaim: Record<string, unknown> } }>(CLAIM);
      expect(body.data?.me.latestSeveranceClaim).toEqual({
        id: String(newest),
        option: 'PAYOUT',
        status: 'CHECKED',
        accountNumber: firstAccount('bernd.vorsorge@example.at').accountNumber,
        submittedOn: '2026-10-15',
        // Computed, not stored: end of December 2026 plus 5 working days without 1 and 6 January.
        dueDate: '2027-01-11',
        dueDateExceeded: false,
        definiteDate: '2026-12-10',
      });
      expect(older).not.toBe(newest);

      const clara = await loggedIn('clara.pension@example.at');
      const other = await clara.graphql<{ me: { latestSeveranceClaim: unknown } }>(CLAIM);
      expect(other.body.data?.me.latestSeveranceClaim).toBeNull();
    } finally {
      server.db.$client.prepare('DELETE FROM severance_claims WHERE id IN (?, ?)').run(older, newest);
    }
  });

  it('flags a due date in the past by the server clock (the teaser then shows no date)', async () => {
    // TEST_TODAY is 2026-11-22. Received 15.08.2026 → Sat 31.10.2026, then Mon 2.11. … Fri 6.11.2026: exceeded.
    // Received 15.09.2026 → Mon 30.11.2026 … 7.12.2026: not yet.
    const id = insertClaim('bernd.vorsorge@example.at', { status: 'NEW', submittedAt: '2026-08-15T08:00:00.000Z' });
    try {
      const client = await loggedIn('bernd.vorsorge@example.at');
      const exceeded = await client.graphql<{ me: { latestSeveranceClaim: { dueDate: string; dueDateExceeded: boolean } } }>(CLAIM);
      expect(exceeded.body.data?.me.latestSeveranceClaim).toMatchObject({ dueDate: '2026-11-06', dueDateExceeded: true });
      server.db.$client.prepare("UPDATE severance_claims SET submitted_at = '2026-09-15T08:00:00.000Z' WHERE id = ?").run(id);
      const today = await client.graphql<{ me: { latestSeveranceClaim: { dueDate: string; dueDateExceeded: boolean } } }>(CLAIM);
      expect(today.body.data?.me.latestSeveranceClaim).toMatchObject({ dueDate: '2026-12-07', dueDateExceeded: false });
    } finally {
      server.db.$client.prepare('DELETE FROM severance_claims WHERE id = ?').run(id);
    }
  });

  it('needs a session', async () => {
    const { body } = await new PortalClient(server.url).graphql(CLAIM);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

/**
 * Counts the SQL statements the server runs while `action` is under way, by wrapping the execution methods of
 * better-sqlite3's Statement prototype (every Drizzle query and every raw read ends in one of them).
 */
async function countStatements(action: () => Promise<unknown>): Promise<number> {
  const proto = Object.getPrototypeOf(server.db.$client.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const methods = ['all', 'get', 'run', 'iterate'] as const;
  const originals = methods.map((name) => proto[name]!);
  let count = 0;
  methods.forEach((name, i) => {
    const original = originals[i]!;
    proto[name] = function counted(this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
  });
  try {
    await action();
  } finally {
    methods.forEach((name, i) => {
      proto[name] = originals[i]!;
    });
  }
  return count;
}

/**
 * Copies the person's Vorsorgekasse accounts `times` times, each copy with another employer and all of the
 * original's statements; returns a function that removes the copies again.
 */
function copyAccounts(email: string, times: number): () => void {
  const db = server.db.$client;
  const id = personId(email);
  const accounts = db.prepare('SELECT * FROM vk_accounts WHERE person_id = ?').all(id) as Array<Record<string, unknown> & { id: number }>;
  const employers = (db.prepare('SELECT id FROM employers ORDER BY id LIMIT ?').all(times) as Array<{ id: number }>).map((e) => e.id);
  const created: number[] = [];
  for (let n = 0; n < times; n += 1) {
    for (const account of accounts) {
      const copy = Number(
        db
          .prepare(
            `INSERT INTO vk_accounts (person_id, account_number, employer_id, start_date, end_date, status, right_to_decide_since)
             SELECT person_id, account_number || '-C' || ?, ?, start_date, end_date, status, right_to_decide_since FROM vk_accounts WHERE id = ?`,
          )
          .run(n, employers[n % employers.length], account.id).lastInsertRowid,
      );
      const columns = (db.prepare("SELECT name FROM pragma_table_info('vk_statements') WHERE name NOT IN ('id', 'account_id')").all() as Array<{ name: string }>)
        .map((c) => c.name)
        .join(', ');
      db.prepare(`INSERT INTO vk_statements (account_id, ${columns}) SELECT ?, ${columns} FROM vk_statements WHERE account_id = ?`).run(copy, account.id);
      created.push(copy);
    }
  }
  return () => {
    for (const copy of created) db.prepare('DELETE FROM vk_accounts WHERE id = ?').run(copy);
  };
}

async function dashboardStatements(client: PortalClient): Promise<{ statements: number; accounts: number }> {
  let accounts = 0;
  const statements = await countStatements(async () => {
    const { body } = await client.graphql<{ me: { severanceAccounts: unknown[] } }>(DASHBOARD);
    expect(body.errors).toBeUndefined();
    accounts = body.data!.me.severanceAccounts.length;
  });
  return { statements, accounts };
}

/**
 * The loaders batch every list field into one store call per tick. The accounts store (server/domain/accounts)
 * runs a batch of up to 8 keys as its prepared single-key statement per key (cheaper than preparing an `IN (…)`
 * query, docs/benchmarks.md) and a larger batch as one `IN (…)` query; so with ten times the accounts the
 * dashboard must not run more statements than with one, which a per-account query (N+1) would.
 */
describe('the dashboard query has no N+1', () => {
  it('runs no more SQL statements for a member with ten accounts than with one', async () => {
    const client = await loggedIn('anna.muster@example.at');
    const before = await dashboardStatements(client);
    expect(before.accounts).toBe(1);
    const removeCopies = copyAccounts('anna.muster@example.at', 9);
    try {
      const after = await dashboardStatements(client);
      expect(after.accounts).toBe(10);
      expect(after.statements, JSON.stringify({ before, after })).toBeLessThanOrEqual(before.statements);
      // Session check, person, unread messages and documents, claim, contracts, accounts, statements of each fund,
      // employers, VRGs: a small fixed number.
      expect(before.statements).toBeLessThanOrEqual(14);
    } finally {
      removeCopies();
    }
  });
});
