import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { loginAttempts } from '../../db/schema';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1 });
});
afterAll(async () => {
  await server.close();
});

const attempts = async () => (await server.db.select({ n: count() }).from(loginAttempts))[0]!.n;

describe('cross-site request forgery', () => {
  it('refuses a cross-site form post to rest/login with 403 and records nothing', async () => {
    const before = await attempts();
    const res = await fetch(`${server.url}/rest/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example.com' },
      body: new URLSearchParams({ user: emailOf('anna'), password: DEMO_PASSWORD }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await attempts()).toBe(before);
  });

  it('refuses a GraphQL mutation from a foreign origin and a simple POST without origin or marker', async () => {
    // Forged requests as a foreign page would send them (plain fetch, no client): the document is text on purpose.
    const body = JSON.stringify({ query: `mutation { logout { ok { loggedOut } } }` });
    expect((await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example.com' }, body })).status).toBe(403);
    expect((await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })).status).toBe(403);
  });

  it('refuses a mutation sent over GET', async () => {
    const client = new PortalClient(server.url);
    await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    // A mutation over GET is not an operation the client sends (it POSTs): the document stays text in the URL.
    const res = await client.fetch(`/graphql?query=${encodeURIComponent('mutation { logout { ok { loggedOut } } }')}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
  });

  it('accepts a same-origin browser post without the marker header', async () => {
    const res = await fetch(`${server.url}/rest/checkSessionQuiet`, { method: 'POST', headers: { origin: server.url } });
    expect(res.status).toBe(200);
  });
});
