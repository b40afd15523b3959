import { beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '../../db/client';
import { sqlAll, sqlGet } from '../helpers/raw-sql';
import { useServerWithSmtp, type ServerWithSmtp } from '../helpers/server-with-smtp';

/**
 * The rows of the tables the registration flows write, for "nothing changed" comparisons (each table's rows as
 * JSON, sorted, so the order the engine returns them in does not matter).
 */
export async function snapshot(db: Db): Promise<string> {
  const tables = ['persons', 'credentials', 'registration_codes', 'person_tokens', 'password_history', 'sent_mails', 'sessions', 'profile_changes'];
  const out: Record<string, string[]> = {};
  for (const t of tables) out[t] = (await sqlAll(db, `SELECT * FROM ${t}`)).map((row) => JSON.stringify(row)).sort();
  return JSON.stringify(out);
}

/**
 * The server of the registration and password suites: five generated members, letters written, links built on the
 * server's own address (`PUBLIC_ORIGIN`), and no mail of an earlier test in the SMTP box. `byName` answers a seeded
 * person by last name (`personsByLastName`), read once the server is up, so call it inside a test;
 * `expectNothingChanged(fn)` runs `fn` and asserts it stored and mailed nothing.
 */
export function useRegistrationServer(): {
  suite: ServerWithSmtp;
  byName: (lastName: string) => { id: number; svnr: string; email: string | null };
  expectNothingChanged: (fn: () => Promise<void>) => Promise<void>;
} {
  const suite = useServerWithSmtp({ members: 5, letters: true, env: (url) => ({ PUBLIC_ORIGIN: url }) });
  let lookup: Awaited<ReturnType<typeof personsByLastName>> | undefined;
  beforeAll(async () => {
    lookup = await personsByLastName(suite.server.db);
  });
  beforeEach(() => suite.smtp.clear());
  const byName = (lastName: string) => {
    if (!lookup) throw new Error('byName is read once the server is up (inside a test)');
    return lookup(lastName);
  };
  /** Runs `fn` and asserts that no stored row changed (`snapshot`) and no mail reached the SMTP server. */
  const expectNothingChanged = async (fn: () => Promise<void>) => {
    await suite.server.deps.mailer.worker.drain();
    suite.smtp.clear();
    const before = await snapshot(suite.server.db);
    await fn();
    await suite.server.deps.mailer.worker.drain();
    expect(await snapshot(suite.server.db)).toBe(before);
    expect(suite.smtp.mails).toHaveLength(0);
  };
  return { suite, byName, expectNothingChanged };
}

/** SVNR and id of a seeded person by last name (registration personas have no e-mail). */
export async function personByLastName(db: Db, lastName: string): Promise<{ id: number; svnr: string; email: string | null }> {
  const row = await sqlGet<{ id: number; svnr: string; email: string | null }>(db, 'SELECT id, svnr, email FROM persons WHERE last_name = ?', lastName);
  if (!row) throw new Error(`no person ${lastName}`);
  return row;
}

/** A well-formed SVNR with a correct check digit that no seeded person has. */
export const UNKNOWN_SVNR = '1237010180';
/** The same number with a wrong check digit. */
export const BAD_CHECK_DIGIT_SVNR = '1238010180';

/** The answer of ACTIVATE (registration-operations.ts): the spec's activation status, from `ok.status` or `error.code` (decision 0012). */
export type ActivateAnswer = { activateAccount: { ok: { status: string } | null; error: { code: string; message: string } | null } };

/** The spec's activation status of an ACTIVATE answer. */
export const activationStatus = (data: ActivateAnswer | undefined) => data?.activateAccount.ok?.status ?? data?.activateAccount.error?.code;

/** A registration or password mutation's `{ ok, error }` (decision 0012), as the operations of registration-operations.ts select it. */
export interface MutationAnswer {
  ok: Record<string, unknown> | null;
  error: { code: string; message: string; fieldErrors: { field: string; code: string }[]; [extra: string]: unknown } | null;
}

/**
 * What the tests compare: `status` (the Ok's `status` where it has one, else SUCCESSFUL; or the error's code, the
 * spec's status name), `fieldErrors` (empty for an Ok), the other fields of the Ok or the error's extra fields
 * (`nextPossibleOn`); the error's German `message` only where a test asks for it (`messageOf`).
 */
export function statusOf(answer: MutationAnswer): { status: string; fieldErrors: { field: string; code: string }[]; [field: string]: unknown } {
  if (answer.ok && answer.error) throw new Error('both ok and error are set');
  if (answer.ok) {
    const { status, ...rest } = answer.ok;
    return { status: typeof status === 'string' ? status : 'SUCCESSFUL', fieldErrors: [], ...rest };
  }
  if (!answer.error) throw new Error('neither ok nor error is set');
  const { code, message, fieldErrors, ...extra } = answer.error;
  expect(message, `message of ${code}`).toMatch(/\S/);
  return { status: code, fieldErrors, ...extra };
}

/** A password that satisfies every rule. */
export const GOOD_PASSWORD = 'Sonnenblume#2027';

/**
 * Every person's id, SVNR and e-mail by last name, read once (the first by id where generated members share a name,
 * as `personByLastName` answers): for test tables that look persons up synchronously. Load it after the server started.
 */
async function personsByLastName(db: Db): Promise<(lastName: string) => { id: number; svnr: string; email: string | null }> {
  const rows = await sqlAll<{ id: number; svnr: string; email: string | null; last_name: string }>(db, 'SELECT id, svnr, email, last_name FROM persons ORDER BY id');
  const map = new Map<string, { id: number; svnr: string; email: string | null }>();
  for (const { last_name: lastName, ...row } of rows) if (!map.has(lastName)) map.set(lastName, row);
  return (lastName) => {
    const row = map.get(lastName);
    if (!row) throw new Error(`no person ${lastName}`);
    return row;
  };
}
