import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Starts a real SMTP server for the browser tests: the main-tenant test server sends its mails (registration,
 * password reset, e-mail change) to it over SMTP (`SMTP_URL`, set in playwright.config.ts), and every message
 * received is written as one raw RFC 5322 file (`<time>-<n>.eml`) into `E2E_MAIL_DIR`, where
 * `tests/e2e/helpers/mailbox.ts` reads it.
 *
 * Port and directory are chosen in playwright.config.ts (the web servers start before this setup runs, and the
 * workers need the directory). Returns the teardown that closes the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!Number.isInteger(port) || port <= 0 || !mailDir) {
    throw new Error('E2E_SMTP_PORT and E2E_MAIL_DIR must be set by playwright.config.ts');
  }
  mkdirSync(mailDir, { recursive: true });
  let received = 0;

  const server = new SMTPServer({
    // Plain SMTP on the loopback interface, no login: the mailer under test is the only client.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          received += 1;
          const name = `${Date.now()}-${String(received).padStart(4, '0')}.eml`;
          // Written under a temporary name and renamed, so a reader never sees half a message.
          const partial = join(mailDir, `.${name}.part`);
          writeFileSync(partial, Buffer.concat(chunks));
          renameSync(partial, join(mailDir, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
