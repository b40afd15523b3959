/**
 * Test-side helpers of the durability suites: start the writer process (tests/durability/writer.ts) and check a
 * database file for the writer's transactions after a crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client';
import { sqlAll } from '../helpers/raw-sql';
import { attachmentsOf, kindOf, loginEmailOf, messageSubjectOf, preferenceOf, preferenceSeqOf } from './workload';

/** Root of the repository (the children run there so that `--import tsx` resolves). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const WRITER = resolve(REPO_ROOT, 'tests/durability/writer.ts');

/** One acknowledged commit: `ACK <seq> <kind> <id>`. */
export interface Ack {
  seq: number;
  kind: 'login' | 'preferences' | 'message';
  id: number;
}

/** A running writer process and what it has printed so far. */
export interface WriterProcess {
  child: ChildProcess;
  /** Sends `START <seq>` to a writer started with `--start-from-stdin`. */
  begin(seq: number): void;
  acks: Ack[];
  /** Every stdout line, ACKs included. */
  lines: string[];
  stderr: () => string;
  /** Resolves when the process has ended and its output is read completely. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when `predicate` holds for the output so far (checked on every new line); rejects if the process ends first. */
  waitFor(predicate: () => boolean, what: string): Promise<void>;
}

/**
 * Spawns `node --import tsx tests/durability/writer.ts` with `args` (see writer.ts for the options) and collects its
 * acknowledgements as they arrive.
 */
export function startWriter(args: string[]): WriterProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.on('error', () => {}); // a killed process closes its end; nothing more is sent then
  const acks: Ack[] = [];
  const lines: string[] = [];
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    const m = /^ACK (\d+) (login|preferences|message) (\d+)$/.exec(line);
    if (m) acks.push({ seq: Number(m[1]), kind: m[2] as Ack['kind'], id: Number(m[3]) });
    for (const check of [...waiters]) check();
  });
  let ended = false;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.once('close', (code, signal) => {
      ended = true;
      for (const check of [...waiters]) check();
      resolvePromise({ code, signal });
    }),
  );
  function waitFor(predicate: () => boolean, what: string): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        if (predicate()) {
          waiters.delete(check);
          resolvePromise();
        } else if (ended) {
          waiters.delete(check);
          reject(new Error(`writer ended before ${what}; stdout tail: ${lines.slice(-3).join(' | ')}; stderr: ${stderr}`));
        }
      };
      waiters.add(check);
      check();
    });
  }
  const begin = (seq: number) => {
    child.stdin!.end(`START ${seq}\n`);
  };
  return { child, begin, acks, lines, stderr: () => stderr, closed, waitFor };
}

/** What a writer's transactions are known to have committed, carried from one check to the next. */
export interface WriterLedger {
  writer: string;
  /** The persons the writer was started with, in the order passed to `--persons`. */
  persons: number[];
  /** Highest sequence number known to be committed (-1: none yet). */
  committedMax: number;
  /** Row id of every committed login and message transaction, by sequence number. */
  rowIds: Map<number, number>;
  /** Per person, the highest preference sequence number known to be committed. */
  preferenceSeq: Map<number, number>;
  /** Messages up to this id have had their attachment contents compared already. */
  contentCheckedUpTo: number;
}

/** An empty ledger for `writer` over `persons`. */
export function newLedger(writer: string, persons: number[]): WriterLedger {
  return { writer, persons, committedMax: -1, rowIds: new Map(), preferenceSeq: new Map(), contentCheckedUpTo: 0 };
}

/** Result of `checkWriter`: figures for the test's report. */
export interface WriterCheck {
  /** Acknowledged commits of this run that were found (all of them, or the check throws). */
  acknowledged: number;
  /** Commits known from earlier runs that were found again. */
  earlier: number;
  /** 1 when the process committed one transaction more than it acknowledged (killed between COMMIT and ACK), else 0. */
  unacknowledgedCommits: number;
}

/**
 * Checks the database for the transactions of one writer run that started at `start` and acknowledged `acks`, and
 * updates `ledger`. Throws an Error describing the first violation:
 * - an acknowledged or earlier known commit is missing, or its row id changed;
 * - a message has not exactly its two attachments with the expected content (a partial transaction);
 * - a person's preference row does not match the transaction its updated_at names;
 * - the present transactions are not exactly 0..N (a gap), or N exceeds the last acknowledgement by more than one.
 */
