import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { DEMO_PASSWORD, loginStatusOf, PortalClient, type LoginAnswer } from '../helpers/client';
import { generatedMemberEmail, sqlAll, sqlGet, sqlOne, sqlValue } from '../helpers/raw-sql';
import { rawPost } from '../helpers/raw-post';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Login abuse (docs/security.md; spec 000 sections 8 and 9; OWASP ASVS 5.0 V6.3):
 * - concurrent wrong passwords over REST, GraphQL and one request of aliased login mutations lock the access at
 *   exactly the configured count (the guess is reserved atomically before the hash check);
 * - locked, unknown, wrong-password and over-long-password logins take the same time (median of 50 each within 10 ms,
 *   or a fifth of the fastest median when the machine is loaded);
 * - a per-IP throttle stops credential stuffing across many accounts without checking passwords or locking accounts.
 */

const LOGIN = graphql(`
  mutation LoginAbuseLogin($email: String!, $password: String!) {
    login(input: { email: $email, password: $password }) {
      ...LoginStatusFields
    }
  }
`);

const restLogin = (server: TestServer, user: string, password: string) => new PortalClient(server.url).rest('login', { user, password });
const graphqlLogin = async (server: TestServer, email: string, password: string) => {
  const answer = await new PortalClient(server.url).operation(LOGIN, { email, password });
  const login = answer.body.data!.login;
  return { status: login.ok?.status ?? login.error?.code, loggedIn: login.ok?.loggedIn ?? false };
};

/** POST /rest/login over a socket bound to `localAddress` (any 127.x.y.z is loopback on Linux): a second client IP. */
async function restLoginFrom(server: TestServer, localAddress: string, user: string, password: string): Promise<{ status: number; json: { status?: string } }> {
  const body = new URLSearchParams({ user, password }).toString();
  const answer = await rawPost(server.url, '/rest/login', body, { 'content-type': 'application/x-www-form-urlencoded', 'x-application-version': 'Portal' }, localAddress);
  return { status: answer.status, json: JSON.parse(answer.body) as { status?: string } };
}

const maxId = async (server: TestServer, table: string) => (await sqlValue<number>(server.db, `SELECT coalesce(max(id), 0) AS id FROM ${table}`))!;
const credentialsOf = (server: TestServer, email: string) =>
  sqlOne<{ failed: number; lockedUntil: string | null; lastLoginAt: string | null }>(
    server.db,
    `SELECT c.failed_attempts AS failed, c.locked_until AS "lockedUntil", c.last_login_at AS "lastLoginAt" FROM credentials c JOIN persons p ON p.id = c.person_id WHERE p.email = ?`,
    email,
  );
/** E-mails of generated members (not the personas) with a password. */
const generatedMembers = async (server: TestServer, n: number) =>
  (
    await sqlAll<{ email: string }>(
      server.db,
      `SELECT p.email FROM persons p JOIN credentials c ON c.person_id = p.id
        WHERE c.password_hash IS NOT NULL AND ${generatedMemberEmail(server.db, 'p.email')} ORDER BY p.id LIMIT ?`,
      n,
    )
  ).map((r) => r.email);
