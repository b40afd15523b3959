/**
 * Outgoing e-mail of the portal (registration, password reset, e-mail change, notices) with nodemailer.
 *
 * Transport: with `SMTP_URL` set, mails go to that SMTP server (smtp:// with STARTTLS when offered, smtps:// with
 * TLS). Without it, nodemailer's stream transport renders each mail to a Buffer that is written as an `.eml` file to
 * `MAIL_OUTBOX_DIR` (default data/outbox) and its path is logged, so development and demos need no mail server.
 *
 * Every sent mail is recorded in `sent_mails` (person, kind, recipient, message id, time): never the body or a
 * link, so no token can be read back from the database. Mails are German, plain text plus HTML, and go out under the
 * tenant's sender (`mailFrom`, `mailSenderName` in server/tenants.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { writeTransaction, type Db } from '../../../db/client';
import { sentMails } from '../../../db/schema';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import { isoInstant, type Clock } from '../shared/clock';

/**
 * What a mail is about; stored in sent_mails.kind. Free text so other areas can add kinds, but keep it an
 * upper-case code (for example EMAIL_CHANGE_CONFIRM).
 */
export type MailKind =
  | 'ACTIVATION'
  | 'PASSWORD_RESET'
  | 'PASSWORD_CHANGED'
  | 'EMAIL_CHANGED'
  | 'EMAIL_CHANGE_CONFIRM'
  | 'EMAIL_CHANGE_NOTICE'
  | (string & Record<never, never>);

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
   * Sends one mail and records it in sent_mails. Resolves to the message id; rejects when the SMTP server refuses
   * the mail or the outbox file cannot be written (then no sent_mails row is written).
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** Creates the mailer of the process (one SMTP connection pool, or the outbox folder). */
export function createMailer(deps: { db: Db; config: Pick<Config, 'SMTP_URL' | 'MAIL_OUTBOX_DIR'>; tenant: TenantDefinition; clock: Clock; logger: Logger }): Mailer {
  const { db, config, tenant, clock, logger } = deps;
  const outboxDir = resolve(config.MAIL_OUTBOX_DIR);
  let transport: Transporter | undefined;

  function transporter(): Transporter {
    transport ??= config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return transport;
  }

  return {
    async send(message: MailMessage): Promise<{ messageId: string }> {
      const info = (await transporter().sendMail({
        from: { name: tenant.mailSenderName, address: tenant.mailFrom },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'de' },
      })) as { messageId: string; message?: Buffer };
      if (!config.SMTP_URL && info.message) {
        mkdirSync(outboxDir, { recursive: true });
        const file = join(outboxDir, `mail-${isoInstant(clock.now()).replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
        writeFileSync(file, info.message);
        logger.info('mail written to outbox', { kind: message.kind, file });
      } else {
        logger.info('mail sent', { kind: message.kind });
      }
      await writeTransaction(db, () =>
        db.insert(sentMails).values({ personId: message.personId, kind: message.kind, recipient: message.to, messageId: info.messageId, sentAt: isoInstant(clock.now()) }),
      );
      return { messageId: info.messageId };
    },
  };
}
