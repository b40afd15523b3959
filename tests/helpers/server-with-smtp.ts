import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from './smtp';
import { startTestServer, type TestServer } from './test-server';

/** The server and the SMTP server of a suite, set once `beforeAll` has run (read them inside tests and hooks only). */
export interface ServerWithSmtp {
  server: TestServer;
  smtp: TestSmtp;
  /** The server's LETTERS_DIR (the printed letters' PDFs), with the option `letters` only. */
  lettersDir: string;
}

/**
 * Registers, for the calling suite, a real SMTP test server (tests/helpers/smtp.ts) and the portal sending its mails
 * to it (`startTestServer` with `SMTP_URL` set to it, over `options`), started in `beforeAll` and both closed in
 * `afterAll`. `options.env` may not set `SMTP_URL`: the helper sets it. With `letters: true` the printed letters go to
 * a fresh temporary folder (`lettersDir`, removed in `afterAll`). Returns the live set.
 */
export function useServerWithSmtp(options: Parameters<typeof startTestServer>[0] & { letters?: boolean } = {}): ServerWithSmtp {
  const live = {} as ServerWithSmtp;
  let dir: string | undefined;
  beforeAll(async () => {
    live.smtp = await startTestSmtp();
    const { env, letters, ...rest } = options;
    const own: Record<string, string> = { SMTP_URL: live.smtp.url };
    if (letters) {
      dir = mkdtempSync(join(tmpdir(), 'portal-letters-'));
      live.lettersDir = own.LETTERS_DIR = join(dir, 'letters');
    }
    // A plain object stays one (`startTestServer` reads DB_BUSY_TIMEOUT_MS only from a plain object).
    live.server = await startTestServer({ ...rest, env: typeof env === 'function' ? (url) => ({ ...env(url), ...own }) : { ...env, ...own } });
  });
  afterAll(async () => {
    await live.server?.close();
    await live.smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return live;
}
