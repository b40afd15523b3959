/**
 * The portal as a separate process (`server/main.ts`, as `npm start` runs it), for tests of several processes and of
 * crashes (tests/cluster).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from './test-db';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface Portal {
  url: string;
  child: ChildProcess;
  /** Every line the process printed so far (stdout and stderr). */
  output: string[];
}

/** The environment naming `location` (a SQLite file or a PostgreSQL URL of tests/helpers/test-db.ts). */
export function databaseEnv(location: string): Record<string, string> {
  return TEST_ENGINE === 'postgresql' ? { DATABASE_URL: location } : { DATABASE_PATH: location, DATABASE_URL: '' };
}

/** Starts `server/main.ts` with `env` on a free loopback port and resolves once it printed `LISTENING <port>`. */
export function startPortal(env: Record<string, string>): Promise<Portal> {
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
export function linesContaining(portal: Portal, text: string, count: number): Promise<void> {
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

/** Stops the process with `signal` (SIGTERM: a graceful shutdown; SIGKILL: a crash) and resolves when it exited. */
export function stopPortal(portal: Portal | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!portal || portal.child.exitCode !== null || portal.child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    portal.child.once('exit', () => done());
    portal.child.kill(signal);
  });
}

/** A portal process over a database of its own, and how to stop it and remove the database. */
export interface PortalOnFreshDatabase {
  portal: Portal;
  /** Stops the process (SIGTERM) and drops its database and folder. */
  close(): Promise<void>;
}

/** Starts `server/main.ts` with `env` over a new, empty database of the test engine (migrated and seeded at start). */
export async function startPortalOnFreshDatabase(env: Record<string, string>): Promise<PortalOnFreshDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-process-'));
  const location = await createTestDatabase(dir);
  const portal = await startPortal({ ...databaseEnv(location), ...env });
  return {
    portal,
    async close() {
      await stopPortal(portal);
      await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
