import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHandler } from '../../server/graphql/yoga';
import { createLogger } from '../../server/log';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { emailOf } from '../helpers/scenarios';
import { fingerprint, hashOf, LEAK, loginCookie, postGraphQL, SUGGESTION, webOperations, type RawAnswer } from './graphql-operations';

/**
 * Persisted operations only in production (docs/security.md): the server runs the
 * web app's documents (by hash) and the integrators' allow-list, nothing else; introspection, GraphiQL and the
 * landing page are off; suggestions are off in every mode.
 */

const INTEGRATOR_OP = 'query Integrator_Tenant {\n  clientConfig {\n    tenant\n    idleWarningSeconds\n  }\n}\n';
const INTROSPECTION_OP = 'query Integrator_Introspection { __schema { queryType { name } } }\n';

let dir: string;
let prod: TestServer;
let dev: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'allow-list-'));
  writeFileSync(join(dir, 'tenant.graphql'), INTEGRATOR_OP);
  writeFileSync(join(dir, 'introspection.graphql'), INTROSPECTION_OP);
  writeFileSync(join(dir, 'README.md'), 'not a .graphql file: ignored');
  prod = await startTestServer({ members: 1, env: (url) => ({ NODE_ENV: 'production', PUBLIC_ORIGIN: url, GRAPHQL_ALLOW_LIST_DIR: dir }) });
  dev = await startTestServer({ members: 1, env: { NODE_ENV: 'development', GRAPHQL_ALLOW_LIST_DIR: dir } });
});
afterAll(async () => {
  await prod.close();
  await dev.close();
  rmSync(dir, { recursive: true, force: true });
});

