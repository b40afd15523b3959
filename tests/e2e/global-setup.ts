import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { e2eSlots } from './helpers/e2e-slots';

/**
 * Starts a real SMTP server per worker slot for the browser tests (tests/e2e/helpers/e2e-slots.ts): each slot's
 * main-tenant test server sends its mails (registration, password reset, e-mail change) to its own SMTP server over
 * SMTP (`SMTP_URL`, set in playwright.config.ts), and every message received is written as one raw RFC 5322 file
 * (`<time>-<n>.eml`) into the slot's mail directory (`E2E_MAIL_DIR` in its worker), where
 * `tests/e2e/helpers/mailbox.ts` reads it.
 *
 * Ports and directories are chosen in playwright.config.ts (the web servers start before this setup runs, and the
 * workers need the directories). Returns the teardown that closes the servers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const servers = await Promise.all(e2eSlots().map((slot) => startMailServer(Number(slot.smtpPort), slot.mailDir)));
  return async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };
}

/** An SMTP server on 127.0.0.1:`port` that writes each message it receives into `mailDir`. */
async function startMailServer(port: number, mailDir: string): Promise<SMTPServer> {
  if (!Number.isInteger(port) || port <= 0 || !mailDir) throw new Error('Every e2e slot needs an SMTP port and a mail directory');
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

  return server;
}
