import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { hashPassword, verifyPassword } from '../../server/modules/session/password';

const dir = mkdtempSync(join(tmpdir(), 'platform-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('database settings (durable SQLite: WAL, synchronous=FULL, foreign keys)', () => {
  it('opens SQLite in WAL mode with synchronous=FULL, foreign keys on and a busy timeout, and applies all migrations', async () => {
    const db = await openDatabase(join(dir, 'portal.db'));
    const c = db.$client;
    expect(c.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(c.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(c.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(c.pragma('busy_timeout', { simple: true })).toBe(5000);
    const tables = (c.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name);
    for (const t of [
      'persons',
      'credentials',
      'sessions',
      'login_attempts',
      'pk_contracts',
      'pk_statements',
      'vk_accounts',
      'vk_statements',
      'messages',
      'message_attachments',
      'documents',
      'severance_claims',
      'mandates',
      'bank_accounts',
    ]) {
      expect(tables).toContain(t);
    }
    expect(() => c.prepare(`INSERT INTO sessions (token_hash, person_id, tenant, created_at, last_seen_at) VALUES ('x', 999999, 'main', '', '')`).run()).toThrow(/FOREIGN KEY/);
    c.close();
  });
});

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters m=19 MiB, t=2, p=1 and never stores the password', async () => {
    const phc = await hashPassword('Pensionskasse#2026');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(phc).not.toContain('Pensionskasse');
    expect(await verifyPassword(phc, 'Pensionskasse#2026')).toBe(true);
    expect(await verifyPassword(phc, 'pensionskasse#2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