const byHash = (hash: string, operationName?: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
const codes = (a: RawAnswer) => (a.json?.errors ?? []).map((e) => e.extensions?.code);
const appShell = () => webOperations().find((o) => o.name === 'AppShell_Query')!;

describe('GraphQL persisted operations in production', () => {
  it('refuses a document sent as text that is not registered, before running it', async () => {
    const before = await fingerprint(prod);
    for (const query of [
      '{ clientConfig { tenant } }',
      'mutation { logout { ok { loggedOut } } }',
      `mutation { login(input: { email: "${emailOf('anna')}", password: "x" }) { ok { status loggedIn } error { code } } }`,
    ]) {
      const answer = await postGraphQL(prod.url, JSON.stringify({ query }));
      expect(answer.status, answer.text).toBe(400);
      expect(codes(answer)).toEqual(['PERSISTED_QUERY_ONLY']);
      expect(answer.json?.data ?? null).toBeNull();
      expect(answer.text).not.toMatch(LEAK);
    }
    // A registered document's text with one character changed is another document.
    const changed = await postGraphQL(prod.url, JSON.stringify({ query: appShell().text + ' ' }));
    expect(codes(changed)).toEqual(['PERSISTED_QUERY_ONLY']);
    expect(await fingerprint(prod)).toBe(before);
  });

  it('refuses an unknown hash with PERSISTED_QUERY_NOT_IN_LIST', async () => {
    const answer = await postGraphQL(prod.url, byHash(hashOf('{ clientConfig { tenant } }')));
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
  });

  it('runs the web app’s operations by hash, over POST and GET, with a session from the web login', async () => {
    const op = appShell();
    const post = await postGraphQL(prod.url, byHash(op.hash, op.name));
    expect(post.json?.errors).toBeUndefined();
    expect(post.json?.data).toMatchObject({ clientConfig: { tenant: 'MAIN' } });
    const get = await fetch(
      `${prod.url}/graphql?operationName=${op.name}&extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: op.hash } }))}`,
      {
        headers: { accept: 'application/json' },
      },
    );
    expect(((await get.json()) as { data?: unknown }).data).toMatchObject({ clientConfig: { tenant: 'MAIN' } });
    const cookie = await loginCookie(prod.url);
    const dashboard = webOperations().find((o) => o.name === 'DashboardPage_Query');
    if (dashboard) {
      const answer = await postGraphQL(prod.url, byHash(dashboard.hash, dashboard.name), { cookie });
      expect(answer.json?.errors, answer.text.slice(0, 300)).toBeUndefined();
    }
  });

  it('runs an allow-listed integrator operation by its sha256 hash (with or without prefix) and as its exact text', async () => {
    const hash = hashOf(INTEGRATOR_OP);
    const expected = { clientConfig: { tenant: 'MAIN', idleWarningSeconds: 600 } };
    expect((await postGraphQL(prod.url, byHash(hash))).json).toEqual({ data: expected });
    expect((await postGraphQL(prod.url, byHash(hash.slice('sha256:'.length)))).json).toEqual({ data: expected });
    expect((await postGraphQL(prod.url, JSON.stringify({ query: INTEGRATOR_OP }))).json).toEqual({ data: expected });
    expect(prod.logLines.some((line) => line.includes('allow-listed operation') && line.includes(hash))).toBe(true);
  });

  it('keeps introspection off even for an allow-listed introspection document', async () => {
    const answer = await postGraphQL(prod.url, byHash(hashOf(INTROSPECTION_OP)));
    expect(answer.status).toBeLessThan(500);
    expect(answer.json?.data ?? null).toBeNull();
    expect(answer.text).toMatch(/Introspection/);
    // The same document runs in development (so the check above can fail).
    expect((await postGraphQL(dev.url, byHash(hashOf(INTROSPECTION_OP)))).json).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('serves no GraphiQL and no landing page in production (GraphiQL only in development)', async () => {
    for (const path of ['/graphql', '/graphql?query=%7B__typename%7D']) {
      const res = await fetch(prod.url + path, { headers: { accept: 'text/html' } });
      const text = await res.text();
      expect(res.status, text.slice(0, 200)).toBeLessThan(500);
      expect(text).not.toMatch(/graphiql|<html|yoga/i);
    }
    const devPage = await fetch(`${dev.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await devPage.text()).toMatch(/graphiql/i);
  });

  it('never suggests names, in production or development', async () => {
    const choose = webOperations().find((o) => /chooseMailbox\(/.test(o.text));
    expect(choose).toBeDefined();
    const cookie = await loginCookie(prod.url);
    const answer = await postGraphQL(prod.url, byHash(choose!.hash, choose!.name, { type: 'AWB_L', dutyId: null }), { cookie });
    expect(answer.json?.errors?.length).toBeGreaterThan(0);
    expect(answer.text).not.toMatch(SUGGESTION);
    const typo = await postGraphQL(dev.url, JSON.stringify({ query: '{ clientConfig { tenat } }' }));
    expect(typo.json?.errors?.[0]?.message).toMatch(/Cannot query field "tenat"/);
    expect(typo.text).not.toMatch(SUGGESTION);
  });
});

describe('GraphQL persisted-only switch and allow-list checks', () => {
  it('GRAPHQL_PERSISTED_ONLY=true refuses text outside production; development accepts text by default', async () => {
    expect((await postGraphQL(dev.url, JSON.stringify({ query: '{ clientConfig { tenant } }' }))).json).toEqual({ data: { clientConfig: { tenant: 'MAIN' } } });
    const strict = await startTestServer({ members: 0, env: { GRAPHQL_PERSISTED_ONLY: 'true', GRAPHQL_ALLOW_LIST_DIR: dir } });
    try {
      expect(codes(await postGraphQL(strict.url, JSON.stringify({ query: '{ clientConfig { tenant } }' })))).toEqual(['PERSISTED_QUERY_ONLY']);
      expect((await postGraphQL(strict.url, byHash(hashOf(INTEGRATOR_OP)))).json?.data).toBeDefined();
    } finally {
      await strict.close();
    }
  });

  it('stops the start on an allow-list file that does not parse or does not fit the schema, naming the file', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'allow-list-bad-'));
    try {
      writeFileSync(join(bad, 'broken.graphql'), 'query Broken { clientConfig { tenant }');
      const start = () => createGraphQLHandler({ production: true, logger: createLogger('silent'), allowListDir: bad });
      expect(start).toThrow(/broken\.graphql does not parse/);
      writeFileSync(join(bad, 'broken.graphql'), 'query Unknown { clientConfig { nope } }');
      expect(start).toThrow(/broken\.graphql is not valid against the schema/);
      writeFileSync(join(bad, 'broken.graphql'), 'fragment F on ClientConfig { tenant }');
      expect(start).toThrow(/broken\.graphql holds no operation/);
      writeFileSync(join(bad, 'broken.graphql'), INTEGRATOR_OP);
      expect(start).not.toThrow();
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
