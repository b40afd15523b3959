/**
 * The fund's side of the inbox, for operators and tests:
 *
 *   npm run fund -- message --to <e-mail> --from PENSION_FUND|SEVERANCE_FUND|PENSION_SERVICE|OMBUDSMAN \
 *     --subject "…" --body "…" [--attach FILE]… [--board] [--database PATH | DATABASE_URL]
 *
 * With `--board` the message goes to the person's supervisory-board inbox (board documents, invitations; decision
 * 0026) instead of the member inbox; refused (exit code 2) for a person without a current supervisory-board seat.
 *
 * Posts a received, unread message to the member with the e-mail address, with the files as attachments (tiff, pdf or
 * jpg, checked by content), and sends the member an e-mail notice without content when they chose digital delivery
 * (through the portal's mail service: SMTP_URL, or .eml files in MAIL_OUTBOX_DIR). Prints the message id.
 * Exit codes: 0 posted, 1 failed, 2 bad arguments or unknown member.
 *
 *   npm run fund -- collect --date YYYY-MM-DD [--database PATH | DATABASE_URL]
 *
 *   npm run fund -- client create --name NAME --scopes "claims:read claims:write …" | client list | client revoke --id ID
 *   npm run fund -- key rotate
 *   npm run fund -- webhook add --url URL --events "claim.* message.*" | webhook list | webhook disable --id ID
 *   npm run fund -- staff create --email E --name N --role CLERK|SUPERVISOR|AUDITOR|ADMIN | staff list | staff disable --email E
 *   npm run fund -- staff reset --email E
 *
 * Machine clients of the fund's API (decision 0050): `client create` prints one JSON line `{"clientId", "clientSecret"}`
 * (the secret is shown this once; only its SHA-256 is stored), `client list` one JSON line per client (never a
 * secret), `client revoke` revokes a client so that its tokens are refused at once. `key rotate` lets a new key sign
 * the access tokens; the previous one stays published until its last token expired.
 *
 * Webhooks of the fund's event feed (decision 0053): `webhook add` registers an endpoint for the event types given
 * (exact types, `area.*` or `*`; https only when NODE_ENV=production) and prints one JSON line `{"id", "secret"}` with
 * the Standard Webhooks signing secret (`whsec_…`, shown this once); `webhook list` prints one JSON line per endpoint
 * (never a secret); `webhook disable` stops deliveries to an endpoint.
 *
 * Staff of the workbench (decision 0054): `staff create` prints one JSON line `{"email", "initialPassword", "totpUri"}`
 * (shown this once; the first sign-in forces a new password; the URI goes into an authenticator app); `staff list` one
 * JSON line per account (never a secret); `staff disable` ends the person's sessions at once; `staff reset` gives an
 * account a new initial password and TOTP secret, printed as `staff create` prints them (decision 0072).
 *
 * Runs a SEPA collection date for the own-contribution mandates (decision 0016; server/modules/own-contributions/
 * collection.ts): pre-notifies the debits due within the pre-notification period (SEPA_PRE_NOTIFICATION_DAYS, 14 days)
 * by an inbox message, records the debits due up to the date as collected when their notice is at least the period
 * old, lapses mandates without a collection for 36 months. Prints the counts, then one line per debit postponed
 * because its notice is younger (decision 0044). Exit codes as above.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { MESSAGE_COUNTERPARTS, type MessageCounterpart } from '@contract/messages';
import { isMainModule } from '../../db/cli-util';
import { openDatabase } from '../../db/client';
import { configuredClock, loadConfig } from '../config';
import { createAppDeps, type AppDeps } from '../app-deps';
import { publicOriginFor } from '../platform/request-context';
import { runCollection } from '../modules/own-contributions/collection';
import { isIsoDate } from '@contract/dates';
import { createLogger } from '../log';
import { createFundAccessStore } from '../fund/access/fund-access.store';
import { createFundTokens, FundClientError } from '../fund/access/fund-tokens';
import { parseEventPatterns } from '../fund/events/event-types';
import { webhookUrlRefusal } from '../fund/webhooks/webhook-url';
import { createWebhooksStore } from '../fund/webhooks/webhooks.store';
import { createStaffService, StaffCommandError } from '../fund/staff/staff.service';
import { createStaffStore } from '../fund/staff/staff.store';
import { isoInstant } from '../platform/shared/clock';
import { createFundMessagesService } from '../fund/messages/fund-messages.service';

/** What `postFundMessage` posts. `attachments`: file name and bytes. */
export interface FundMessage {
  to: string;
  from: MessageCounterpart;
  subject: string;
  body: string;
  attachments: { fileName: string; bytes: Buffer }[];
  /** Into the supervisory-board inbox instead of the member inbox (`--board`). */
  board?: boolean;
}

