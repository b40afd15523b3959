import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { PortalClient } from '../helpers/client';
import { columnsOf, sqlAll, sqlOne, sqlRun } from '../helpers/raw-sql';
import { emailOf, loginAs, type Scenario } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { DashboardPage_Query } from '../../web/src/features/dashboard/api/get-dashboard';
import { cachedRequests } from './response-cache-requests';

/**
 * `Person.latestSeveranceClaim` (server/modules/claims/claims.graphql, spec 001 section 4) and the dashboard's data needs: scoped to
 * the session's person, null without a claim, the due-date flag follows the server clock; and the dashboard
 * query runs a fixed number of SQL statements however many contracts and accounts a member has (DataLoaders,
 * server/platform/loaders.ts: no N+1).
 */
/** The claim as the dashboard's teaser reads it (web/src/features/dashboard, `ClaimTeaser_SeveranceClaimFragment`). */
const CLAIM = graphql(`
  query DashboardClaimsLatest {
    me {
      latestSeveranceClaim {
        ...ClaimTeaser_SeveranceClaimFragment
      }
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  // No mail worker or scheduler timers: their statements would be counted with the dashboard's.
  server = await startTestServer({ background: false });
});
afterAll(async () => {
  await server.close();
});

async function personId(scenario: Scenario): Promise<number> {
  return (await sqlOne<{ id: number }>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf(scenario))).id;
}

function firstAccount(scenario: Scenario): Promise<{ id: number; accountNumber: string }> {
  return personId(scenario).then((id) =>
    sqlOne<{ id: number; accountNumber: string }>(server.db, 'SELECT id, account_number AS "accountNumber" FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', id),
  );
}

async function insertClaim(scenario: Scenario, claim: { status: string; submittedAt: string; definiteDate?: string }): Promise<number> {
  const account = await firstAccount(scenario);
  const row = await sqlOne<{ id: number }>(
    server.db,
    `INSERT INTO severance_claims (person_id, account_id, option, status, submitted_at, definite_date)
     VALUES (?, ?, 'PAYOUT', ?, ?, ?) RETURNING id`,
    await personId(scenario),
    account.id,
    claim.status,
    claim.submittedAt,
    claim.definiteDate ?? null,
  );
  return row.id;
}

describe('Person.latestSeveranceClaim', () => {
  it('is null for a member without a claim', async () => {
    const client = await loginAs(server, 'bernd');
    const { body } = await client.operation(CLAIM);
    expect(body.errors).toBeUndefined();
    expect(body.data?.me?.latestSeveranceClaim).toBeNull();
  });

  it("answers the newest of the member's own claims, never another member's", async () => {
    const older = await insertClaim('bernd', { status: 'POST_TRANSFER', submittedAt: '2025-03-01T09:00:00.000Z', definiteDate: '2025-05-20' });
    const newest = await insertClaim('bernd', { status: 'CHECKED', submittedAt: '2026-10-15T09:00:00.000Z', definiteDate: '2026-12-10' });
    try {
      const bernd = await loginAs(server, 'bernd');
      const { body } = await bernd.operation(CLAIM);
      expect(body.data?.me?.latestSeveranceClaim).toEqual({
        id: String(newest),
        option: 'PAYOUT',
        status: 'CHECKED',
        accountNumber: (await firstAccount('bernd')).accountNumber,
        submittedOn: '2026-10-15',
        // Computed, not stored: end of December 2026 plus 5 working days without 1 and 6 January.
        dueDate: '2027-01-11',
        dueDateExceeded: false,
        definiteDate: '2026-12-10',
      });
      expect(older).not.toBe(newest);

      const clara = await loginAs(server, 'clara');
      const other = await clara.operation(CLAIM);
      expect(other.body.data?.me?.latestSeveranceClaim).toBeNull();
    } finally {
      await sqlRun(server.db, 'DELETE FROM severance_claims WHERE id IN (?, ?)', older, newest);
    }
  });

  it('flags a due date in the past by the server clock (the teaser then shows no date)', async () => {
    // TEST_TODAY is 2026-11-22. Received 15.08.2026 → Sat 31.10.2026, then Mon 2.11. … Fri 6.11.2026: exceeded.
    // Received 15.09.2026 → Mon 30.11.2026 … 7.12.2026: not yet.
    const id = await insertClaim('bernd', { status: 'NEW', submittedAt: '2026-08-15T08:00:00.000Z' });
    try {
      const client = await loginAs(server, 'bernd');
      const exceeded = await client.operation(CLAIM);
      expect(exceeded.body.data?.me?.latestSeveranceClaim).toMatchObject({ dueDate: '2026-11-06', dueDateExceeded: true });
      await sqlRun(server.db, "UPDATE severance_claims SET submitted_at = '2026-09-15T08:00:00.000Z' WHERE id = ?", id);
      const today = await client.operation(CLAIM);
      expect(today.body.data?.me?.latestSeveranceClaim).toMatchObject({ dueDate: '2026-12-07', dueDateExceeded: false });
    } finally {
      await sqlRun(server.db, 'DELETE FROM severance_claims WHERE id = ?', id);
    }
  });

  it('needs a session', async () => {
    const { body } = await new PortalClient(server.url).operation(CLAIM);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

/** Counts the SQL statements the server's query builder runs while `action` is under way (`db.watchStatements`). */
async function countStatements(action: () => Promise<unknown>, seen: string[] = []): Promise<number> {
  let count = 0;
  const stop = server.db.watchStatements((statement) => {
    count += 1;
    seen.push(statement.sql);
  });
  try {
    await action();
  } finally {
    stop();
  }
  return count;
}

/**
 * Copies the person's Vorsorgekasse accounts `times` times, each copy with another employer and all of the
 * original's statements; returns a function that removes the copies again.
 */
async function copyAccounts(scenario: Scenario, times: number): Promise<() => Promise<void>> {
  const db = server.db;
  const id = await personId(scenario);
  const accounts = await sqlAll<{ id: number }>(db, 'SELECT id FROM vk_accounts WHERE person_id = ?', id);
  const employers = (await sqlAll<{ id: number }>(db, 'SELECT id FROM employers ORDER BY id LIMIT ?', times)).map((e) => e.id);
  const columns = (await columnsOf(db, 'vk_statements')).filter((name) => name !== 'id' && name !== 'account_id').join(', ');
  const created: number[] = [];
  for (let n = 0; n < times; n += 1) {
    for (const account of accounts) {
      const copy = await sqlOne<{ id: number }>(
        db,
        `INSERT INTO vk_accounts (person_id, account_number, employer_id, start_date, end_date, status, right_to_decide_since)
         SELECT person_id, account_number || '-C' || ?, ?, start_date, end_date, status, right_to_decide_since FROM vk_accounts WHERE id = ? RETURNING id`,
        String(n),
        employers[n % employers.length],
        account.id,
      );
      await sqlRun(db, `INSERT INTO vk_statements (account_id, ${columns}) SELECT ?, ${columns} FROM vk_statements WHERE account_id = ?`, copy.id, account.id);
      created.push(copy.id);
    }
  }
  return async () => {
    for (const copy of created) await sqlRun(db, 'DELETE FROM vk_accounts WHERE id = ?', copy);
  };
}

/** The SQL statements of the web app's own dashboard query (`DashboardPage_Query`) and the accounts it answered. */
async function dashboardStatements(client: PortalClient): Promise<{ statements: number; accounts: number }> {
  let accounts = 0;
  const statements = await countStatements(async () => {
    const { body } = await client.operation(DashboardPage_Query);
    expect(body.errors).toBeUndefined();
    accounts = body.data!.me!.severanceAccounts.length;
  });
  return { statements, accounts };
}

/**
 * The loaders batch every list field into one store call per tick, and each batch is one `IN (…)` query on both
 * engines (decision 0013); so with ten times the accounts the dashboard must not run more statements than with one,
 * which a per-account query (N+1) would.
 */
describe('the dashboard query has no N+1', () => {
  it('reads the board seats once, though the mailbox and the seats field both need them', async () => {
    const client = await loginAs(server, 'sonja');
    // The web app's dashboard (persisted, as the browser sends it): it asks for the seats and the unread count.
    const { path, init } = cachedRequests().dashboardPost;
    const seen: string[] = [];
    await countStatements(async () => {
      const body = (await (await client.fetch(path, init)).json()) as { errors?: unknown; data: { me: { supervisoryBoardSeats: unknown[] } } };
      expect(body.errors).toBeUndefined();
      expect(body.data.me.supervisoryBoardSeats.length).toBeGreaterThan(0);
    }, seen);
    expect(seen.filter((sql) => /from "supervisory_board_seats"/i.test(sql))).toHaveLength(1);
  });

  it('runs no more SQL statements for a member with ten accounts than with one', async () => {
    const client = await loginAs(server, 'anna');
    const before = await dashboardStatements(client);
    expect(before.accounts).toBe(1);
    const removeCopies = await copyAccounts('anna', 9);
    try {
      const after = await dashboardStatements(client);
      expect(after.accounts).toBe(10);
      // PostgreSQL answers the contracts and the accounts in different ticks, so the employers of the nine new accounts
      // (anna's first account shares the contract's employer, already loaded) come in a second `IN (…)` batch: one
      // statement more, whatever the number of accounts. A per-account query would add nine.
      const laterBatch = server.db.dialect === 'postgresql' ? 1 : 0;
      expect(after.statements, JSON.stringify({ before, after })).toBeLessThanOrEqual(before.statements + laterBatch);
      // Session check, person (and once more for the calculator's access), board seats, unread messages and documents,
      // claim, contracts, accounts, statements of each fund, employers, VRGs, the unfinished claims and pending merge
      // request behind the accounts' `pendingRequest` (once per request, not per account), and the open claims behind
      // the claimable accounts: a small fixed number.
      expect(before.statements).toBeLessThanOrEqual(16);
    } finally {
      await removeCopies();
    }
  });
});
