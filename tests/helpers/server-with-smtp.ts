import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from './smtp';
import { startTestServer, type TestServer } from './test-server';

/** The server and the SMTP server of a suite, set once `beforeAll` has run (read them inside tests and hooks only). */
export interface ServerWithSmtp {
  server: TestServer;
  smtp: TestSmtp;
}

/**
 * Registers, for the calling suite, a real SMTP test server (tests/helpers/smtp.ts) and the portal sending its mails
 * to it (`startTestServer` with `SMTP_URL` set to it, over `options`), started in `beforeAll` and both closed in
 * `afterAll`. `options.env` may not set `SMTP_URL`: the helper sets it. Returns the live pair.
 */
export function useServerWithSmtp(options: Parameters<typeof startTestServer>[0] = {}): ServerWithSmtp {
  const live = {} as ServerWithSmtp;
  beforeAll(async () => {
    live.smtp = await startTestSmtp();
    const { env } = options;
    const smtpUrl = { SMTP_URL: live.smtp.url };
    // A plain object stays one (`startTestServer` reads DB_BUSY_TIMEOUT_MS only from a plain object).
    live.server = await startTestServer({ ...options, env: typeof env === 'function' ? (url) => ({ ...env(url), ...smtpUrl }) : { ...env, ...smtpUrl } });
  });
  afterAll(async () => {
    await live.server?.close();
    await live.smtp?.close();
  });
  return live;
}
