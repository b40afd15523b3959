import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { loginAttempts } from '../../../db/schema';
import { graphql } from '../../gql';
import { DEMO_PASSWORD, LOGIN, logIn, PortalClient } from '../../helpers/client';
import { emailOf } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const TENANT = graphql(`
  query ProductionTenant {
    clientConfig {
      tenant
    }
  }
`);

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
    // Introspection is what production refuses: sent as text.
    const res = await client.graphql(`{ __schema { types { name } } }`);
    expect(res.status).toBeLessThan(500);
    expect(res.body.data ?? null).toBeNull();
    expect(JSON.stringify(res.body.errors)).toMatch(/introspection/i);
    expect((await client.operation(TENANT)).body.data).toEqual({ clientConfig: { tenant: 'MAIN' } });
  });

  it('answers 503 with SERVICE_UNAVAILABLE and changes nothing while another writer holds the database', async () => {
    const locker = new Database(prod.dbPath);
    const attempts = async () => (await prod.db.select({ n: count() }).from(loginAttempts))[0]!.n;
    const before = await attempts();
    locker.prepare('BEGIN IMMEDIATE').run();
    try {
      const res = await new PortalClient(prod.url).operation(LOGIN, { email: emailOf('anna'), password: DEMO_PASSWORD });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      locker.prepare('ROLLBACK').run();
      locker.close();
    }
    expect(await attempts()).toBe(before);
    expect((await logIn(new PortalClient(prod.url), emailOf('anna'))).ok?.status).toBe('SUCCESSFUL');
  });
});