/** A JSON column's value as an object (SQLite gives the text, PostgreSQL's jsonb the parsed value). */
const parsed = (value: unknown): Record<string, unknown> => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('lockout under 50 concurrent wrong passwords (REST, GraphQL and aliased mutations in one request)', () => {
  const THRESHOLD = 7;
  const EMAIL = emailOf('anna');
  let server: TestServer;
  beforeAll(async () => {
    // A threshold other than the default 5, to show the lock follows the configuration.
    server = await startTestServer({ members: 2, env: { LOCKOUT_THRESHOLD: String(THRESHOLD) } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('locks at exactly the configured count, refuses the right password for 60 minutes and accepts it after', async () => {
    const fromAttempt = await maxId(server, 'login_attempts');
    const fromEvent = await maxId(server, 'security_events');
    const aliased = `mutation { ${Array.from({ length: 5 }, (_, i) => `a${i}: login(input: { email: "${EMAIL}", password: "aliased-wrong-${i}" }) { ok { status loggedIn } error { code } }`).join(' ')} }`;
    const [rest, graphql, aliasAnswer] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, (_, i) => restLogin(server, EMAIL, `rest-wrong-${i}`))),
      Promise.all(Array.from({ length: 20 }, (_, i) => graphqlLogin(server, EMAIL, `graphql-wrong-${i}`))),
      // Many aliased logins in one document, built per run: the abuse under test, sent as text.
      new PortalClient(server.url).graphql<Record<string, LoginAnswer>>(aliased),
    ]);
    expect(aliasAnswer.body.errors).toBeUndefined();
    const statuses = [...rest.map((r) => r.json!.status as string), ...graphql.map((g) => g.status), ...Object.values(aliasAnswer.body.data!).map((a) => loginStatusOf(a))];
    expect(statuses).toHaveLength(50);
    // THRESHOLD - 1 guesses refused as wrong, the THRESHOLD-th locks; the other 43 reach a locked access.
    expect(statuses.filter((s) => s === 'ERROR_PWD_INVALID')).toHaveLength(THRESHOLD - 1);
    expect(statuses.filter((s) => s === 'LOCKED_TEMPORARY')).toHaveLength(50 - (THRESHOLD - 1));
    expect((await credentialsOf(server, EMAIL)).failed).toBe(THRESHOLD);
    expect((await credentialsOf(server, EMAIL)).lockedUntil).toBe(new Date(server.clock.now() + 60 * 60_000).toISOString());
    // Exactly one attempt row per guess (no lost or doubled row) and exactly one lockout event.
    const rows = (await sqlAll(server.db, `SELECT status, count(*) AS n FROM login_attempts WHERE id > ? GROUP BY status ORDER BY status`, fromAttempt)) as {
      status: string;
      n: number;
    }[];
    expect(rows).toEqual([
      { status: 'ERROR_PWD_INVALID', n: THRESHOLD - 1 },
      { status: 'LOCKED_TEMPORARY', n: 50 - (THRESHOLD - 1) },
    ]);
    const lockouts = (await sqlAll(server.db, `SELECT detail FROM security_events WHERE id > ? AND type = 'LOCKOUT'`, fromEvent)) as { detail: string }[];
    expect(lockouts.map((e) => parsed(e.detail))).toEqual([{ minutes: 60, failedAttempts: THRESHOLD }]);

    // The right password is refused on both doors during the 60 minutes, and accepted after.
    expect((await restLogin(server, EMAIL, DEMO_PASSWORD)).json).toEqual({ status: 'LOCKED_TEMPORARY' });
    expect(await graphqlLogin(server, EMAIL, DEMO_PASSWORD)).toEqual({ status: 'LOCKED_TEMPORARY', loggedIn: false });
    server.clock.advance(60 * 60_000 - 1);
    expect((await restLogin(server, EMAIL, DEMO_PASSWORD)).json).toEqual({ status: 'LOCKED_TEMPORARY' });
    expect(await graphqlLogin(server, EMAIL, DEMO_PASSWORD)).toEqual({ status: 'LOCKED_TEMPORARY', loggedIn: false });
    server.clock.advance(1);
    const after = await restLogin(server, EMAIL, DEMO_PASSWORD);
    expect(after.json).toEqual({ status: 'SUCCESSFUL' });
    expect(after.headers.getSetCookie().join()).toMatch(/mvbv_session=/);
    expect(await credentialsOf(server, EMAIL)).toMatchObject({ failed: 0, lockedUntil: null });
    expect(await graphqlLogin(server, EMAIL, DEMO_PASSWORD)).toEqual({ status: 'SUCCESSFUL', loggedIn: true });
  });
});

