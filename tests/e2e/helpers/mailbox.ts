import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * The mailbox of the browser tests: the raw messages that the SMTP server of `tests/e2e/global-setup.ts` received
 * from the main-tenant test server, one `.eml` file each in `E2E_MAIL_DIR`.
 */
export interface ReceivedMail {
  /** The parsed message (subject, text, html, headers). */
  parsed: ParsedMail;
  /** Recipient addresses, lower case. */
  to: string[];
  subject: string;
  /** Plain-text body (or the HTML with tags removed when the message has no text part). */
  text: string;
  /** File name in E2E_MAIL_DIR (sorts by arrival). */
  file: string;
  /** Arrival time (file time), ms since the epoch. */
  receivedAt: number;
}

export interface WaitForMailOptions {
  /** Recipient address (case-insensitive). */
  to: string;
  /** Subject: a part of it, or a pattern. */
  subject?: string | RegExp;
  /** Only mails that arrived at or after this time (ms since the epoch), e.g. `Date.now()` before the action. */
  since?: number;
  /** @default 15000 */
  timeoutMs?: number;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set; run the tests through playwright.config.ts');
  return dir;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase())).filter(Boolean);
}

const cache = new Map<string, ReceivedMail>();

async function readMail(file: string): Promise<ReceivedMail> {
  const cached = cache.get(file);
  if (cached) return cached;
  const path = join(mailDir(), file);
  const parsed = await simpleParser(readFileSync(path));
  const text = parsed.text ?? (typeof parsed.html === 'string' ? parsed.html.replace(/<[^>]+>/g, ' ') : '');
  const mail: ReceivedMail = {
    parsed,
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text,
    file,
    receivedAt: statSync(path).mtimeMs,
  };
  cache.set(file, mail);
  return mail;
}

/** Every mail received so far, oldest first. */
export async function allMails(): Promise<ReceivedMail[]> {
  const files = readdirSync(mailDir())
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map(readMail));
}

function matches(mail: ReceivedMail, options: WaitForMailOptions): boolean {
  if (!mail.to.includes(options.to.toLowerCase())) return false;
  if (options.since !== undefined && mail.receivedAt < options.since) return false;
  if (options.subject === undefined) return true;
  return typeof options.subject === 'string' ? mail.subject.includes(options.subject) : options.subject.test(mail.subject);
}

/**
 * Waits until a mail to `to` (with a matching subject, arrived since `since`) is in the mailbox and returns the
 * newest such mail; fails after `timeoutMs` naming the mails that did arrive.
 */
export async function waitForMail(options: WaitForMailOptions): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const found = (await allMails()).filter((mail) => matches(mail, options));
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = (await allMails()).map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(`No mail to ${options.to}${options.subject ? ` about ${String(options.subject)}` : ''}; received: ${seen.join(' | ') || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Mails to `to` received so far (optionally since a time), oldest first. */
export async function mailsTo(to: string, since?: number): Promise<ReceivedMail[]> {
  return (await allMails()).filter((mail) => matches(mail, { to, since }));
}

/**
 * The first link in the mail's text (or HTML) whose address matches `pattern` (any http(s) link by default), e.g.
 * `linkFrom(mail, /#\/activation\?id=/)`. Throws when the mail has none.
 */
export function linkFrom(mail: ReceivedMail, pattern?: RegExp): string {
  const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
  const candidates = [...(mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []), ...[...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'))];
  const link = candidates.find((candidate) => (pattern ? pattern.test(candidate) : /^https?:\/\//.test(candidate)));
  if (!link) throw new Error(`No link${pattern ? ` matching ${String(pattern)}` : ''} in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
