/**
 * Backup and restore (docs/security.md): an online backup through the CLI while the
 * real server serves a write load, restored with the CLI into a fresh file that a second server then serves; and the
 * refusals and checks of db/backup.ts and db/restore.ts called directly.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError, defaultBackupPath } from '../../db/backup';
import { restoreDatabase, RestoreError } from '../../db/restore';
import { graphql } from '../gql';
import { DEMO_PASSWORD, LOGIN, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { REPO_ROOT } from './writers';

const ME = graphql(`
  query BackupMe {
    me {
      firstName
      lastName
      pensionContracts {
        contractNumber
        stichtage
        statement {
          stichtag
          reserve
          fluctuationReserve
          totalCapital
        }
      }
      severanceAccounts {
        accountNumber
        stichtage
        statement {
          stichtag
          totalEntitlement
        }
      }
    }
  }
`);
const ANNA = emailOf('anna');

let server: TestServer;
let work: string;
beforeAll(async () => {
  server = await startTestServer({ members: 20 });
  work = mkdtempSync(join(tmpdir(), 'portal-backup-'));
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** Row count of every table of `db`, by table name. */
function tableCounts(db: Database.Database): Record<string, number> {
  const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]).map((r) => r.name);
  return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]));
}

/** Runs a command in the repository; resolves with exit code and output. */
function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Write load against the server until `stop()`: `parallel` loops, each repeating wrong-password REST logins of the
 * generated members, a correct REST login of a persona, and a GraphQL login plus `me`. Every answer must be 200.
 */
