/**
 * The many-members set-ups of `npm run bench` (bench/run.ts): `--member-sessions` (default 200) distinct seeded
 * members, each logged in once with a session of their own, and the load rotating over them request by request
 * (request n sends member n modulo 200), so that no answer is one member's asked again and again by every connection.
 * Variants: the web app's dashboard operation (`DashboardPage_Query`, persisted document by hash) and REST
 * `getPersonalData`; every sampled answer is compared with that member's own reference answer. The raw baseline answers
 * the first member's dashboard bytes.
 *
 * One group per engine and speed set-up: as shipped, and with a device turned off through the portal's environment
 * (RESPONSE_CACHE_MAX_ENTRIES=0), so that what each device gains with many members is measured, not
 * assumed (docs/decisions/0062-speed-devices-measured-with-200-members.md).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { canonicalJson } from './load';
import { dashboardDocument, fetchText, startHelper } from './portal';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Child } from './processes';
import type { Engine, GroupInfo, RequestShape, Variant } from './types';

const DEMO_PASSWORD = 'Pensionskasse#2026';
const LOGIN = 'mutation Login($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { ok { status loggedIn } error { code } } }';

/** A speed set-up of the many-members groups: its id suffix, its label and the environment that turns a device off. */
export interface SpeedSetup {
  id: string;
  label: string;
  env: Record<string, string>;
}

/** As shipped, and with the response cache off (graphql-jit, measured the same way, is gone: decision 0062). */
export const SPEED_SETUPS: readonly SpeedSetup[] = [
  { id: 'shipped', label: 'as shipped', env: {} },
  { id: 'no-cache', label: 'response cache off', env: { RESPONSE_CACHE_MAX_ENTRIES: '0' } },
];

/** The group of `engine` and `setup` with `count` member sessions. */
export function membersGroup(
  engine: Engine,
  setup: SpeedSetup,
  count: number,
  members: number,
  serverCores: string,
  timing: Pick<GroupInfo, 'rounds' | 'duration' | 'warmup'>,
): GroupInfo {
  return {
    id: `${engine}-${count}m-${setup.id}`,
    label: `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL 15'}, 1 process, ${count} member sessions of ${members.toLocaleString('en-US')} members, ${setup.label}`,
    engine,
    workers: 1,
    members,
    serverCores,
    ...timing,
    env: setup.env,
  };
}

/**
 * E-mail addresses of `count` generated members (not the demo personas, whose login flows ask questions first), in
 * id order, so both engines seeded with the same seed give the same members.
 */
export async function memberEmails(database: string, count: number): Promise<string[]> {
  // Generated members' addresses end in `.<number>@example.at` (db/seed/population.ts); personas' do not.
  const query = `SELECT p.email AS email FROM persons p JOIN credentials c ON c.person_id = p.id WHERE p.email LIKE '%@example.at' ORDER BY p.id`;
  let rows: { email: string }[];
  if (/^postgres(ql)?:\/\//i.test(database)) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      rows = (await client.query<{ email: string }>(query)).rows;
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(database, { readonly: true });
    try {
      rows = db.prepare(query).all() as { email: string }[];
    } finally {
      db.close();
    }
  }
  const emails = rows.map((r) => r.email).filter((e) => /\.\d+@example\.at$/.test(e));
  if (emails.length < count) throw new Error(`the database has ${emails.length} generated members with a login, ${count} wanted`);
  return emails.slice(0, count);
}

/** Logs `email` in with the demo password; answers the session cookie (`name=value`). */
async function logInMember(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal' },
    body: JSON.stringify({ query: LOGIN, operationName: 'Login', variables: { email, password: DEMO_PASSWORD } }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { login?: { ok?: { loggedIn?: boolean } | null } } };
  if (!body.data?.login?.ok?.loggedIn) throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /session=/.test(c));
  if (!cookie) throw new Error(`login of ${email} answered no session cookie`);
  return cookie;
}

/**
 * Logs every member of `emails` in on the group's portal, takes each member's dashboard and getPersonalData answer
 * (checked: data, no errors, and no two members with the same answer), and builds the two variants and raw.
 */
export async function prepareMembersGroup(group: GroupInfo, port: number, pgids: number[], emails: string[], dir: string): Promise<{ variants: Variant[]; helpers: Child[] }> {
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await logInMember(port, email));
  const doc = await dashboardDocument();
  if (!doc.hash) throw new Error('the many-members groups need the web app’s persisted dashboard document (npm run codegen)');
  const headers = { accept: 'application/json', 'x-application-version': 'Portal' };
  const dashboardRequest: RequestShape = {
    method: 'GET',
    path: `/graphql?operationName=${doc.operationName}&extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: doc.hash } }))}`,
    headers,
  };
  const restRequest: RequestShape = { method: 'POST', path: '/rest/getPersonalData', headers };
  const answers = async (request: RequestShape, ok: (text: string) => boolean, name: string) => {
    const texts: string[] = [];
    for (const cookie of cookies) {
      const answer = await fetchText(port, { ...request, headers: { ...request.headers, cookie } });
      if (answer.status !== 200 || !ok(answer.text)) throw new Error(`${name} reference answer is wrong (${answer.status}): ${answer.text.slice(0, 300)}`);
      texts.push(answer.text);
    }
    if (new Set(texts.map(canonicalJson)).size !== texts.length) throw new Error(`${name}: two members answered the same; the sessions are not distinct members`);
    return texts;
  };
  const dashboards = await answers(
    dashboardRequest,
    (t) => {
      const parsed = JSON.parse(t) as { data?: { me?: unknown }; errors?: unknown };
      return !parsed.errors && Boolean(parsed.data?.me);
    },
    'dashboard',
  );
  const rests = await answers(restRequest, (t) => t.includes('VBVPK') || t.includes('"sozVersNr"'), 'getPersonalData');

  const bodyFile = join(dir, `dashboard-answer-${group.id}.json`);
  writeFileSync(bodyFile, dashboards[0]!);
  const raw = await startHelper('raw node:http', 'bench/raw-server.ts', { BENCH_BODY_FILE: bodyFile });
  const portal = { group: group.id, port, pgids, serverCores: group.serverCores };
  const avg = (texts: string[]) => Math.round(texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / texts.length);
  const variants: Variant[] = [
    {
      ...portal,
      name: 'dashboard-members',
      label: `GraphQL dashboard, ${cookies.length} members`,
      description: `GET /graphql, the web app's \`${doc.operationName}\` as persisted document by hash; request n sends member n modulo ${cookies.length}'s session; answers ${avg(dashboards)} B on average, each checked against that member's own`,
      request: dashboardRequest,
      expected: dashboards[0]!,
      rotation: { cookies, expected: dashboards },
    },
    {
      ...portal,
      name: 'rest-members',
      label: `REST getPersonalData, ${cookies.length} members`,
      description: `POST /rest/getPersonalData; request n sends member n modulo ${cookies.length}'s session; answers ${avg(rests)} B on average, each checked against that member's own`,
      request: restRequest,
      expected: rests[0]!,
      rotation: { cookies, expected: rests },
    },
    {
      group: group.id,
      serverCores: group.serverCores,
      name: 'raw',
      label: 'raw node:http',
      description: `bare node:http answering the first member's dashboard bytes (${Buffer.byteLength(dashboards[0]!)} B) to the same request`,
      port: raw.port,
      pgids: [raw.child.proc.pid!],
      request: dashboardRequest,
      expected: dashboards[0]!,
    },
  ];
  return { variants, helpers: [raw.child] };
}
