import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server received, parsed with mailparser, plus the envelope recipients. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`: pass as SMTP_URL to the portal. */
  url: string;
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[];
  /**
   * Resolves with the first mail (already received or arriving later) that matches `predicate`; rejects after
   * `timeoutMs` (default 5000).
   */
  waitForMail(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets the mails received so far. */
  clear(): void;
  /**
   * Refuses the next `count` mails with a temporary SMTP error (451) after reading them, as a mail server that is
   * short of resources would; refused mails are not in `mails`.
   */
  refuseNext(count: number): void;
  /** Mails refused so far by `refuseNext`. */
  readonly refused: number;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server (smtp-server) on 127.0.0.1 with a port chosen by the OS, in the test process. It accepts
 * every mail without authentication or TLS and parses it with mailparser's `simpleParser`.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        refused++;
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })));
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          };
          mails.push(mail);
          for (const w of [...waiters]) {
            if (w.predicate(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(predicate = () => true, timeoutMs = 5000) {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      mails.length = 0;
    },
    refuseNext(count) {
      toRefuse = count;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The portal link in a mail's plain text (activation `#/activation?id=…`, reset `#/pwdReset?token=…`, or any
 * http(s) URL containing `contains`); throws when there is none.
 */
export function linkFrom(mail: ReceivedMail, contains = '/#/'): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.includes(contains));
  if (!link) throw new Error(`no link containing ${contains} in mail "${mail.subject}"`);
  return link;
}

/** A query parameter of a hash-route link (`tokenFrom(link, 'id')` for `…/#/activation?id=abc` gives `abc`). */
export function hashParam(link: string, name: string): string {
  const hash = new URL(link).hash;
  const value = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get(name);
  if (value === null) throw new Error(`no ${name} in ${link}`);
  return value;
}
