/**
 * A process that dies anyway comes back (decision 0045): with WORKERS=2 the cluster primary replaces a worker that
 * was killed, logs why it ended (the signal), and the port answers a login again through the new worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginStatusOf, logIn, PortalClient } from '../helpers/client';
import { linesContaining, startPortalOnFreshDatabase, type Portal, type PortalOnFreshDatabase } from '../helpers/portal-process';
import { emailOf } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';

let started: PortalOnFreshDatabase;
let portal: Portal;

beforeAll(async () => {
  started = await startPortalOnFreshDatabase({ WORKERS: '2' });
  portal = started.portal;
  await linesContaining(portal, 'portal listening', 2);
}, 120_000);

afterAll(async () => {
  await started.close();
});

function workerPids(): number[] {
  return portal.output.filter((l) => l.includes('portal listening')).map((l) => (JSON.parse(l) as { pid: number }).pid);
}

describe(`the cluster primary restarts a dead worker (${TEST_ENGINE})`, () => {
  it('replaces a killed worker, logs its signal, and the port answers a login again', async () => {
    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await linesContaining(portal, 'worker exited; starting a new one', 1);
    const exit = JSON.parse(portal.output.find((l) => l.includes('worker exited'))!) as { pid: number; signal: string };
    expect(exit).toMatchObject({ pid: victim, signal: 'SIGKILL' });
    await linesContaining(portal, 'portal listening', 3);
    expect(new Set(workerPids()).size).toBe(3);
    // Both workers of the port answer: a few logins spread over them by node:cluster's round robin.
    for (let i = 0; i < 4; i++) expect(loginStatusOf(await logIn(new PortalClient(portal.url), emailOf('anna')))).toBe('SUCCESSFUL');
    expect(portal.child.exitCode).toBeNull();
  });
});
