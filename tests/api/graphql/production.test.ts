import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { loginAttempts } from '../../../db/schema';
import { DEMO_PASSWORD, PortalClient, type LoginAnswer } from '../../helpers/client';
import { startTestServer, type TestServer } from '../../helpers/test-server';

let prod: TestServer;
beforeAll(async () => {
  // Documents sent as text (persisted-only mode is switched off here; tests/security/graphql-production.test.ts covers it).
  prod = await startTestServer({ members: 1, env: (url) => ({ NODE_ENV: 'production', PUBLIC_ORIGIN: url, DB_BUSY_TIMEOUT_MS: '200', GRAPHQL_PERSISTED_ONLY: 'false' }) });
});
afterAll(async () => {
  await prod.close();
});

describe('GraphQL in production', () => {
  it('refuses introspection without a server error, while ordinary queries work', async () => {
    const client = new PortalClient(prod.url);
    const res = await client.graphql(`{ __schema { types { name } } }`);
    expect(res.status).toBeLessThan(500);
    expect(res.body.data ?? null).toBeNull();
    expect(JSON.stringify(res.body.errors)).toMatch(/introspection/i);
    expect((await client.graphql(`{ clientConfig { tenant } }`)).body.data).toEqual({ clientConfig: { tenant: 'MAIN' } });
  });

  it('answers 503 with SERVICE_UNAVAILABLE and changes nothing while another writer holds the database', async () => {
    const locker = new Database(prod.dbPath);
    const attempts = async () => (await prod.db.select({ n: count() }).from(loginAttempts))[0]!.n;
    const before = await attempts();
    locker.prepare('BEGIN IMMEDIATE').run();
    try {
      const res = await new PortalClient(prod.url).graphql(
        `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ok { status loggedIn } error { code } } }`,
        {
          e: 'anna.muster@example.at',
          p: DEMO_PASSWORD,
        },
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      locker.prepare('ROLLBACK').run();
      locker.close();
    }
    expect(await attempts()).toBe(before);
    const ok = await new PortalClient(prod.url).graphql<{ login: LoginAnswer }>(
      `mutation { login(input: { email: "anna.muster@example.at", password: "${DEMO_PASSWORD}" }) { ok { status loggedIn } error { code } } }`,
    );
    expect(ok.body.data!.login.ok?.status).toBe('SUCCESSFUL');
  });
});
