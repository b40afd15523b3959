/**
 * `WORKERS=auto` (docs/scaling.md): `npm start` with WORKERS=auto starts one server process per core the machine
 * offers (`os.availableParallelism()`), all on one port and one database, through `server/main.ts` as `npm start` runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, linesContaining, startPortal, stopPortal, type Portal } from '../helpers/portal-process';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

let dir: string;
let location: string;
let portal: Portal;
const cores = availableParallelism();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-auto-'));
  location = await createTestDatabase(dir);
  portal = await startPortal({ ...databaseEnv(location), WORKERS: 'auto' });
  await linesContaining(portal, 'portal listening', cores);
}, 120_000);

afterAll(async () => {
  await stopPortal(portal);
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe(`WORKERS=auto on ${TEST_ENGINE} (docs/scaling.md)`, () => {
  it(`starts one server process per core (${cores} here), each answering on the one port`, async () => {
    const listening = portal.output.filter((l) => l.includes('portal listening')).map((l) => JSON.parse(l) as { pid?: number; url?: string });
    expect(new Set(listening.map((l) => l.pid)).size).toBe(cores);
    expect(new Set(listening.map((l) => l.url))).toEqual(new Set([`${portal.url}/`]));
    const res = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-version': 'Portal' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
  });
});
