/**
 * Several portal processes on one database (docs/scaling.md), through `server/main.ts` as `npm start` runs it.
 *
 * - vitest project "sqlite": `WORKERS=2` (node:cluster) on one SQLite file: both workers answer on one port.
 * - vitest project "postgres": two separate processes on two ports over one PostgreSQL database, as two machines
 *   behind a load balancer would be.
 *
 * In both, a session opened through one process works through the other, and a lockout reached by wrong passwords
 * spread over both processes holds on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { DEMO_PASSWORD, logIn, loginStatusOf, PortalClient } from '../helpers/client';
import { emailOf, startLoginAs } from '../helpers/scenarios';
import { databaseEnv, linesContaining, startPortal, stopPortal as stop, type Portal } from '../helpers/portal-process';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const ME = graphql(`
  query ClusterProcessesMe {
    me {
      firstName
    }
  }
`);

let dir: string;
let location: string;
let a: Portal;
let b: Portal;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  location = await createTestDatabase(dir);
  const database = databaseEnv(location);
  if (TEST_ENGINE === 'postgresql') {
    // The first process migrates and seeds; the second starts on the ready database, as a second machine would.
    a = await startPortal(database);
    b = await startPortal(database);
  } else {
    a = await startPortal({ ...database, WORKERS: '2' });
    b = a;
    await linesContaining(a, 'portal listening', 2);
  }
}, 120_000);

afterAll(async () => {
  await stop(a);
  if (b !== a) await stop(b);
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe(`several portal processes on one ${TEST_ENGINE} database (docs/scaling.md)`, () => {
  it('serves from two processes', () => {
    const pids = new Set([...a.output, ...(b === a ? [] : b.output)].filter((l) => l.includes('portal listening')).map((l) => (JSON.parse(l) as { pid?: number }).pid));
    expect(pids.size).toBe(2);
  });

  it('accepts a session opened through one process on the other', async () => {
    const { client: first, answer } = await startLoginAs(a, 'anna');
    expect(answer.ok?.status).toBe('SUCCESSFUL');
    // Round-robin (cluster) or the other port (two machines): several calls reach the other process.
    for (let i = 0; i < 4; i++) {
      const other = new PortalClient(b.url);
      other.cookies = new Map(first.cookies);
      const { body } = await other.operation(ME);
      expect(body.errors).toBeUndefined();
      expect(body.data?.me?.firstName).toBe('Anna');
    }
  });

  it('holds a lockout reached by wrong passwords spread over both processes on both', async () => {
    const email = emailOf('bernd');
    const guess = (portal: Portal, password: string) => logIn(new PortalClient(portal.url), email, password).then(loginStatusOf);
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push(await guess(i % 2 ? a : b, `wrong-${i}`));
    expect(statuses).toEqual(['ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'LOCKED_TEMPORARY']);
    expect(await guess(a, DEMO_PASSWORD)).toBe('LOCKED_TEMPORARY');
    expect(await guess(b, DEMO_PASSWORD)).toBe('LOCKED_TEMPORARY');
  });
});