describe('equal response time for locked, unknown, wrong-password and over-long-password logins', () => {
  const ROUNDS = 50;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ members: 2 * ROUNDS + 10 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the four within 10 ms of each other, or half the fastest median on a loaded machine (median of 50 each, over HTTP; a 153-character password included)', async () => {
    const LOCKED = emailOf('bernd');
    for (let i = 0; i < 5; i++) await restLogin(server, LOCKED, `lock-${i}`);
    expect((await credentialsOf(server, LOCKED)).lockedUntil).not.toBeNull();
    // One wrong guess per member, so none of them locks and every guess is a real hash check.
    const members = await generatedMembers(server, 2 * (ROUNDS + 3));
    expect(members).toHaveLength(2 * (ROUNDS + 3));
    // Over the 100-character limit no password can be right; it used to skip the hash (3 ms against 16).
    const overLong = `Falsch#Passwort-${'x'.repeat(137)}`;
    expect(overLong).toHaveLength(153);
    const kinds = {
      unknown: { status: 'NOT_VALID', email: (i: number) => `niemand.${i}@example.at`, password: (i: number) => `Falsch#Passwort-${i}` },
      wrongPassword: { status: 'ERROR_PWD_INVALID', email: (i: number) => members[i]!, password: (i: number) => `Falsch#Passwort-${i}` },
      overLongPassword: { status: 'ERROR_PWD_INVALID', email: (i: number) => members[ROUNDS + 3 + i]!, password: () => overLong },
      locked: { status: 'LOCKED_TEMPORARY', email: () => LOCKED, password: (i: number) => `Falsch#Passwort-${i}` },
    } as const;
    const names = Object.keys(kinds) as (keyof typeof kinds)[];
    const times: Record<keyof typeof kinds, number[]> = { unknown: [], wrongPassword: [], overLongPassword: [], locked: [] };
    // Warm-up (the dummy hash is made on first use, JIT), then interleaved rounds in a rotating order so drift in the
    // machine's load falls on all three alike.
    for (let i = 0; i < 3; i++) for (const k of names) await restLogin(server, kinds[k].email(ROUNDS + i), kinds[k].password(ROUNDS + i));
    for (let i = 0; i < ROUNDS; i++) {
      for (let j = 0; j < names.length; j++) {
        const k = names[(i + j) % names.length]!;
        const start = performance.now();
        const answer = await restLogin(server, kinds[k].email(i), kinds[k].password(i));
        times[k].push(performance.now() - start);
        expect(answer.json).toEqual({ status: kinds[k].status });
      }
    }
    const medians = Object.fromEntries(names.map((k) => [k, Math.round(median(times[k]) * 10) / 10])) as Record<keyof typeof kinds, number>;
    console.info(`login timing medians over ${ROUNDS} rounds (ms): ${JSON.stringify(medians)}`);
    const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
    // 10 ms on a quiet machine (about 16 ms per login there). When the run shares the cores with other test files,
    // every login slows down and the spread grows with it: the allowance is then half the fastest median. On a busy
    // PostgreSQL the known addresses' extra write (the guess counter) alone reached 12 ms against medians of 32 to 44 ms.
    // A kind that skipped the hash would still stand out: it makes the fastest median a fraction of the others (3 ms
    // against 16 before the over-long fix), and each median must show a full hash below.
    expect(spread).toBeLessThanOrEqual(Math.max(10, Math.min(...Object.values(medians)) / 2));
    // Every one of them did a full argon2 check (m = 19 MiB, t = 2): not a fast refusal.
    for (const k of names) expect(medians[k]).toBeGreaterThan(5);
  });
});

