import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_READ_SCOPE, FUND_READ_TABLES } from '../../db/fund-read-version';
import { isoInstant } from '../../server/platform/shared/clock';
import type { PortalClient } from '../helpers/client';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlRun, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { CHANGE_ADDRESS } from './profile-operations';
import { tablesRead } from './response-cache-requests';

/**
 * The fund endpoint's memo of work-list reads (decision 0060): a repeated read answers the same bytes without running
 * the read; a change through each path that can change what the answer shows (the fund's own mutation, the member's
 * own change of personal data, SQL by another connection, a second portal over the same database, a new file, the
 * next Vienna day) is in the very next read; staff reads are never memoised and stay in the audit trail.
 */
let server: TestServer;
let second: TestServer;
let fund: FundTestClient;
let fundOnSecond: FundTestClient;
let anna: PortalClient;

beforeAll(async () => {
  server = await startTestServer({ members: 3, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  // A second portal over the same database: its own connections and its own memo, as a second process has.
  second = await startTestServer({ databasePath: server.dbPath, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  fund = await createFundTestClient(server, 'claims:read claims:write');
  fundOnSecond = await createFundTestClient(second, 'claims:read claims:write', 'Zweitsystem');
  anna = await loginAs(server, 'anna');
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const LIST = `query Work { claims(first: 100, status: [NEW, CHECKING, CHECKED]) {
  edges { node { id status daysLeft accountNumber member { personId firstName lastName address { street city } } documents { kind fileName } } }
  pageInfo { hasNextPage }
} }`;
type Node = {
  id: string;
  status: string;
  daysLeft: number;
  accountNumber: string;
  member: { personId: number; firstName: string; lastName: string; address: { street: string | null; city: string | null } };
  documents: { kind: string; fileName: string }[];
};

/** The work list as `client` reads it, with the tables the read touched on `on`'s connections. */
async function read(client = fund, on = server): Promise<{ nodes: Node[]; tables: string[]; text: string }> {
  let text = '';
  const tables = await tablesRead(on.db, async () => {
    const res = await fetch(`${on.url}/fund/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', Authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ query: LIST, operationName: 'Work' }),
    });
    text = await res.text();
    expect(res.status).toBe(200);
  });
  const body = JSON.parse(text) as { data: { claims: { edges: { node: Node }[] } }; errors?: unknown };
  expect(body.errors, text).toBeUndefined();
  return { nodes: body.data.claims.edges.map((e) => e.node), tables, text };
}
/** What the bearer token's check reads on every request, before the memo is asked (decision 0050). */
const TOKEN_CHECK = new Set(['fund_clients', 'signing_keys']);
const nodeOf = (nodes: Node[], id: number) => nodes.find((n) => Number(n.id) === id);

async function newClaim(email: string): Promise<number> {
  const personId = Number(await sqlValue(server.db, 'SELECT id FROM persons WHERE email = ?', email));
  const accountId = Number(await sqlValue(server.db, 'SELECT id FROM vk_accounts WHERE person_id = ? ORDER BY id LIMIT 1', personId));
  await sqlRun(
    server.db,
    "INSERT INTO severance_claims (person_id, account_id, option, payout_type, iban, status, submitted_at, entitlement_cents, tax_cents, cash_order_cost_cents) VALUES (?, ?, 'PAYOUT', 'BANK_TRANSFER', 'AT611904300234573201', 'NEW', ?, 100000, 6000, 0)",
    personId,
    accountId,
    isoInstant(server.clock.now()),
  );
  return Number(await sqlValue(server.db, 'SELECT max(id) FROM severance_claims'));
}

describe(`fund read memo on ${TEST_ENGINE}`, () => {
  it('answers a repeated read with the same bytes without reading the claims again', async () => {
    await newClaim(emailOf('anna'));
    const first = await read();
    expect(first.tables).toEqual(expect.arrayContaining(['severance_claims']));
    const again = await read();
    expect(again.text).toBe(first.text);
    // A hit reads the data version only, besides the token check that every request makes before the memo.
    expect(again.tables.filter((t) => !TOKEN_CHECK.has(t))).toEqual(['data_versions']);
  });

  it('reads only tables whose every change bumps the fund-read version, and the database has all their triggers', async () => {
    await sqlRun(server.db, 'UPDATE persons SET first_name = first_name');
    const { tables } = await read();
    const allowed = new Set<string>([...FUND_READ_TABLES, 'data_versions', ...TOKEN_CHECK]);
    expect(tables.filter((t) => !allowed.has(t))).toEqual([]);
    for (const table of FUND_READ_TABLES) {
      const before = Number((await sqlValue(server.db, 'SELECT version FROM data_versions WHERE scope = ?', FUND_READ_SCOPE)) ?? 0);
      const id = await sqlValue(server.db, `SELECT min(id) FROM ${table}`);
      if (id === null) continue;
      await sqlRun(server.db, `UPDATE ${table} SET id = id WHERE id = ?`, id);
      expect(Number(await sqlValue(server.db, 'SELECT version FROM data_versions WHERE scope = ?', FUND_READ_SCOPE)), table).toBeGreaterThan(before);
    }
    const names =
      TEST_ENGINE === 'postgresql'
        ? (
            await sqlAll<{ t: string; op: string }>(
              server.db,
              "SELECT event_object_table AS t, lower(event_manipulation) AS op FROM information_schema.triggers WHERE trigger_name LIKE 'data_versions_fund_read_%'",
            )
          ).map((r) => `${r.t} ${r.op}`)
        : (
            await sqlAll<{ name: string; t: string }>(server.db, "SELECT name, tbl_name AS t FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'data_versions_fund_read_%'")
          ).map((r) => `${r.t} ${r.name.slice(r.name.lastIndexOf('_') + 1)}`);
    expect(new Set(names)).toEqual(new Set(FUND_READ_TABLES.flatMap((t) => ['insert', 'update', 'delete'].map((op) => `${t} ${op}`))));
  });

  it("shows the fund's own status change, and the same change made through a second portal, at the next read of both", async () => {
    const claim = await newClaim(emailOf('anna'));
    expect(nodeOf((await read()).nodes, claim)?.status).toBe('NEW');
    expect(nodeOf((await read(fundOnSecond, second)).nodes, claim)?.status).toBe('NEW');
    const set = await fund.query<{ setClaimStatus: { ok: unknown } }>('mutation($i: SetClaimStatusInput!) { setClaimStatus(input: $i) { ok { eventId } } }', {
      i: { claimId: String(claim), status: 'CHECKING' },
    });
    expect(set.body.data?.setClaimStatus.ok).toBeTruthy();
    expect(nodeOf((await read()).nodes, claim)?.status).toBe('CHECKING');
    expect(nodeOf((await read(fundOnSecond, second)).nodes, claim)?.status).toBe('CHECKING');
    // The second portal writes; the first portal's memo held the answer before.
    const back = await fundOnSecond.query<{ setClaimStatus: { ok: unknown } }>('mutation($i: SetClaimStatusInput!) { setClaimStatus(input: $i) { ok { eventId } } }', {
      i: { claimId: String(claim), status: 'CHECKED', definiteDate: '2026-12-15' },
    });
    expect(back.body.data?.setClaimStatus.ok).toBeTruthy();
    expect(nodeOf((await read()).nodes, claim)?.status).toBe('CHECKED');
  });

  it("shows the member's own change of address, SQL by another connection, a new file and a new account number at the next read", async () => {
    const claim = await newClaim(emailOf('anna'));
    const personId = Number(await sqlValue(server.db, 'SELECT person_id FROM severance_claims WHERE id = ?', claim));
    await read();
    // The member changes her address on the portal (the members' GraphQL door, not the fund's).
    const changed = await anna.operation(CHANGE_ADDRESS, { input: { street: 'Memogasse 7', postcode: '1010', city: 'Wien', country: 'AT', poBox: null, validFrom: TEST_TODAY } });
    expect(changed.body.data?.changeAddress.error, JSON.stringify(changed.body)).toBeNull();
    expect(nodeOf((await read()).nodes, claim)?.member.address.street).toBe('Memogasse 7');
    // SQL through the second portal's connection (as a tool or the core system would write).
    await sqlRun(second.db, 'UPDATE persons SET last_name = ? WHERE id = ?', 'Memo-Nachname', personId);
    expect(nodeOf((await read()).nodes, claim)?.member.lastName).toBe('Memo-Nachname');
    await sqlRun(
      second.db,
      "INSERT INTO claim_files (claim_id, kind, file_name, content_type, size_bytes, content) VALUES (?, 'ID', 'ausweis.pdf', 'application/pdf', 3, ?)",
      claim,
      Buffer.from('pdf'),
    );
    expect(nodeOf((await read()).nodes, claim)?.documents).toEqual([{ kind: 'ID', fileName: 'ausweis.pdf' }]);
    await sqlRun(second.db, "UPDATE vk_accounts SET account_number = 'VK-MEMO-1' WHERE id = (SELECT account_id FROM severance_claims WHERE id = ?)", claim);
    expect(nodeOf((await read()).nodes, claim)?.accountNumber).toBe('VK-MEMO-1');
  });

  it('counts the days left from the new Vienna day at the first read after midnight', async () => {
    const claim = await newClaim(emailOf('anna'));
    const start = server.clock.now();
    // 23:57 in Vienna (CET, UTC+1); the token lives 10 minutes, so the same token reads on both sides of midnight.
    server.clock.set(Date.parse(`${TEST_TODAY}T22:57:00.000Z`));
    try {
      const late = await createFundTestClient(server, 'claims:read', 'Mitternacht');
      const before = nodeOf((await read(late)).nodes, claim)!.daysLeft;
      expect(nodeOf((await read(late)).nodes, claim)!.daysLeft).toBe(before);
      server.clock.advance(5 * 60 * 1000);
      expect(nodeOf((await read(late)).nodes, claim)!.daysLeft).toBe(before - 1);
    } finally {
      server.clock.set(start);
    }
  });

  it('never memoises signed document links (they expire) nor a read of a client with other scopes', async () => {
    const links = `query { claims(first: 5) { edges { node { documents { downloadUrl expiresAt } } } } }`;
    await fund.query(links);
    const tables = await tablesRead(server.db, async () => void (await fund.query(links)));
    expect(tables).toEqual(expect.arrayContaining(['severance_claims']));
    const writer = await createFundTestClient(server, 'claims:write', 'Nur-Schreiber');
    const refused = await fetch(`${server.url}/fund/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', Authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ query: LIST, operationName: 'Work' }),
    });
    expect(refused.status).toBe(403);
  });
});