export async function checkWriter(db: Db, ledger: WriterLedger, start: number, acks: Ack[]): Promise<WriterCheck> {
  const { writer, persons } = ledger;
  const fail = (message: string): never => {
    throw new Error(`writer ${writer}: ${message}`);
  };
  acks.forEach((ack, i) => {
    if (ack.seq !== start + i || ack.kind !== kindOf(ack.seq)) fail(`acknowledgement ${i} is ${JSON.stringify(ack)}, expected sequence ${start + i}`);
  });
  const lastAck = acks.at(-1)?.seq ?? start - 1;
  const personOf = (seq: number) => persons[seq % persons.length]!;
  const present = new Map<number, number>();

  const emailPrefix = loginEmailOf(writer, 0).replace(/0@.*$/, '');
  const logins = await sqlAll<{ id: number; email: string; person_id: number | null }>(
    db,
    `SELECT id, email, person_id FROM login_attempts WHERE email LIKE ? || '%'`,
    emailPrefix,
  );
  for (const row of logins) {
    const seq = Number(row.email.slice(emailPrefix.length, row.email.indexOf('@')));
    if (loginEmailOf(writer, seq) !== row.email || kindOf(seq) !== 'login' || row.person_id !== personOf(seq)) fail(`unexpected login attempt ${JSON.stringify(row)}`);
    present.set(seq, row.id);
  }

  const subjectPrefix = messageSubjectOf(writer, 0).replace(/0$/, '');
  const messageRows = await sqlAll<{ id: number; subject: string; person_id: number; attachments: number }>(
    db,
    `SELECT m.id, m.subject, m.person_id, count(a.id) AS attachments
       FROM messages m LEFT JOIN message_attachments a ON a.message_id = m.id
      WHERE m.subject LIKE ? || '%' GROUP BY m.id`,
    subjectPrefix,
  );
  const attachmentRows = (messageId: number) =>
    sqlAll<{ file_name: string; content_type: string; size_bytes: number; content: Buffer }>(
      db,
      'SELECT file_name, content_type, size_bytes, content FROM message_attachments WHERE message_id = ? ORDER BY id',
      messageId,
    );
  let newestMessage = ledger.contentCheckedUpTo;
  for (const row of messageRows) {
    const seq = Number(row.subject.slice(subjectPrefix.length));
    if (messageSubjectOf(writer, seq) !== row.subject || kindOf(seq) !== 'message' || row.person_id !== personOf(seq)) fail(`unexpected message ${JSON.stringify(row)}`);
    if (row.attachments !== 2) fail(`message ${row.id} (sequence ${seq}) has ${row.attachments} attachments instead of 2: a partial transaction`);
    if (row.id > ledger.contentCheckedUpTo) {
      const expected = attachmentsOf(writer, seq);
      (await attachmentRows(row.id)).forEach((a, i) => {
        const e = expected[i]!;
        if (a.file_name !== e.fileName || a.content_type !== e.contentType || a.size_bytes !== e.content.length || !e.content.equals(a.content)) {
          fail(`attachment ${i} of message ${row.id} (sequence ${seq}) differs from what the transaction wrote`);
        }
      });
      newestMessage = Math.max(newestMessage, row.id);
    }
    present.set(seq, row.id);
  }

  const personRows = await sqlAll<{
    id: number;
    newsletter_pk: number | boolean | null;
    newsletter_vk: number | boolean | null;
    benefit_statement_digital: number | boolean | null;
    updated_at: string;
  }>(db, `SELECT id, newsletter_pk, newsletter_vk, benefit_statement_digital, updated_at FROM persons WHERE id IN (${persons.map(Number).join(',')})`);
  const preferenceNow = new Map<number, number>();
  for (const row of personRows) {
    const seq = preferenceSeqOf(row.updated_at);
    if (seq === null) continue; // never written by this writer
    const e = preferenceOf(seq);
    // SQLite answers 0/1, PostgreSQL true/false.
    const flags = [row.newsletter_pk, row.newsletter_vk, row.benefit_statement_digital].map((f) => (f === null ? null : Number(f)));
    if (kindOf(seq) !== 'preferences' || personOf(seq) !== row.id || flags.join() !== [e.newsletterPk, e.newsletterVk, e.benefitStatementDigital].map(Number).join()) {
      fail(`person ${row.id} holds flags ${flags.join()} with updated_at ${row.updated_at}, which no single transaction wrote`);
    }
    preferenceNow.set(row.id, seq);
  }

  // Every acknowledged commit, and every commit seen before, is present with the same row id.
  for (const ack of acks) {
    if (ack.kind === 'preferences') {
      if ((preferenceNow.get(ack.id) ?? -1) < ack.seq) fail(`acknowledged preference update ${ack.seq} of person ${ack.id} is missing`);
    } else if (present.get(ack.seq) !== ack.id) {
      fail(`acknowledged ${ack.kind} ${ack.seq} (id ${ack.id}) is missing; found id ${present.get(ack.seq)}`);
    }
  }
  for (const [seq, id] of ledger.rowIds) if (present.get(seq) !== id) fail(`commit ${seq} (id ${id}) seen earlier is missing now`);
  for (const [person, seq] of ledger.preferenceSeq) if ((preferenceNow.get(person) ?? -1) < seq) fail(`preference update ${seq} of person ${person} seen earlier is missing now`);

  // Transactions commit in sequence order: exactly 0..committedMax are present, at most one beyond the last ACK.
  const committedMax = Math.max(-1, ...present.keys(), ...preferenceNow.values());
  for (let seq = 0; seq <= committedMax; seq++) if (kindOf(seq) !== 'preferences' && !present.has(seq)) fail(`commit ${seq} is missing while ${committedMax} is present`);
  if (committedMax < lastAck || committedMax > lastAck + 1) fail(`commits up to ${committedMax} present, last acknowledged ${lastAck}`);

  const earlier = ledger.rowIds.size;
  for (const [seq, id] of present) ledger.rowIds.set(seq, id);
  for (const [person, seq] of preferenceNow) ledger.preferenceSeq.set(person, seq);
  ledger.committedMax = committedMax;
  ledger.contentCheckedUpTo = newestMessage;
  return { acknowledged: acks.length, earlier, unacknowledgedCommits: committedMax - lastAck };
}