describe('per-IP throttle against credential stuffing (LOGIN_IP_MAX_FAILURES, LOGIN_IP_WINDOW_MINUTES)', () => {
  const MAX = 30;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ members: 45, env: { LOGIN_IP_MAX_FAILURES: String(MAX), LOGIN_IP_WINDOW_MINUTES: '10' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stops logins from one IP after 30 failures over many accounts, without password checks or account locks; other IPs log in; the window passes', async () => {
    const ANNA = emailOf('anna');
    const fromAttempt = await maxId(server, 'login_attempts');
    const fromEvent = await maxId(server, 'security_events');
    const members = await generatedMembers(server, 40);
    // 40 stuffing guesses at once over 40 accounts (30 known e-mails, 10 unknown): exactly 30 are checked.
    const targets = [...members.slice(0, 30), ...Array.from({ length: 10 }, (_, i) => `gibtsnicht.${i}@example.at`)];
    const answers = await Promise.all(
      targets.map((email, i) =>
        i % 2 ? restLogin(server, email, 'Sommer2026!').then((a) => a.json!.status as string) : graphqlLogin(server, email, 'Sommer2026!').then((g) => g.status),
      ),
    );
    const checked = answers.filter((s) => s === 'ERROR_PWD_INVALID' || s === 'NOT_VALID');
    expect(checked).toHaveLength(MAX);
    expect(answers.filter((s) => s === 'ERROR')).toHaveLength(targets.length - MAX);

    // The right password is refused from this IP too, on both doors, and nothing about the account is touched.
    const annaBefore = await credentialsOf(server, ANNA);
    expect((await restLogin(server, ANNA, DEMO_PASSWORD)).json).toEqual({ status: 'ERROR' });
    expect(await graphqlLogin(server, ANNA, DEMO_PASSWORD)).toEqual({ status: 'ERROR', loggedIn: false });
    expect(await graphqlLogin(server, ANNA, 'auch-falsch-123')).toEqual({ status: 'ERROR', loggedIn: false });
    expect(await credentialsOf(server, ANNA)).toEqual(annaBefore);

    // No account is locked by the throttle: each attacked member has one counted guess and no lock.
    const attacked = (await sqlAll(
      server.db,
      `SELECT c.failed_attempts AS failed, c.locked_until AS "lockedUntil" FROM credentials c JOIN persons p ON p.id = c.person_id WHERE p.email IN (${members.map(() => '?').join(',')})`,
      ...members,
    )) as { failed: number; lockedUntil: string | null }[];
    expect(attacked.every((c) => c.lockedUntil === null && c.failed <= 1)).toBe(true);

    // Recorded in the database: attempts (no reserved row left over) and a security event per refused attempt.
    const rows = (await sqlAll(
      server.db,
      `SELECT status, ip_address AS ip, count(*) AS n FROM login_attempts WHERE id > ? GROUP BY status, ip_address ORDER BY status`,
      fromAttempt,
    )) as { status: string; ip: string; n: number }[];
    expect(rows.find((r) => r.status === 'IN_PROGRESS')).toBeUndefined();
    expect(rows.find((r) => r.status === 'ERROR')).toEqual({ status: 'ERROR', ip: '127.0.0.1', n: targets.length - MAX + 3 });
    const throttled = (
      (await sqlAll(server.db, `SELECT detail, ip_address AS ip, person_id AS "personId" FROM security_events WHERE id > ? AND type = 'LOGIN_FAILURE'`, fromEvent)) as {
        detail: string;
        ip: string;
        personId: number | null;
      }[]
    ).filter((e) => parsed(e.detail).reason === 'IP_THROTTLED');
    expect(throttled).toHaveLength(targets.length - MAX + 3);
    expect(throttled[0]).toMatchObject({ ip: '127.0.0.1', personId: null });
    expect(parsed(throttled[0]!.detail)).toMatchObject({ status: 'ERROR', method: 'PASSWORD', reason: 'IP_THROTTLED', retryAfterSeconds: 600 });
    expect(await sqlGet(server.db, `SELECT count(*) AS n FROM security_events WHERE id > ? AND type = 'LOCKOUT'`, fromEvent)).toEqual({ n: 0 });

    // Another IP is unaffected: the member logs in from 127.0.0.2 at once.
    expect(await restLoginFrom(server, '127.0.0.2', ANNA, DEMO_PASSWORD)).toEqual({ status: 200, json: { status: 'SUCCESSFUL' } });
    expect(await restLoginFrom(server, '127.0.0.2', members[35]!, 'Sommer2026!')).toEqual({ status: 200, json: { status: 'ERROR_PWD_INVALID' } });

    // Still refused just before the window ends; after it, 127.0.0.1 logs in again.
    server.clock.advance(10 * 60_000 - 1_000);
    expect((await restLogin(server, ANNA, DEMO_PASSWORD)).json).toEqual({ status: 'ERROR' });
    server.clock.advance(1_000);
    expect((await restLogin(server, ANNA, DEMO_PASSWORD)).json).toEqual({ status: 'SUCCESSFUL' });
    expect(await graphqlLogin(server, ANNA, DEMO_PASSWORD)).toEqual({ status: 'SUCCESSFUL', loggedIn: true });
  });

  it('does not count input errors or successful logins', async () => {
    server.clock.advance(11 * 60_000);
    for (let i = 0; i < MAX + 5; i++) {
      expect((await restLogin(server, '', 'x')).json).toEqual({ status: 'ERROR_MAIL_NOT_GIVEN' });
      expect((await restLogin(server, 'kein-mail', 'x')).json).toEqual({ status: 'ERROR_MAIL_NOT_VALID' });
    }
    for (let i = 0; i < 5; i++) expect((await restLogin(server, emailOf('clara'), DEMO_PASSWORD)).json).toEqual({ status: 'SUCCESSFUL_PK' });
    for (let i = 0; i < MAX; i++) expect((await restLogin(server, `nix.${i}@example.at`, 'Sommer2026!')).json).toEqual({ status: 'NOT_VALID' });
    expect((await restLogin(server, 'nix.x@example.at', 'Sommer2026!')).json).toEqual({ status: 'ERROR' });
  });
});
