import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { seedIfEmpty } from '../../db/seed';
import { createDemoLog, createLogger } from '../../server/log';

/**
 * The start log: seeding an empty database prints nina's demo activation link and the demo codes
 * as the README promises, without masking them as secrets; the normal logger still masks real ones.
 */
const dir = mkdtempSync(join(tmpdir(), 'portal-demo-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo lines of the start log', () => {
  it("print nina's activation link and the demo codes unmasked", async () => {
    const lines: string[] = [];
    const db = await openDatabase(join(dir, 'portal.db'));
    try {
      await seedIfEmpty(db, { members: 2, log: createDemoLog('info', (line) => lines.push(line)) });
    } finally {
      await db.close();
    }
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(
      messages.some((msg) => /^demo activation link: \/#\/activation\?id=[A-Za-z0-9_-]{43}$/.test(msg)),
      messages.join('\n'),
    ).toBe(true);
    expect(messages).toContain('demo registration code of Xaver Neu: qnwwq3v6axs5');
    expect(messages.join('\n')).not.toContain('[SECRET]');
    expect(messages.join('\n')).not.toContain('[TOKEN]');
  });

  it('leave the masking of real secrets to the normal logger', () => {
    const lines: string[] = [];
    createLogger('info', (line) => lines.push(line)).info('password: Geheim#2026');
    expect(lines[0]).toContain('[SECRET]');
  });
});