/**
 * Structural checks of `db` after a crash (expected: `[{ integrity_check: 'ok' }]` and `[]`).
 * - SQLite: `PRAGMA integrity_check` and `PRAGMA foreign_key_check` rows.
 * - PostgreSQL: every B-tree index of the schema verified against its table with amcheck's `bt_index_check(index,
 *   true)` (a failure becomes a row naming the index and the error; none: `[{ integrity_check: 'ok' }]`), and per
 *   single-column foreign key the rows whose value has no parent (`{ table, constraint, rows }`). The server enforces
 *   foreign keys itself; the second check shows that no client crash got past it.
 */
export async function structuralChecks(db: Db): Promise<{ integrity: unknown[]; foreignKeys: unknown[] }> {
  if (db.dialect === 'sqlite') {
    return { integrity: db.$client.pragma('integrity_check') as unknown[], foreignKeys: db.$client.pragma('foreign_key_check') as unknown[] };
  }
  await sqlAll(db, 'CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = await sqlAll<{ name: string }>(
    db,
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE am.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`,
  );
  const integrity: unknown[] = [];
  for (const { name } of indexes) {
    try {
      await sqlAll(db, `SELECT bt_index_check('"${name}"'::regclass, true)`);
    } catch (error) {
      integrity.push({ index: name, error: (error as Error).message });
    }
  }
  if (indexes.length === 0) integrity.push({ error: 'no index found to check' });
  const keys = await sqlAll<{ constraint: string; child: string; column: string; parent: string; parentColumn: string }>(
    db,
    `SELECT con.conname AS "constraint", ch.relname AS child, ca.attname AS "column", pa.relname AS parent, pca.attname AS "parentColumn"
       FROM pg_constraint con
       JOIN pg_class ch ON ch.oid = con.conrelid JOIN pg_class pa ON pa.oid = con.confrelid
       JOIN pg_attribute ca ON ca.attrelid = con.conrelid AND ca.attnum = con.conkey[1]
       JOIN pg_attribute pca ON pca.attrelid = con.confrelid AND pca.attnum = con.confkey[1]
      WHERE con.contype = 'f' AND cardinality(con.conkey) = 1 AND ch.relnamespace = current_schema()::regnamespace`,
  );
  const foreignKeys: unknown[] = [];
  for (const k of keys) {
    const rows = await sqlAll<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM "${k.child}" c WHERE c."${k.column}" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${k.parent}" p WHERE p."${k.parentColumn}" = c."${k.column}")`,
    );
    if (rows[0]!.n > 0) foreignKeys.push({ table: k.child, constraint: k.constraint, rows: rows[0]!.n });
  }
  return { integrity: integrity.length ? integrity : [{ integrity_check: 'ok' }], foreignKeys };
}
