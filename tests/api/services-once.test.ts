import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppDeps } from '../../server/app-deps';
import type { RequestScope } from '../../server/platform/shared/request-scope';
import { graphql } from '../gql';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Services are use cases built once per process (decision 0036): `createAppDeps` builds them
 * (server/services.ts), every request of every door calls those same objects, and what belongs to one request
 * (DataLoaders, session, metadata) arrives as the `RequestScope` argument, a new one per request. Observed from the
 * outside: a spy on the test server's `deps.services` sees the calls of GraphQL and REST requests alike.
 */
const CONTRACTS = graphql(`
  query ServicesOnceContracts {
    me {
      pensionContracts {
        contractNumber
      }
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2, background: false });
});
afterAll(async () => {
  await server.close();
});

describe('services built once per process', () => {
  it('serves GraphQL and REST requests with the same service objects, each request with a scope of its own', async () => {
    const anna = await loginAs(server, 'anna');
    const spy = vi.spyOn(server.deps.services.accounts, 'pensionContracts');
    try {
      const first = await anna.operation(CONTRACTS);
      const second = await anna.operation(CONTRACTS);
      const rest = await anna.rest('getPersonalData');
      expect(first.body.data?.me?.pensionContracts.length).toBeGreaterThan(0);
      expect(second.body.data).toEqual(first.body.data);
      expect(rest.status).toBe(200);

      // Every one of the three requests called the one accounts service the process holds.
      const scopes = spy.mock.calls.map(([scope]) => scope);
      expect(scopes.length).toBeGreaterThanOrEqual(3);
      const distinct = [...new Set<RequestScope>(scopes)];
      expect(distinct).toHaveLength(3);
      // Each request had DataLoaders of its own: nothing read for one request is cached for the next.
      expect(new Set(distinct.map((s) => s.loaders)).size).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('builds a separate set of services for each createAppDeps (one per process), none shared', () => {
    const { config, logger } = server.deps;
    const other = createAppDeps(server.db, config, server.clock, logger);
    const names = Object.keys(server.deps.services) as (keyof typeof server.deps.services)[];
    expect(names.length).toBeGreaterThanOrEqual(11);
    for (const name of names) {
      expect(other.services[name], name).toBeDefined();
      expect(other.services[name], name).not.toBe(server.deps.services[name]);
    }
  });
});
