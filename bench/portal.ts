/**
 * The portal under measurement (bench/run.ts): seeding, starting it and the reference servers pinned to the server
 * core, logging anna in, and the web app's own documents the bench sends.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { print, type DocumentNode } from 'graphql';
import { SERVER_CORE } from './cpu';
import { log, ROOT, startChild, waitForListening, type Child } from './processes';
import type { RequestShape, SeedTiming } from './types';

export const DEMO_EMAIL = 'anna.muster@example.at';
const DEMO_PASSWORD = 'Pensionskasse#2026';
const LOGIN = 'mutation Login($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { ok { status loggedIn } error { code } } }';
/** Used only when the web app's dashboard query cannot be loaded from web/src/gql. */
const FALLBACK_DASHBOARD = `query BenchDashboard {
  me {
    id titlePrefix firstName lastName titleSuffix unreadMessageCount
    pensionContracts { id contractNumber vrgName role employer { name } statement { stichtag totalCapital } }
    severanceAccounts { id accountNumber status employer { name } statement { stichtag totalEntitlement } }
  }
}`;

/** Used only when the web app's documents overview query cannot be loaded from web/src/gql. */
const FALLBACK_DOCUMENTS = `query BenchDocuments {
  me {
    id unreadDocumentCount documentCounts { category total unread }
    documents(first: 5) { totalCount unreadCount endCursor hasNextPage nodes { id title documentDate fileName contentType unread readAt downloadUrl } }
  }
}`;

/** Runs the seed CLI and times it (wall clock, including process start-up). */
export async function seed(members: number, database: string): Promise<SeedTiming> {
  const started = performance.now();
  const child = startChild(`seed ${members}`, process.execPath, ['--import', 'tsx', 'db/seed/cli.ts', '--members', String(members), '--database', database, '--reset']);
  const code = await child.exited;
  const wallSeconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`seeding ${members} members failed (exit ${code}):\n${[...child.stdout, ...child.stderr].slice(-30).join('\n')}`);
  const done = child.stdout.map((l) => /^Done in ([\d.]+) s/.exec(l)).find(Boolean);
  let bytes = 0;
  for (const suffix of ['', '-wal']) if (existsSync(database + suffix)) bytes += statSync(database + suffix).size;
  return { members, wallSeconds, cliSeconds: done ? Number(done[1]) : null, bytes };
}

/**
 * Starts the real portal on `database` (a SQLite file or a postgres:// URL) pinned to `cores` (`taskset -c`; the
 * server core by default); `workers` > 1 runs it in cluster mode (`WORKERS`). `extraNodeArgs` (for `--cpu-prof`)
 * starts node directly, one process. `env` is added to the portal's environment (a speed device turned off).
 */
export async function startPortal(
  database: string,
  options: { extraNodeArgs?: string[]; workers?: number; cores?: string; env?: Record<string, string> } = {},
): Promise<{ child: Child; port: number }> {
  // Production refuses documents sent as text (GRAPHQL_PERSISTED_ONLY); the bench logs in with a text mutation and
  // measures the full-text POST variant, so it turns that off. The persisted variants take the same path either way.
  const postgres = /^postgres(ql)?:\/\//i.test(database);
  const env: Record<string, string> = {
    ...(postgres ? { DATABASE_URL: database } : { DATABASE_PATH: database, DATABASE_URL: '' }),
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_MEMBERS: '0',
    GRAPHQL_PERSISTED_ONLY: '0',
    WORKERS: String(options.workers ?? 1),
    ...options.env,
  };
  const cores = options.cores ?? SERVER_CORE;
  const child = options.extraNodeArgs
    ? startChild('portal (profiled)', 'taskset', ['-c', cores, process.execPath, ...options.extraNodeArgs, '--import', 'tsx', 'server/main.ts'], env)
    : startChild(`portal (${options.workers ?? 1} worker(s), ${postgres ? 'PostgreSQL' : 'SQLite'})`, 'taskset', ['-c', cores, 'npx', 'tsx', 'server/main.ts'], env);
  return { child, port: await waitForListening(child) };
}

