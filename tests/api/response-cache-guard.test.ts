import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERSIONED_READS, VERSIONED_TABLES } from '../../db/data-versions';
import { graphql } from '../gql';
import type { PortalClient } from '../helpers/client';
import { sqlAll, sqlRun, sqlValue } from '../helpers/raw-sql';
import { loginAs, startLoginAs, type Scenario } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { cachedRequests, tablesRead } from './response-cache-requests';

/**
 * Guard of the response cache's validity (decision 0038): every table an allow-listed read touches carries the
 * data-version triggers (db/data-versions.ts `VERSIONED_TABLES`) or is named with its reason in
 * `UNVERSIONED_READS`, so a change that makes a cached answer read a new table fails here until the table gets its
 * triggers; and the migrated database has the triggers of every listed table, each of which bumps a version.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 3, background: false });
});
afterAll(async () => {
  await server.close();
});

const DUTIES = graphql(`
  query ResponseCacheGuardDuties {
    serviceDuties {
      id
    }
  }
`);
const CHOOSE = graphql(`
  mutation ResponseCacheGuardChoose($t: MailboxType!, $d: ID) {
    chooseMailbox(type: $t, dutyId: $d) {
      ok {
        type
      }
    }
  }
`);

/** Emil (a contact person) logged in acting for the first customer of his duties (the ASP mailbox). */
async function emilForACustomer(): Promise<PortalClient> {
  const { client } = await startLoginAs(server, 'emil');
  const duty = (await client.operation(DUTIES)).body.data!.serviceDuties[0]!;
  expect((await client.operation(CHOOSE, { t: 'ASP', d: duty.id })).body.data?.chooseMailbox.ok?.type).toBe('ASP');
  return client;
}

describe(`response cache guard on ${TEST_ENGINE}`, () => {
  it('reads only versioned tables (or the named exceptions) in every allow-listed read, for members, board members and contact persons', async () => {
    const clients: [string, PortalClient][] = [];
    for (const scenario of ['anna', 'bernd', 'sonja', 'emil'] as Scenario[]) clients.push([scenario, await loginAs(server, scenario)]);
    clients.push(['emil as ASP', await emilForACustomer()]);
    const allowed = new Set([...Object.keys(VERSIONED_TABLES), ...Object.keys(UNVERSIONED_READS)]);
    const seen = new Set<string>();
    for (const [who, client] of clients) {
      for (const [name, request] of Object.entries(cachedRequests())) {
        let status = 0;
        // A fresh session: the first read of each request is a miss and runs the normal path.
        const tables = await tablesRead(server.db, async () => {
          const res = await client.fetch(request.path, request.init);
          status = res.status;
          await res.arrayBuffer();
        });
        expect(status, `${who} ${name}`).toBe(200);
        expect(
          tables.filter((t) => !allowed.has(t)),
          `${who} ${name}`,
        ).toEqual([]);
        for (const t of tables) seen.add(t);
      }
    }
    // The reads reach the tables the versions were made for (the watch recorded them).
    expect([...seen].sort()).toEqual(expect.arrayContaining(['contact_duties', 'documents', 'messages', 'persons', 'pk_statements', 'sessions', 'vk_statements']));
  });

  it('has the insert, update and delete triggers of every versioned table', async () => {
    const rows =
      TEST_ENGINE === 'postgresql'
        ? await sqlAll<{ t: string; op: string }>(
            server.db,
            `SELECT event_object_table AS t, lower(event_manipulation) AS op FROM information_schema.triggers WHERE trigger_name LIKE 'data_versions_%'`,
          )
        : (await sqlAll<{ name: string; t: string }>(server.db, `SELECT name, tbl_name AS t FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'data_versions_%'`)).map(
            (r) => ({ t: r.t, op: r.name.slice(r.name.lastIndexOf('_') + 1) }),
          );
    const have = new Set(rows.map((r) => `${r.t} ${r.op}`));
    const missing = Object.keys(VERSIONED_TABLES).flatMap((t) => ['insert', 'update', 'delete'].map((op) => `${t} ${op}`).filter((k) => !have.has(k)));
    expect(missing).toEqual([]);
  });

  it('bumps a version on an update of a row of every versioned table that has rows in the seed', async () => {
    const total = async () => Number((await sqlValue<number | string>(server.db, 'SELECT coalesce(sum(version), 0) FROM data_versions')) ?? 0);
    for (const table of Object.keys(VERSIONED_TABLES)) {
      const key = table === 'vrgs' ? 'number' : 'id';
      const row = await sqlValue<number>(server.db, `SELECT min(${key}) FROM ${table}`);
      // The seed has no severance claims; its triggers come from the same statements as the others' (checked above).
      if (row === null && table === 'severance_claims') continue;
      expect(row, `${table} has a row`).not.toBeNull();
      const before = await total();
      await sqlRun(server.db, `UPDATE ${table} SET ${key} = ${key} WHERE ${key} = ?`, row);
      expect(await total(), table).toBeGreaterThan(before);
    }
  });
});
