import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * GraphQL for standard clients (decision 0011). The reference GraphQL-over-HTTP audits (`serverAudits` of the
 * graphql-http package, the spec's own conformance suite) run against the real server over HTTP in the development
 * configuration, with plain fetch and no custom header: every MUST and every SHOULD passes. Then the CSRF rule: a
 * non-simple content type needs no marker; simple content types (which a cross-site form can send) still do.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1, env: { NODE_ENV: 'development' } });
});
afterAll(async () => {
  await server.close();
});

describe('GraphQL-over-HTTP reference audits (graphql-http serverAudits), no custom header', () => {
  // The audit list is built once with a URL function, since the server's port is known only after beforeAll.
  const audits = serverAudits({ url: () => `${server.url}/graphql`, fetchFn: fetch });
  const mandatory = audits.filter((a) => a.name.startsWith('MUST') || a.name.startsWith('SHOULD'));

  it('has the MUST and SHOULD audits to run', () => {
    expect(mandatory.filter((a) => a.name.startsWith('MUST')).length).toBeGreaterThanOrEqual(13);
    expect(mandatory.filter((a) => a.name.startsWith('SHOULD')).length).toBeGreaterThan(0);
  });

  it.each(mandatory.map((a) => [a.name, a] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    const detail = result.status === 'ok' ? '' : `${result.reason} (HTTP ${result.response.status}: ${await result.response.text()})`;
    expect(result.status, detail).toBe('ok');
  });
});

describe('CSRF rule for /graphql: non-simple content types pass, simple ones need the marker or the own origin', () => {
  // These tests are about the wire (content types, headers, GET, bodies as a standard client or a forged form sends
  // them), so the documents stay text sent with plain fetch rather than typed operations of PortalClient.
  const query = JSON.stringify({ query: '{ session { loggedIn } }' });
  const post = (headers: Record<string, string>, body = query) => fetch(`${server.url}/graphql`, { method: 'POST', headers, body });

  it('a plain curl-like JSON POST (no custom header, no Origin) runs, also with a graphql-response+json Accept', async () => {
    const res = await post({ 'Content-Type': 'application/json' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { session: { loggedIn: false } } });
    const typed = await post({ 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/graphql-response+json' });
    expect(typed.status).toBe(200);
    expect(typed.headers.get('content-type')).toContain('application/graphql-response+json');
  });

  it("the README's integrator curl call works as written", async () => {
    const res = await post({ 'Content-Type': 'application/json' }, '{"query":"{ clientConfig { versionNumbers { portal } } }"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { clientConfig: { versionNumbers: { portal: 'v902' } } } });
  });

  it('a GET query runs without a header; a GET mutation is refused (405) and changes nothing', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ session { loggedIn } }')}`, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    const mutation = await fetch(`${server.url}/graphql?query=${encodeURIComponent('mutation { logout { ok { loggedOut } } }')}`, { headers: { Accept: 'application/json' } });
    expect(mutation.status).toBe(405);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'TEXT/PLAIN; charset=utf-8'])(
    'a POST as %s (what a cross-site form can send) answers 403 without marker or own origin',
    async (type) => {
      expect((await post({ 'Content-Type': type })).status).toBe(403);
      expect((await post({ 'Content-Type': type, Origin: 'https://evil.example' })).status).toBe(403);
    },
  );

  it('a POST without a content type answers 403; JSON with a foreign Origin answers 403 (a browser would have needed a preflight)', async () => {
    expect((await fetch(`${server.url}/graphql`, { method: 'POST', body: new Uint8Array(Buffer.from(query)) })).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/json', Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('REST keeps its rule: a JSON POST without marker or own Origin answers 403', async () => {
    const res = await fetch(`${server.url}/rest/checkSessionQuiet`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(403);
  });
});