function startLoad(url: string, memberEmails: string[], parallel = 4) {
  let running = true;
  let completed = 0;
  const failures: string[] = [];
  const expectOk = (what: string, status: number) => {
    if (status !== 200) failures.push(`${what}: ${status}`);
    completed++;
  };
  const loop = async (n: number) => {
    for (let i = 0; running; i++) {
      const client = new PortalClient(url);
      const step = (n + i) % 3;
      if (step === 0) {
        const email = memberEmails[(n * 7 + i) % memberEmails.length]!;
        expectOk('wrong-password login', (await client.rest('login', { user: email, password: `wrong-password-${i}` })).status);
      } else if (step === 1) {
        expectOk('persona login', (await client.rest('login', { user: emailOf('clara'), password: DEMO_PASSWORD })).status);
      } else {
        const login = await client.operation(LOGIN, { email: emailOf('bernd'), password: DEMO_PASSWORD });
        expectOk('GraphQL login', login.status);
        if (login.body.errors) failures.push(`GraphQL login: ${JSON.stringify(login.body.errors)}`);
        const me = await client.operation(ME);
        expectOk('GraphQL me', me.status);
        if (me.body.errors) failures.push(`GraphQL me: ${JSON.stringify(me.body.errors)}`);
      }
    }
  };
  const loops = Array.from({ length: parallel }, (_, n) => loop(n));
  return {
    completed: () => completed,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('online backup and restore', () => {
  it('backs up through the CLI while the server writes, restores through the CLI, and the restored file passes a smoke suite', async () => {
    const memberEmails = (server.db.$client.prepare('SELECT email FROM persons WHERE email IS NOT NULL ORDER BY id').all() as { email: string }[])
      .map((r) => r.email)
      .filter((e) => /\.\d+@/.test(e)); // generated members (first.last.<id>@…), not the demo personas
    expect(memberEmails.length).toBeGreaterThan(5);
    const load = startLoad(server.url, memberEmails);
    let backup: Awaited<ReturnType<typeof run>>;
    let before: Record<string, number>;
    let attemptsAtStart = 0;
    let during = 0;
    const backupFile = join(work, 'backups', 'portal-online.db');
    try {
      while (load.completed() < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      before = tableCounts(server.db.$client);
      attemptsAtStart = before.login_attempts!;
      const completedAtStart = load.completed();
      backup = await run('npx', ['tsx', 'db/backup.ts', '--database', server.dbPath, '--out', backupFile]);
      during = load.completed() - completedAtStart;
    } finally {
      await load.stop();
    }
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`written to ${backupFile}`);
    expect(backup.stdout).toMatch(/\d+ bytes \(\d+\.\d MB\), \d+ pages, integrity ok/);
    expect(load.failures).toEqual([]);
    // The server kept answering and writing while the backup ran.
    expect(during).toBeGreaterThan(0);
    const after = tableCounts(server.db.$client);
    expect(after.login_attempts).toBeGreaterThan(attemptsAtStart);
    // The backup is one self-contained file (rollback journal, no -wal/-shm) that passes the integrity check.
    expect(readdirSync(join(work, 'backups'))).toEqual(['portal-online.db']);
    const copy = new Database(backupFile, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // Restoring over the running server's file is refused; the file stays as it was.
    const refused = await run('npx', ['tsx', 'db/restore.ts', '--from', backupFile, '--database', server.dbPath]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/open in another process, probably a running server/);
    expect(tableCounts(server.db.$client)).toEqual(after);

    const restoredPath = join(work, 'restored', 'portal.db');
    const restore = await run('npm', ['run', '--silent', 'restore', '--', '--from', backupFile, '--database', restoredPath]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Checked ${backupFile}: integrity ok`);
    expect(restore.stdout).toContain(`Created ${restoredPath}`);

    const second = await startTestServer({ databasePath: restoredPath });
    try {
      expect(second.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(second.db.$client.pragma('foreign_key_check')).toEqual([]);
      const restoredCounts = tableCounts(second.db.$client);
      expect(Object.keys(restoredCounts)).toEqual(Object.keys(before!));
      for (const [table, n] of Object.entries(before!)) expect(restoredCounts[table], table).toBeGreaterThanOrEqual(n);
      // One snapshot taken while the load ran: nothing committed after the backup ended can be in it.
      for (const [table, n] of Object.entries(after)) expect(restoredCounts[table], table).toBeLessThanOrEqual(n);
      const size = /(\d+) bytes .*, (\d+) ms/.exec(backup.stdout)!;
      console.log(
        `backup under load: ${during} requests answered while the backup CLI ran; login_attempts ${attemptsAtStart} at start, ` +
          `${restoredCounts.login_attempts} in the backup, ${after.login_attempts} after; backup ${size[1]} bytes in ${size[2]} ms (copy and check)`,
      );

      const anna = new PortalClient(second.url);
      const login = await anna.rest('login', { user: ANNA, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.json).toEqual({ status: 'SUCCESSFUL' });
      const me = await anna.operation(ME);
      expect(me.body.errors).toBeUndefined();
      expect(me.body.data!.me).toMatchObject({ firstName: 'Anna', lastName: 'Muster' });
      const statement = me.body.data!.me!.pensionContracts[0]!.statement;
      const stored = second.db.$client
        .prepare(
          `SELECT s.stichtag, s.total_capital_cents AS total FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id
            JOIN persons p ON p.id = c.person_id WHERE p.email = ? ORDER BY s.stichtag DESC LIMIT 1`,
        )
        .get(ANNA) as { stichtag: string; total: number };
      expect(statement).toMatchObject({ stichtag: stored.stichtag, totalCapital: stored.total });
      expect(me.body.data!.me!.severanceAccounts[0]!.statement).not.toBeNull();
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('backupDatabase and restoreDatabase', () => {
  it('takes a backup in-process while the server serves, and refuses to overwrite an existing backup file', async () => {
    const out = join(work, 'direct', 'b.db');
    const [result, answer] = await Promise.all([
      backupDatabase({ database: server.dbPath, out }),
      new PortalClient(server.url).rest('login', { user: ANNA, password: DEMO_PASSWORD }),
    ]);
    expect(answer.status).toBe(200);
    expect(result).toMatchObject({ path: out, bytes: expect.any(Number), pages: expect.any(Number) });
    expect(result.bytes).toBe(result.pages * (server.db.$client.pragma('page_size', { simple: true }) as number));
    await expect(backupDatabase({ database: server.dbPath, out })).rejects.toThrow(BackupError);
    await expect(backupDatabase({ database: join(work, 'missing.db'), out: join(work, 'direct', 'c.db') })).rejects.toThrow(/does not exist/);
    expect(defaultBackupPath(new Date('2026-11-22T09:05:07.123Z'))).toBe(join('data', 'backups', 'portal-20261122T090507Z.db'));
  });

  it('replaces an existing, closed database only with force, and removes its stale -wal and -shm', async () => {
    const backup = join(work, 'direct', 'for-restore.db');
    await backupDatabase({ database: server.dbPath, out: backup });
    const target = join(work, 'direct-target', 'portal.db');
    mkdirSync(join(work, 'direct-target'));
    const first = restoreDatabase({ from: backup, database: target });
    expect(first).toMatchObject({ replaced: false, wasInUse: false, removed: [] });

    expect(() => restoreDatabase({ from: backup, database: target })).toThrow(/exists; use --force/);
    // Leftovers of a crashed process: a WAL that does not belong to the new file must not be replayed onto it.
    const foreign = new Database(join(work, 'direct-target', 'other.db'));
    foreign.pragma('journal_mode = WAL');
    foreign.exec('CREATE TABLE persons (id INTEGER PRIMARY KEY); INSERT INTO persons VALUES (1)');
    copyFileSync(join(work, 'direct-target', 'other.db-wal'), `${target}-wal`);
    foreign.close();
    writeFileSync(`${target}-shm`, Buffer.alloc(32_768));
    const second = restoreDatabase({ from: backup, database: target, force: true });
    expect(second.replaced).toBe(true);
    expect(existsSync(`${target}-wal`) || existsSync(`${target}-shm`)).toBe(false);
    expect(readdirSync(join(work, 'direct-target')).filter((f) => f.includes('.tmp'))).toEqual([]);
    const restored = new Database(target, { readonly: true });
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(readFileSync(target).equals(readFileSync(backup))).toBe(true);
    restored.close();
  });

  it('refuses a database another connection has open unless forced, and refuses broken backups without touching the target', async () => {
    const backup = join(work, 'direct', 'for-refusal.db');
    await backupDatabase({ database: server.dbPath, out: backup });
    expect(() => restoreDatabase({ from: backup, database: server.dbPath })).toThrow(/open in another process/);

    const target = join(work, 'refusal', 'portal.db');
    restoreDatabase({ from: backup, database: target });
    const targetBytes = readFileSync(target);
    const notSqlite = join(work, 'refusal', 'notes.txt');
    writeFileSync(notSqlite, 'this is not a database'.repeat(10));
    expect(() => restoreDatabase({ from: notSqlite, database: target, force: true })).toThrow(/not an SQLite database/);

    // A backup whose table b-tree is damaged fails the check on the copy; the copy is removed.
    const damaged = join(work, 'refusal', 'damaged.db');
    copyFileSync(backup, damaged);
    const probe = new Database(damaged, { readonly: true });
    const root = (probe.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'pk_statements'`).get() as { rootpage: number }).rootpage;
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    probe.close();
    const bytes = readFileSync(damaged);
    bytes.fill(0xff, (root - 1) * pageSize, (root - 1) * pageSize + 16);
    writeFileSync(damaged, bytes);
    expect(() => restoreDatabase({ from: damaged, database: target, force: true })).toThrow(RestoreError);

    const otherSqlite = join(work, 'refusal', 'other.db');
    const other = new Database(otherSqlite);
    other.exec('CREATE TABLE t (x)');
    other.close();
    expect(() => restoreDatabase({ from: otherSqlite, database: target, force: true })).toThrow(/not a portal database/);

    expect(readFileSync(target).equals(targetBytes)).toBe(true);
    expect(readdirSync(join(work, 'refusal')).sort()).toEqual(['damaged.db', 'notes.txt', 'other.db', 'portal.db']);
  });
});
