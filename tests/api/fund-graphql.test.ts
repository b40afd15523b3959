import { serverAudits } from 'graphql-http';
import { generateKeyPair, SignJWT, UnsecuredJWT, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { createFundAccessStore } from '../../server/fund/access/fund-access.store';
import { createFundTokens, TOKEN_LIFETIME_S } from '../../server/fund/access/fund-tokens';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The fund's GraphQL endpoint (decision 0053): bearer tokens only, 401 for a missing or bad token, 403 naming the
 * missing scope, the GraphQL-over-HTTP audits, and the event feed with its transaction rule.
 */
let server: TestServer;
let events: FundTestClient;
beforeAll(async () => {
  server = await startTestServer({ members: 1, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
  events = await createFundTestClient(server, 'events:read claims:read');
});
afterAll(async () => {
  await server.close();
});

const EVENTS = '{ events(first: 5) { edges { cursor node { id type actor data } } pageInfo { endCursor hasNextPage } } }';

async function post(headers: Record<string, string>, body = JSON.stringify({ query: EVENTS })) {
  const res = await fetch(`${server.url}/fund/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

describe('who may call /fund/graphql (RFC 6750)', () => {
  it('answers 401 with a Bearer challenge without a token, and for a member session cookie', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="fund"');
    expect(none.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(none.body.data).toBeUndefined();
    const member = await loginAs(server, 'anna');
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const withCookie = await post({ Cookie: cookie });
    expect(withCookie.status).toBe(401);
    const basic = await post({ Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
    expect(basic.status).toBe(401);
  });

  it('answers 401 invalid_token for every refused token: garbage, changed signature, alg none, foreign key, wrong audience, expired, revoked', async () => {
    const [h, p, s] = events.token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const foreign = await generateKeyPair('ES256', { extractable: true });
    const kid = decodeProtectedHeader(events.token).kid!;
    const elsewhere = createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: 'https://other.example' });
    const otherAudience = await elsewhere.issue(events.clientId, events.clientSecret, undefined);
    const refused = {
      garbage: 'not.a.token',
      changedPayload: `${h}.${Buffer.from(JSON.stringify({ ...payload, scope: 'members:write' })).toString('base64url')}.${s}`,
      changedSignature: `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
      algNone: new UnsecuredJWT(payload).encode(),
      foreignKey: await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(foreign.privateKey),
      wrongAudience: 'ok' in otherAudience ? otherAudience.ok.access_token : 'x',
    };
    for (const [name, token] of Object.entries(refused)) {
      const answer = await post({ Authorization: `Bearer ${token}` });
      expect([name, answer.status, answer.headers.get('www-authenticate')]).toEqual([name, 401, 'Bearer realm="fund", error="invalid_token"']);
      expect(answer.body.data).toBeUndefined();
    }
    const late = await createFundTestClient(server, 'events:read', 'Verspätet');
    server.clock.advance(TOKEN_LIFETIME_S * 1000 + 1000);
    expect((await late.query(EVENTS)).status).toBe(401);
    const revoked = await createFundTestClient(server, 'events:read', 'Widerrufen');
    expect((await revoked.query(EVENTS)).status).toBe(200);
    await createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: server.url }).revokeClient(revoked.clientId);
    expect((await revoked.query(EVENTS)).status).toBe(401);
    events = await createFundTestClient(server, 'events:read claims:read');
  });

  it('answers 403 naming the missing scope (insufficient_scope), before anything runs', async () => {
    const claimsOnly = await createFundTestClient(server, 'claims:read', 'Nur Leistungen');
    const answer = await claimsOnly.query(EVENTS);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="events:read"');
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', scope: 'events:read' });
    expect(answer.body.errors?.[0]?.message).toContain('events:read');
    expect(answer.body.data ?? null).toBeNull();
    // The same document inside a fragment and under an alias is refused the same way.
    const viaFragment = await claimsOnly.query('query Q { ...F } fragment F on Query { feed: events(first: 1) { pageInfo { hasNextPage } } }');
    expect(viaFragment.status).toBe(403);
    // `__typename` needs no scope.
    expect((await claimsOnly.query('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('a fund token opens nothing of the members endpoint', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${events.token}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL-over-HTTP reference audits on /fund/graphql (graphql-http serverAudits), with a bearer token', () => {
  const audits = serverAudits({
    url: () => `${server.url}/fund/graphql`,
    fetchFn: (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${events.token}` } }),
  });
  const mandatory = audits.filter((a) => a.name.startsWith('MUST') || a.name.startsWith('SHOULD'));
  it.each(mandatory.map((a) => [a.name, a] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    const detail = result.status === 'ok' ? '' : `${result.reason} (HTTP ${result.response.status}: ${await result.response.text()})`;
    expect(result.status, detail).toBe('ok');
  });
});

describe('the event feed (decision 0053)', () => {
  it('reads recorded events in order with cursors, and a rolled-back change writes none', async () => {
    const start = await events.query<{ events: { pageInfo: { endCursor: string | null } } }>('{ events(first: 500) { pageInfo { endCursor } } }');
    const after = start.body.data!.events.pageInfo.endCursor;
    const record = (n: number) => server.deps.events.record({ type: 'claim.status_changed', personId: null, subjectId: n, actor: { kind: 'system' }, data: { n } });
    await record(1);
    await expect(
      writeTransaction(server.db, async () => {
        await record(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await record(3);
    type Page = { events: { edges: { cursor: string; node: { type: string; data: string; actor: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } };
    const first = await events.query<Page>(
      'query($after: String) { events(after: $after, first: 1) { edges { cursor node { type data actor } } pageInfo { endCursor hasNextPage } } }',
      { after },
    );
    expect(first.body.data!.events.edges.map((e) => JSON.parse(e.node.data))).toEqual([{ n: 1 }]);
    expect(first.body.data!.events.pageInfo.hasNextPage).toBe(true);
    const second = await events.query<Page>('query($after: String) { events(after: $after, first: 10) { edges { node { data actor } } pageInfo { hasNextPage } } }', {
      after: first.body.data!.events.pageInfo.endCursor,
    });
    expect(second.body.data!.events.edges.map((e) => JSON.parse(e.node.data))).toEqual([{ n: 3 }]);
    expect(second.body.data!.events.edges[0]!.node.actor).toBe('system');
    expect(second.body.data!.events.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a bad page size or cursor with BAD_USER_INPUT', async () => {
    for (const q of [
      '{ events(first: 0) { pageInfo { hasNextPage } } }',
      '{ events(first: 501) { pageInfo { hasNextPage } } }',
      '{ events(after: "x1") { pageInfo { hasNextPage } } }',
    ]) {
      const answer = await events.query(q);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