/** A refusal of the command (exit code 2): `message` says why. */
export class FundCommandError extends Error {}

/**
 * Posts `message` from the fund into the inbox of the member with e-mail `to` and sends the notice (see the module
 * comment) through the fund's message service, the same function as the fund API's `postMessage` (decision 0055;
 * it writes the event `message.sent` with the actor `system`). Resolves to the message id and whether a notice went out.
 * @throws FundCommandError for an unknown member, an empty subject or body, a subject over 100 characters, an
 *   attachment that is not tiff, pdf or jpg by content (or over the upload size limit), and for `board` when the person
 *   holds no current board seat.
 */
export async function postFundMessage(deps: AppDeps, message: FundMessage): Promise<{ messageId: number; noticeSent: boolean }> {
  const posted = await createFundMessagesService(deps).post(
    { kind: 'system' },
    {
      to: { email: message.to },
      mailbox: message.board === true ? 'BOARD' : 'MEMBER',
      from: message.from,
      subject: message.subject,
      text: message.body,
      attachments: message.attachments.map((a) => ({ fileName: a.fileName, contentType: null, bytes: a.bytes })),
    },
    publicOriginFor(deps.config, {}),
  );
  if (!posted.ok) throw new FundCommandError(posted.code === 'NO_BOARD_SEAT' ? `${message.to} holds no current supervisory-board seat` : posted.message);
  return { messageId: posted.value.message.row.id, noticeSent: posted.value.noticeSent };
}

/**
 * Where a command reads its environment and writes its lines: the process's own for the command line, buffers for
 * tests that run a command in their process (no new process and no TypeScript compilation per call).
 */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_IO: CommandIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs one command of the module comment with the words after `npm run fund --` (`args`), reading the configuration
 * from `io.env`; resolves to the exit code (0 done, 2 bad arguments or refused, 1 failed). An unexpected error is
 * written to `io.err` as its message (never a stack) and gives 1.
 */
