import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away PostgreSQL server for the tests (and the bench): Debian's `postgresql` package, installed with apt-get
 * when missing (as tests/ensure-packages.mjs does before the run), a new cluster in a temporary data directory,
 * listening on 127.0.0.1 on a free port, trust authentication for the `postgres` user. Run as root, the cluster
 * belongs to the `postgres` system user (initdb refuses root). A failure throws: the tests never run without it.
 */
export interface PostgresServer {
  /** Admin URL (database `postgres`, user `postgres`). */
  url: string;
  port: number;
  dataDir: string;
  stop(): void;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl, pg_dump), newest major version first. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : undefined;
}

/** Installs Debian's postgresql package when no server programs are found. @throws when the installation fails. */
export function ensurePostgresInstalled(): string {
  let bin = postgresBinDir();
  if (bin) return bin;
  if (process.getuid?.() !== 0) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin) and installing it needs root: apt-get install postgresql');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with exit code ${result.status}`);
  }
  bin = postgresBinDir();
  if (!bin) throw new Error('apt-get installed postgresql, but no initdb was found under /usr/lib/postgresql');
  return bin;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a new cluster; see PostgresServer. `maxConnections` defaults to 300 (every test server has a pool). */
export async function startPostgres(options: { maxConnections?: number } = {}): Promise<PostgresServer> {
  const bin = ensurePostgresInstalled();
  const asRoot = process.getuid?.() === 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  let uid: number | undefined;
  let gid: number | undefined;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dataDir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, { encoding: 'utf8', ...(asRoot ? { uid, gid } : {}), cwd: dataDir, env: { ...process.env, LC_ALL: 'C' } });
    if (result.status !== 0) throw new Error(`${program} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', join(dataDir, 'data'), '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    `-c max_connections=${options.maxConnections ?? 300}`,
    '-c shared_buffers=64MB',
  ].join(' ');
  run('pg_ctl', ['-D', join(dataDir, 'data'), '-o', settings, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', join(dataDir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
