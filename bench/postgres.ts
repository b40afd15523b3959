/**
 * The bench's PostgreSQL (bench/run.ts): a throw-away PostgreSQL cluster started by the tests' own helper
 * (tests/helpers/postgres-server.ts: Debian's package, a temp data folder, a free loopback port), pinned to the
 * server's cores like the portal, with one database per measured set-up.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../tests/helpers/postgres-server';
import { log } from './processes';

export interface BenchPostgres {
  /** Admin URL (database `postgres`). */
  url: string;
  /** Process group of the postmaster and its backends (for the CPU accounting). */
  pgid: number;
  /** Creates an empty database with byte-wise collation (docs/scaling.md) and answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

/** The process group of a process, from /proc. */
function processGroup(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** Pins every process of process group `pgid` (and so every backend the postmaster forks later) to `cores`. */
function pinGroup(pgid: number, cores: string): void {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let group: number;
    try {
      group = processGroup(Number(entry));
    } catch {
      continue;
    }
    if (group !== pgid) continue;
    const result = spawnSync('taskset', ['-a', '-cp', cores, entry], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`taskset -a -cp ${cores} ${entry} failed: ${result.stderr}`);
  }
}

/** Starts the cluster and pins it to `cores` (the portal's cores). @throws when PostgreSQL cannot be installed or started. */
export async function startBenchPostgres(cores: string): Promise<BenchPostgres> {
  const server = await startPostgres({ maxConnections: 100 });
  try {
    const postmaster = Number(readFileSync(join(server.dataDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pgid = processGroup(postmaster);
    pinGroup(pgid, cores);
    log(`PostgreSQL listening on ${server.port} (postmaster ${postmaster}, pinned to core ${cores})`);
    return {
      url: server.url,
      pgid,
      async createDatabase(name: string) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
        } finally {
          await client.end();
        }
        const url = new URL(server.url);
        url.pathname = `/${name}`;
        return url.toString();
      },
      stop: () => server.stop(),
    };
  } catch (error) {
    server.stop();
    throw error;
  }
}