export async function runFundCommand(args: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function dispatch(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string', default: 'PENSION_FUND' },
      subject: { type: 'string' },
      body: { type: 'string' },
      attach: { type: 'string', multiple: true, default: [] },
      board: { type: 'boolean', default: false },
      database: { type: 'string' },
      date: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      id: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  });
  if (positionals[0] === 'collect') return collect(values.date, values.database, io);
  if (positionals[0] === 'client' || positionals[0] === 'key') return fundAccess(positionals.slice(0, 2).join(' '), values, io);
  if (positionals[0] === 'webhook') return webhookCommand(positionals[1] ?? '', values, io);
  if (positionals[0] === 'staff') return staffCommand(positionals[1] ?? '', values, io);
  if (positionals[0] !== 'message' || !values.to || !values.subject || !values.body || !(MESSAGE_COUNTERPARTS as readonly string[]).includes(values.from)) {
    io.err(
      'usage: npm run fund -- message --to EMAIL --from PENSION_FUND|SEVERANCE_FUND|PENSION_SERVICE|OMBUDSMAN --subject TEXT --body TEXT [--attach FILE]… [--board] [--database PATH]\n',
    );
    return 2;
  }
  const config = loadConfig({ ...io.env, ...(values.database ? { DATABASE_PATH: values.database } : {}) });
  const logger = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH);
  try {
    const deps = createAppDeps(db, config, configuredClock(config), logger);
    const attachments = values.attach.map((path) => ({ fileName: basename(path), bytes: readFileSync(path) }));
    const posted = await postFundMessage(deps, {
      to: values.to,
      from: values.from as MessageCounterpart,
      subject: values.subject,
      body: values.body,
      attachments,
      board: values.board,
    });
    io.out(`message ${posted.messageId} posted${posted.noticeSent ? ', e-mail notice sent' : ''}\n`);
    return 0;
  } catch (error) {
    if (error instanceof FundCommandError) {
      io.err(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

/** `collect --date YYYY-MM-DD`: one collection run (see the module comment). */
async function collect(date: string | undefined, database: string | undefined, io: CommandIo): Promise<number> {
  if (!date || !isIsoDate(date)) {
    io.err('usage: npm run fund -- collect --date YYYY-MM-DD [--database PATH]\n');
    return 2;
  }
  const config = loadConfig({ ...io.env, ...(database ? { DATABASE_PATH: database } : {}) });
  const db = await openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH);
  try {
    const outcome = await runCollection(createAppDeps(db, config, configuredClock(config), createLogger(config.LOG_LEVEL)), date);
    io.out(
      `collection ${date}: ${outcome.preNotified} pre-notified, ${outcome.collected} collected (${outcome.collectedCents} cents), ${outcome.ended} ended, ${outcome.lapsed} lapsed, ${outcome.postponed.length} postponed\n`,
    );
    for (const p of outcome.postponed) {
      io.out(`postponed ${p.mandateReference}: due ${p.dueDate}, pre-notified ${p.notifiedOn}, collected from ${p.collectFrom}\n`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

const ACCESS_USAGE = 'usage: npm run fund -- client create --name NAME --scopes "SCOPE …" | client list | client revoke --id ID | key rotate [--database PATH]\n';

/** `client create|list|revoke`, `key rotate`: the fund API's clients and signing keys (see the module comment). */
async function fundAccess(
  command: string,
  values: { name?: string | undefined; scopes?: string | undefined; id?: string | undefined; database?: string | undefined },
  io: CommandIo,
): Promise<number> {
  const known = ['client create', 'client list', 'client revoke', 'key rotate'];
  if (!known.includes(command) || (command === 'client create' && (!values.name || !values.scopes)) || (command === 'client revoke' && !values.id)) {
    io.err(ACCESS_USAGE);
    return 2;
  }
  const config = loadConfig({ ...io.env, ...(values.database ? { DATABASE_PATH: values.database } : {}) });
  const db = await openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH);
  try {
    // The origin only names tokens' issuer; these commands issue none.
    const tokens = createFundTokens({ store: createFundAccessStore(db), clock: configuredClock(config), origin: config.PUBLIC_ORIGIN ?? '' });
    if (command === 'client create') {
      io.out(`${JSON.stringify(await tokens.createClient(values.name!, values.scopes!))}\n`);
    } else if (command === 'client list') {
      for (const client of await tokens.listClients()) io.out(`${JSON.stringify(client)}\n`);
    } else if (command === 'client revoke') {
      if (!(await tokens.revokeClient(values.id!))) {
        io.err(`no client ${values.id!}\n`);
        return 2;
      }
      io.out(`client ${values.id!} revoked\n`);
    } else {
      io.out(`signing key ${await tokens.rotateKey()} signs from now on\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof FundClientError) {
      io.err(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

const WEBHOOK_USAGE = 'usage: npm run fund -- webhook add --url URL --events "claim.* message.*" | webhook list | webhook disable --id ID [--database PATH]\n';

/** `webhook add|list|disable`: the endpoints the fund's events are delivered to (see the module comment). */
async function webhookCommand(
  command: string,
  values: { url?: string | undefined; events?: string | undefined; id?: string | undefined; database?: string | undefined },
  io: CommandIo,
): Promise<number> {
  if (!['add', 'list', 'disable'].includes(command) || (command === 'add' && (!values.url || !values.events)) || (command === 'disable' && !values.id)) {
    io.err(WEBHOOK_USAGE);
    return 2;
  }
  const config = loadConfig({ ...io.env, ...(values.database ? { DATABASE_PATH: values.database } : {}) });
  const db = await openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH);
  try {
    const store = createWebhooksStore(db);
    const now = isoInstant(configuredClock(config).now());
    if (command === 'add') {
      const refusal = webhookUrlRefusal(values.url!, config.NODE_ENV === 'production');
      const patterns = parseEventPatterns(values.events!);
      if (refusal !== null || 'unknown' in patterns) {
        io.err(`${refusal ?? `unknown event type or pattern: ${'unknown' in patterns ? patterns.unknown || '(none)' : ''}`}\n`);
        return 2;
      }
      const endpoint = await store.addEndpoint(new URL(values.url!).href, patterns.patterns.join(' '), now);
      io.out(`${JSON.stringify({ id: endpoint.id, secret: endpoint.secret, url: endpoint.url, events: endpoint.eventTypes })}\n`);
    } else if (command === 'list') {
      for (const e of await store.endpoints()) {
        io.out(`${JSON.stringify({ id: e.id, url: e.url, events: e.eventTypes, createdAt: e.createdAt, disabledAt: e.disabledAt, disabledReason: e.disabledReason })}\n`);
      }
    } else if (!(await store.disable(values.id!, 'operator', now))) {
      io.err(`no active webhook ${values.id!}\n`);
      return 2;
    } else {
      io.out(`webhook ${values.id!} disabled\n`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

const STAFF_USAGE =
  'usage: npm run fund -- staff create --email E --name N --role CLERK|SUPERVISOR|AUDITOR|ADMIN | staff list | staff disable --email E | staff reset --email E [--database PATH]\n';

/** `staff create|list|disable|reset`: the workbench's staff accounts (see the module comment). */
async function staffCommand(
  command: string,
  values: { email?: string | undefined; name?: string | undefined; role?: string | undefined; database?: string | undefined },
  io: CommandIo,
): Promise<number> {
  if (
    !['create', 'list', 'disable', 'reset'].includes(command) ||
    (command === 'create' && (!values.email || !values.name || !values.role)) ||
    ((command === 'disable' || command === 'reset') && !values.email)
  ) {
    io.err(STAFF_USAGE);
    return 2;
  }
  const config = loadConfig({ ...io.env, ...(values.database ? { DATABASE_PATH: values.database } : {}) });
  const db = await openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH);
  try {
    const staff = createStaffService({
      store: createStaffStore(db),
      clock: configuredClock(config),
      lockout: { threshold: config.LOCKOUT_THRESHOLD, ms: config.LOCKOUT_MINUTES * 60_000 },
    });
    if (command === 'create') {
      io.out(`${JSON.stringify(await staff.create({ email: values.email!, name: values.name!, role: values.role! }))}\n`);
    } else if (command === 'list') {
      for (const account of await staff.list()) io.out(`${JSON.stringify(account)}\n`);
    } else if (command === 'reset') {
      const reset = await staff.resetSignIn(values.email!);
      if (!reset) {
        io.err(`no active staff account ${values.email!}\n`);
        return 2;
      }
      io.out(`${JSON.stringify(reset)}\n`);
    } else if (!(await staff.disable(values.email!))) {
      io.err(`no active staff account ${values.email!}\n`);
      return 2;
    } else {
      io.out(`staff account ${values.email!} disabled, its sessions ended\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof StaffCommandError) {
      io.err(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (isMainModule(import.meta.url)) {
  void runFundCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
