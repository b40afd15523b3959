/**
 * The response cache across processes (decision 0038): two portal processes (`server/main.ts`, each
 * with its own cache) on two ports over one database, as two machines behind a load balancer. An answer one process
 * has cached is not served after a write through the other: the write bumped the person's data version in the
 * database, which each process reads on every request. Vitest project "sqlite" (one file) and "postgres".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '../helpers/client';
import { startLoginAs } from '../helpers/scenarios';
import { databaseEnv, startPortal, stopPortal, type Portal } from '../helpers/portal-process';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';
import { isoDateVienna } from '@contract/dates';

let dir: string;
let location: string;
let a: Portal;
let b: Portal;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cache-'));
  location = await createTestDatabase(dir);
  // The first process migrates and seeds; the second starts on the ready database, as a second machine would.
  a = await startPortal(databaseEnv(location));
  b = await startPortal(databaseEnv(location));
}, 120_000);

afterAll(async () => {
  await stopPortal(a);
  await stopPortal(b);
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** getPersonalData's street of the Pensionskasse block. */
async function street(client: PortalClient): Promise<string> {
  const res = await client.rest('getPersonalData');
  expect(res.status).toBe(200);
  return (res.json as { VBVPK: { adresse: { strasse: string } } }).VBVPK.adresse.strasse;
}

const address = (street: string) => ({ street, postcode: '1010', city: 'Wien', country: 'AT', poBox: '', validFrom: isoDateVienna(Date.now()) });

describe(`response cache over two processes on one ${TEST_ENGINE} database`, () => {
  it('shows a write through one process at once in the other, which had the answer cached', async () => {
    const { client: onA, answer } = await startLoginAs(a, 'anna');
    expect(answer.ok?.loggedIn).toBe(true);
    const onB = new PortalClient(b.url);
    onB.cookies = new Map(onA.cookies);
    const before = await street(onB);
    expect(await street(onB)).toBe(before);
    expect(await street(onA)).toBe(before);

    expect((await onA.rest('changeAddress', address('Prozessgasse 1'))).json).toMatchObject({ ok: true });
    expect(await street(onB)).toBe('Prozessgasse 1');

    expect((await onB.rest('changeAddress', address('Prozessgasse 2'))).json).toMatchObject({ ok: true });
    expect(await street(onA)).toBe('Prozessgasse 2');
    expect(await street(onB)).toBe('Prozessgasse 2');
  });
});
