/**
 * Writer process of the durability tests (tests/durability/crash.test.ts). Opens the database through db/client.ts
 * and commits real portal transactions in a loop, one per sequence number, each in `writeTransaction`
 * (BEGIN IMMEDIATE):
 *
 * - `seq % 3 === 0` login: one login_attempts row, e-mail `durability.<writer>.<seq>@example.test`;
 * - `seq % 3 === 1` preferences: the newsletter and benefit-statement flags of one person plus updated_at, all
 *   derived from the sequence number (`preferenceOf`);
 * - `seq % 3 === 2` message: one OUTBOUND message with subject `durability <writer>#<seq>` and its two attachments
 *   (`attachmentsOf`), in the same transaction.
 *
 * The person of sequence number `seq` is `persons[seq % persons.length]`. After every COMMIT the process writes
 * `ACK <seq> <kind> <id>` to stdout (id: login attempt, person or message id); stdout is a pipe, which Node writes
 * synchronously on Linux, so an acknowledged commit has returned before its line leaves the process. A failed
 * transaction prints `ERROR <seq> <code> <message>` and ends the process with exit code 1. At the end (after
 * `--count` transactions or `--duration-ms`) it prints `DONE <committed> <maxWaitMs>` and exits 0.
 *
 *   node --import tsx tests/durability/writer.ts --database PATH --writer ID --persons 1,2,3
 *        [--start SEQ | --start-from-stdin] [--count N] [--duration-ms MS] [--pause-ms MS] [--busy-timeout-ms MS]
 *
 * `--start-from-stdin` waits for a line `START <seq>` on stdin before it opens the database, so that a process can be
 * started (and load its modules) ahead of time while the sequence number is not known yet.
 * `--pause-ms` sleeps a random 0..MS milliseconds between transactions (0: a tight loop without yielding).
 * `maxWaitMs` is the longest time one transaction took from BEGIN to COMMIT, waiting for the write lock included.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';

import { openDatabase, writeTransaction } from '../../db/client';
import { loginAttempts, messageAttachments, messages, persons } from '../../db/schema';
import { attachmentsOf, kindOf, loginEmailOf, messageSubjectOf, preferenceOf } from './workload';

function parseInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be an integer ≥ 0, got ${value}`);
  return n;
}

/** The sequence number of the first line `START <seq>` on stdin. */
function readStartLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: process.stdin });
    lines.once('line', (line) => {
      const m = /^START (\d+)$/.exec(line.trim());
      if (m) resolve(m[1]!);
      else reject(new Error(`expected "START <seq>" on stdin, got "${line}"`));
      lines.close();
    });
    lines.once('close', () => reject(new Error('stdin ended before START')));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      writer: { type: 'string' },
      persons: { type: 'string' },
      start: { type: 'string' },
      'start-from-stdin': { type: 'boolean', default: false },
      count: { type: 'string' },
      'duration-ms': { type: 'string' },
      'pause-ms': { type: 'string' },
      'busy-timeout-ms': { type: 'string' },
    },
    strict: true,
  });
  if (!values.database || !values.writer || !values.persons) throw new Error('--database, --writer and --persons are required');
  if (!/^[a-z0-9]+$/.test(values.writer)) throw new Error('--writer must be lower-case letters and digits');
  const writer = values.writer;
  const personIds = values.persons.split(',').map((id) => parseInteger('persons', id, 0));
  let seq = parseInteger('start', values['start-from-stdin'] ? await readStartLine() : values.start, 0);
  const count = parseInteger('count', values.count, Number.MAX_SAFE_INTEGER);
  const durationMs = parseInteger('duration-ms', values['duration-ms'], Number.MAX_SAFE_INTEGER);
  const pauseMs = parseInteger('pause-ms', values['pause-ms'], 0);
  const busyTimeoutMs = values['busy-timeout-ms'] === undefined ? undefined : parseInteger('busy-timeout-ms', values['busy-timeout-ms'], 0);

  // The parent seeded and migrated the file; the writer only opens it with the portal's settings.
  const db = await openDatabase(values.database, { migrate: false, ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) });
  const write = (line: string) => process.stdout.write(`${line}\n`);
  write('READY');

  const started = Date.now();
  let committed = 0;
  let maxWaitMs = 0;
  while (committed < count && Date.now() - started < durationMs) {
    const personId = personIds[seq % personIds.length]!;
    const kind = kindOf(seq);
    const begin = performance.now();
    let id: number;
    try {
      id = await writeTransaction(db, async () => {
        if (kind === 'login') {
          const [row] = await db
            .insert(loginAttempts)
            .values({
              personId,
              email: loginEmailOf(writer, seq),
              status: 'ERROR_PWD_INVALID',
              succeeded: false,
              ipAddress: '127.0.0.1',
              userAgent: `durability-writer ${writer}`,
              attemptedAt: new Date().toISOString(),
            })
            .returning({ id: loginAttempts.id });
          return row!.id;
        }
        if (kind === 'preferences') {
          const changed = await db.update(persons).set(preferenceOf(seq)).where(eq(persons.id, personId)).returning({ id: persons.id });
          if (changed.length !== 1) throw new Error(`person ${personId} not found`);
          return personId;
        }
        const [message] = await db
          .insert(messages)
          .values({
            personId,
            direction: 'OUTBOUND',
            counterpart: 'PENSION_FUND',
            subject: messageSubjectOf(writer, seq),
            body: `Nachricht ${seq} des Schreibprozesses ${writer}.`,
            origin: 'PORTAL',
            sentAt: new Date().toISOString(),
          })
          .returning({ id: messages.id });
        const messageId = message!.id;
        for (const a of attachmentsOf(writer, seq)) {
          await db.insert(messageAttachments).values({ messageId, fileName: a.fileName, contentType: a.contentType, sizeBytes: a.content.length, content: a.content });
        }
        return messageId;
      });
    } catch (error) {
      const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code ?? 'UNKNOWN';
      write(`ERROR ${seq} ${String(code)} ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}`);
      await db.close();
      process.exit(1);
    }
    maxWaitMs = Math.max(maxWaitMs, performance.now() - begin);
    write(`ACK ${seq} ${kind} ${id}`);
    committed++;
    seq++;
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * (pauseMs + 1))));
  }
  write(`DONE ${committed} ${Math.round(maxWaitMs)}`);
  await db.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`writer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
