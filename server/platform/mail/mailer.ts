/**
 * Outgoing e-mail of the portal (registration, password reset, e-mail change, notices) through a database outbox
 * (docs/scaling.md).
 *
 * `Mailer.send` queues the mail in the `mail_outbox` table, in the caller's write transaction when there is one, so a
 * mail exists exactly when the change it reports was committed, and a crash between the commit and the send loses
 * nothing. The mail worker of every portal process (./outbox.worker.ts) sends due mails: at once after the commit in
 * the process that queued them, and by polling (MAIL_POLL_MS) for retries and for mails of a process that stopped.
 *
 * Transport: with `SMTP_URL` set, mails go to that SMTP server (smtp:// with STARTTLS when offered, smtps:// with
 * TLS). Without it, nodemailer's stream transport renders each mail to a Buffer that is written as an `.eml` file to
 * `MAIL_OUTBOX_DIR` (default data/outbox) and its path is logged, so development and demos need no mail server.
 *
 * Every sent mail is recorded in `sent_mails` (person, kind, recipient, message id, time): never the body or a
 * link, so no token can be read back from the database once the mail is out. Mails are German, plain text plus HTML,
 * and go out under the tenant's sender (`mailFrom`, `mailSenderName` in server/tenants.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { afterCommit, type Db } from '../../../db/client';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import { isoInstant, type Clock } from '../shared/clock';
import { createOutboxStore } from './outbox.store';
import { createMailWorker, type MailTransport, type MailWorker } from './outbox.worker';

/**
 * What a mail is about; stored in sent_mails.kind. Free text so other areas can add kinds, but keep it an
 * upper-case code (for example EMAIL_CHANGE_CONFIRM).
 */
export type MailKind = 'ACTIVATION' | 'PASSWORD_RESET' | 'PASSWORD_CHANGED' | 'EMAIL_CHANGED' | 'EMAIL_CHANGE_CONFIRM' | 'EMAIL_CHANGE_NOTICE' | (string & Record<never, never>);

/** One e-mail to send. `to` is a single address; `personId` is null when the mail concerns no known person. */
export interface MailMessage {
  personId: number | null;
  kind: MailKind;
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body (build it with `renderMail` in ./templates.ts, which escapes every value). */
  html: string;
}

export interface Mailer {
  /**
   * Queues one mail in the outbox, inside the caller's write transaction when there is one (the mail is then
   * sent only if that transaction commits), and wakes this process's mail worker after the commit. Resolves to the
   * mail's Message-ID (`<uuid@sender domain>`, also the header of the sent mail); rejects only when the database
   * refuses the row. Sending happens later and is retried with backoff (./outbox.store.ts).
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** This process's mail worker (started by server/main.ts and the test server). */
  worker: MailWorker;
}

/**
 * SMTP_URL's transport, or the .eml folder MAIL_OUTBOX_DIR without it. The Message-ID chosen at queueing is kept, so a
 * retried mail has the same id.
 */
export function createMailTransport(deps: { config: Pick<Config, 'SMTP_URL' | 'MAIL_OUTBOX_DIR'>; tenant: TenantDefinition; clock: Clock; logger: Logger }): MailTransport {
  const { config, tenant, clock, logger } = deps;
  const outboxDir = resolve(config.MAIL_OUTBOX_DIR);
  let transport: Transporter | undefined;
  const transporter = (): Transporter =>
    (transport ??= config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));

  return async (row) => {
    const info = (await transporter().sendMail({
      from: { name: tenant.mailSenderName, address: tenant.mailFrom },
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: row.messageId,
      headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'de' },
    })) as { messageId: string; message?: Buffer };
    if (!config.SMTP_URL && info.message) {
      mkdirSync(outboxDir, { recursive: true });
      const file = join(outboxDir, `mail-${isoInstant(clock.now()).replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message);
      logger.info('mail written to outbox', { kind: row.kind, file });
    } else {
      logger.info('mail sent', { kind: row.kind });
    }
  };
}

/**
 * Creates the mailer of the process: the outbox queue plus its worker (not yet started; `worker.start()` begins the
 * polling). `MAIL_POLL_MS` 0 makes this process queue only (its worker never sends).
 */
export function createMailer(deps: {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_OUTBOX_DIR'> & Partial<Pick<Config, 'MAIL_POLL_MS'>>;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
}): Mailer {
  const { db, tenant, clock } = deps;
  const store = createOutboxStore(db);
  const worker = createMailWorker({ store, transport: createMailTransport(deps), clock, logger: deps.logger, pollMs: deps.config.MAIL_POLL_MS ?? 5000 });
  const domain = tenant.mailFrom.slice(tenant.mailFrom.lastIndexOf('@') + 1);
  return {
    worker,
    async send(message) {
      const messageId = `<${randomUUID()}@${domain}>`;
      const { to, ...rest } = message;
      await store.enqueue({ ...rest, recipient: to, messageId, createdAt: isoInstant(clock.now()) });
      afterCommit(() => worker.wake());
      return { messageId };
    },
  };
}
