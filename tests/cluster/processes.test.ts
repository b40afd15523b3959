/**
 * Several portal processes on one database (issue 13 items 3 and 5), through `server/main.ts` as `npm start` runs it.
 *
 * - vitest project "sqlite": `WORKERS=2` (node:cluster) on one SQLite file: both workers answer on one port.
 * - vitest project "postgres": two separate processes on two ports over one PostgreSQL database, as two machines
 *   behind a load balancer would be.
 *
 * In both, a session opened through one process works through the other, and a lockout reached by wrong passwords
 * spread over both processes holds on both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const LOGIN = `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { status loggedIn } }`;
const ME = `query { me { firstName } }`;
const ANNA = 'anna.muster@example.at';

interface Portal {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** Starts `server/main.ts` with `env` and resolves once it printed `LISTENING <port>`. */
function startPortal(env: Record<string, string>): Promise<Portal> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_MEMBERS: '3', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolvePortal, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        const m = /^LISTENING (\d+)$/.exec(line);
        if (m) resolvePortal({ url: `http://127.0.0.1:${m[1]}`, child, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`portal exited with ${code} before listening:\n${output.join('\n')}`)));
  });
}

/** Resolves once `portal` printed `count` lines containing `text` (each worker logs its own start). */
function linesContaining(portal: Portal, text: string, count: number): Promise<void> {
  return new Promise((done) => {
    const check = () => {
      if (portal.output.filter((l) => l.includes(text)).length < count) return false;
      done();
      return true;
    };
    if (check()) return;
    const onData = () => {
      if (check()) portal.child.stdout?.off('data', onData);
    };
    portal.child.stdout?.on('data', onData);
  });
}

function stop(portal: Portal | undefined): Promise<void> {
  if (!portal || portal.child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    portal.child.once('exit', () => done());
    portal.child.kill('SIGTERM');
  });
}

let dir: string;
let location: string;
let a: Portal;
let b: Portal;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  location = await createTestDatabase(dir);
  const database: Record<string, string> = TEST_ENGINE === 'postgresql' ? { DATABASE_URL: location } : { DATABASE_PATH: location, DATABASE_URL: '' };
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

describe(`several portal processes on one ${TEST_ENGINE} database (issue 13 items 3 and 5)`, () => {
  it('serves from two processes', () => {
    const pids = new Set(
      [...a.output, ...(b === a ? [] : b.output)]
        .filter((l) => l.includes('portal listening'))
        .map((l) => (JSON.parse(l) as { pid?: number }).pid),
    );
    expect(pids.size).toBe(2);
  });

  it('accepts a session opened through one process on the other', async () => {
    const first = new PortalClient(a.url);
    expect((await first.graphql<{ login: { status: string } }>(LOGIN, { email: ANNA, password: DEMO_PASSWORD })).body.data?.login.status).toBe('SUCCESSFUL');
    // Round-robin (cluster) or the other port (two machines): several calls reach the other process.
    for (let i = 0; i < 4; i++) {
      const other = new PortalClient(b.url);
      other.cookies = new Map(first.cookies);
      const { body } = await other.graphql<{ me: { firstName: string } }>(ME);
      expect(body.errors).toBeUndefined();
      expect(body.data?.me.firstName).toBe('Anna');
    }
  });

  it('holds a lockout reached by wrong passwords spread over both processes on both', async () => {
    const email = 'bernd.vorsorge@example.at';
    const guess = (portal: Portal, password: string) =>
      new PortalClient(portal.url).graphql<{ login: { status: string } }>(LOGIN, { email, password }).then((r) => r.body.data?.login.status);
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push(await guess(i % 2 ? a : b, `wrong-${i}`));
    expect(statuses).toEqual(['ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'ERROR_PWD_INVALID', 'LOCKED_TEMPORARY']);
    expect(await guess(a, DEMO_PASSWORD)).toBe('LOCKED_TEMPORARY');
    expect(await guess(b, DEMO_PASSWORD)).toBe('LOCKED_TEMPORARY');
  });
});