export async function startHelper(label: string, file: string, env: Record<string, string> = {}): Promise<{ child: Child; port: number }> {
  const child = startChild(label, 'taskset', ['-c', SERVER_CORE, process.execPath, '--import', 'tsx', file], env);
  return { child, port: await waitForListening(child) };
}

export async function logIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal' },
    body: JSON.stringify({ query: LOGIN, operationName: 'Login', variables: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { login?: { ok?: { loggedIn?: boolean; status?: string } | null } } };
  if (!body.data?.login?.ok?.loggedIn) throw new Error(`login of ${DEMO_EMAIL} failed: ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /session=/.test(c));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie;
}

export interface WebDocument {
  query: string;
  operationName: string;
  hash: string | null;
  source: string;
}

/**
 * A query of the web app (web/src/gql, generated by `npm run codegen`), by its exported document name, with its
 * persisted-document hash when persisted-documents.json lists it; otherwise `fallback` as full text.
 */
async function webDocument(operationName: string, file: string, fallback: { query: string; operationName: string }): Promise<WebDocument> {
  const generated = join(ROOT, 'web/src/gql/graphql.ts');
  try {
    const mod = (await import(pathToFileURL(generated).href)) as Record<string, unknown>;
    const doc = mod[`${operationName}Document`] as (DocumentNode & { __meta__?: { hash?: string } }) | undefined;
    if (doc?.definitions) {
      let query = print(doc);
      let hash: string | null = doc.__meta__?.hash ?? null;
      let persisted: Record<string, string> = {};
      try {
        persisted = JSON.parse(readFileSync(join(ROOT, 'web/src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
      } catch {
        /* no list */
      }
      // The text the server runs for the hash (codegen's normalised print), so both ways answer alike.
      const listed = hash === null ? undefined : persisted[hash];
      if (typeof listed === 'string') query = listed;
      else hash = null;
      return {
        query,
        operationName,
        hash,
        source: hash
          ? `the web app's \`${operationName}\` (${file}), sent as a persisted document by hash (${hash.slice(0, 19)}…)`
          : `the web app's \`${operationName}\` (${file}) as full text; persisted-documents.json does not list its hash`,
      };
    }
  } catch (error) {
    log(`could not load ${generated} (${error instanceof Error ? error.message : String(error)}); using the fallback ${operationName}`);
  }
  return { ...fallback, hash: null, source: `the bench’s fallback query \`${fallback.operationName}\` (web/src/gql has no ${operationName})` };
}

/** The web app's dashboard query (DashboardPage_Query), or the fallback. */
export function dashboardDocument(): Promise<WebDocument> {
  return webDocument('DashboardPage_Query', 'web/src/features/dashboard/api/get-dashboard.ts', { query: FALLBACK_DASHBOARD, operationName: 'BenchDashboard' });
}

/** The web app's documents overview query (DocumentsOverview_Query), or the fallback. */
export function documentsDocument(): Promise<WebDocument> {
  return webDocument('DocumentsOverview_Query', 'web/src/features/documents/api/get-documents-overview.ts', {
    query: FALLBACK_DOCUMENTS,
    operationName: 'BenchDocuments',
  });
}

/** The newest Vorsorgekasse statement of the logged-in member: its download path as the web app links it. */
export async function newestVkStatementDownload(port: number, cookie: string): Promise<{ path: string; fileName: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal', cookie },
    body: JSON.stringify({ query: '{ me { documents(category: VK_ACCOUNT_STATEMENT, first: 1) { nodes { downloadUrl fileName } } } }' }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { me?: { documents?: { nodes?: { downloadUrl: string; fileName: string }[] } } } };
  const doc = body.data?.me?.documents?.nodes?.[0];
  if (!doc) throw new Error(`${DEMO_EMAIL} has no Vorsorgekasse statement to download: ${JSON.stringify(body)}`);
  return { path: `${doc.downloadUrl}${doc.downloadUrl.includes('?') ? '&' : '?'}lng=de`, fileName: doc.fileName };
}

export async function fetchText(port: number, request: RequestShape): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, text: await res.text() };
}
