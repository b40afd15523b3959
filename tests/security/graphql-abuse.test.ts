import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, LIMIT_ERROR_CODE } from '../../server/graphql/security/limits';
import { MAX_GRAPHQL_BODY_BYTES } from '../../server/graphql/yoga';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { emailOf } from '../helpers/scenarios';
import { fingerprint, LEAK, loginCookie, postGraphQL, sdlSchema, StateWatch, SUGGESTION, webOperations, type RawAnswer } from './graphql-operations';
import { sqlGet, sqlRun } from '../helpers/raw-sql';

/**
 * Abuse limits of /graphql (docs/security.md): depth, aliases, tokens, cost and
 * directives (GraphQL Armor), fragment cycles, oversized and batched bodies, GET mutations, multipart, field
 * suggestions, malformed documents. Every refusal is a 4xx with a JSON error, within 2 s, with no stack trace or
 * path and no stored change; every operation of the web app stays inside the limits.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ members: 1 });
  cookie = await loginCookie(server.url);
});
afterAll(async () => {
  await server.close();
});

/** Sends a document as text and checks the common pass criteria of a refusal; returns the answer. */
async function refused(query: string, variables: Record<string, unknown> = {}, expectedStatus = 400): Promise<RawAnswer> {
  const before = await fingerprint(server);
  const answer = await postGraphQL(server.url, JSON.stringify({ query, variables }), { cookie });
  expect(answer.status, answer.text.slice(0, 300)).toBe(expectedStatus);
  expect(answer.json?.errors?.length, answer.text.slice(0, 300)).toBeGreaterThan(0);
  expect(answer.json?.data ?? null).toBeNull();
  expect(answer.text).not.toMatch(LEAK);
  expect(answer.text).not.toMatch(SUGGESTION);
  expect(answer.ms).toBeLessThan(2000);
  expect(await fingerprint(server)).toBe(before);
  return answer;
}

const codes = (a: RawAnswer) => (a.json?.errors ?? []).map((e) => e.extensions?.code);
const messages = (a: RawAnswer) => (a.json?.errors ?? []).map((e) => e.message).join(' | ');

describe('GraphQL abuse limits', () => {
  it('the stored-state check sees a write to member data and a login by the server, and ignores the session stamp and the security log', async () => {
    const watch = new StateWatch(server);
    const c = server.db;
    let before = await watch.before();
    await sqlRun(c, `UPDATE sessions SET last_seen_at = last_seen_at || ''`);
    await sqlRun(c, `INSERT INTO security_events (occurred_at, type, detail) VALUES ('2026-11-22T10:00:00Z', 'LOGIN_FAILURE', '{}')`);
    expect(await watch.changedBy(before)).toBeNull();
    before = await watch.before();
    const person = (await sqlGet(c, `SELECT id, last_name FROM persons ORDER BY id LIMIT 1`)) as { id: number; last_name: string };
    await sqlRun(c, `UPDATE persons SET last_name = ? WHERE id = ?`, `${person.last_name}x`, person.id);
    try {
      expect(await watch.changedBy(before)).toMatch(/^row change\(s\) in stored data: .*\bpersons\b/);
    } finally {
      await sqlRun(c, `UPDATE persons SET last_name = ? WHERE id = ?`, person.last_name, person.id);
    }
    // A write of the server itself, over HTTP: a login stores a session; a second watch of the same server sees it too.
    before = await watch.before();
    const second = new StateWatch(server);
    const secondBefore = await second.before();
    await loginCookie(server.url);
    expect(await watch.changedBy(before)).toMatch(/sessions/);
    expect(await second.changedBy(secondBefore)).toMatch(/sessions/);
  });

  it('every operation of the web app stays inside every limit (measured with the same rules)', async () => {
    const schema = sdlSchema();
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(10);
    const largest = { tokens: 0, depth: 0, aliases: 0, cost: 0, directives: 0 };
    for (const op of operations) {
      const parser = new MaxTokensParserWLexer(op.text, { n: Number.MAX_SAFE_INTEGER });
      parser.parseDocument();
      const seen: Record<string, number> = { tokens: parser.tokenCount };
      const record = (key: string) => [(_context: unknown, details: { n: number }) => void (seen[key] = Math.max(seen[key] ?? 0, details.n))];
      const errors = validate(schema, op.document, [
        maxDepthRule({ n: Number.MAX_SAFE_INTEGER, onAccept: record('depth') }),
        maxAliasesRule({ n: Number.MAX_SAFE_INTEGER, onAccept: record('aliases') }),
        costLimitRule({ maxCost: Number.MAX_SAFE_INTEGER, onAccept: record('cost') }),
        maxDirectivesRule({ n: Number.MAX_SAFE_INTEGER, onAccept: record('directives') }),
      ]);
      expect(
        errors.map((e) => e.message),
        op.name,
      ).toEqual([]);
      expect(seen.tokens, `${op.name} tokens`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxTokens);
      expect(seen.depth ?? 0, `${op.name} depth`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDepth);
      expect(seen.aliases ?? 0, `${op.name} aliases`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxAliases);
      expect(seen.cost ?? 0, `${op.name} cost`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost);
      expect(seen.directives ?? 0, `${op.name} directives`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDirectives);
      for (const key of Object.keys(largest) as (keyof typeof largest)[]) largest[key] = Math.max(largest[key], seen[key] ?? 0);
    }
    console.info(`GraphQL limits ${JSON.stringify(GRAPHQL_LIMITS)}; largest web operation values ${JSON.stringify(largest)} over ${operations.length} operations`);
  });

  it('the running server accepts every web operation by hash without a limit error', async () => {
    for (const op of webOperations()) {
      const answer = await postGraphQL(server.url, JSON.stringify({ operationName: op.name, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: op.hash } } }), {
        cookie,
      });
      expect(answer.status, `${op.name}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      expect(codes(answer), op.name).not.toContain(LIMIT_ERROR_CODE);
    }
  });

  it('refuses an alias flood beyond the alias limit, and allows it up to the limit', async () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: clientConfig { tenant }`).join(' ')} }`;
    const ok = await postGraphQL(server.url, JSON.stringify({ query: aliased(GRAPHQL_LIMITS.maxAliases) }));
    expect(ok.status).toBe(200);
    expect(ok.json?.errors).toBeUndefined();
    const answer = await refused(aliased(GRAPHQL_LIMITS.maxAliases + 1));
    expect(codes(answer)).toContain(LIMIT_ERROR_CODE);
    expect(messages(answer)).toMatch(/Aliases limit of 15 exceeded/);
    // A flood of mutations under aliases changes nothing either (refused before execution).
    await refused(
      `mutation { ${Array.from({ length: 200 }, (_, i) => `l${i}: login(input: { email: "${emailOf('anna')}", password: "x" }) { ok { status loggedIn } error { code } }`).join(' ')} }`,
    );
  });

  it('refuses a document nested beyond the depth limit (fragments count where spread)', async () => {
    const nested = (levels: number) => `query Deep { ${'... on Query { '.repeat(levels)}clientConfig { tenant } ${'} '.repeat(levels)}}`;
    const ok = await postGraphQL(server.url, JSON.stringify({ query: nested(GRAPHQL_LIMITS.maxDepth - 2) }));
    expect(ok.json?.errors, ok.text).toBeUndefined();
    const answer = await refused(nested(GRAPHQL_LIMITS.maxDepth));
    expect(messages(answer)).toMatch(/depth limit of 12 exceeded, found 14/);
    const spreads = GRAPHQL_LIMITS.maxDepth + 2;
    const fragments = Array.from({ length: spreads }, (_, i) =>
      i === spreads - 1 ? `fragment F${i} on Query { clientConfig { tenant } }` : `fragment F${i} on Query { ...F${i + 1} }`,
    );
    expect(messages(await refused(`query DeepSpreads { ...F0 } ${fragments.join(' ')}`))).toMatch(/depth limit of 12/);
  });

  it('refuses more tokens than the token limit while parsing', async () => {
    const answer = await refused(`{ clientConfig { ${'tenant '.repeat(GRAPHQL_LIMITS.maxTokens)} } }`);
    expect(codes(answer)).toContain(LIMIT_ERROR_CODE);
    expect(messages(answer)).toMatch(/Token limit of 1000 exceeded/);
  });

  it('refuses a fragment bomb beyond the cost limit', async () => {
    const fragment = `fragment C on ClientConfig { ${'tenant '.repeat(100)}}`;
    const answer = await refused(`{ clientConfig { ${'...C '.repeat(200)}} } ${fragment}`);
    expect(codes(answer)).toContain(LIMIT_ERROR_CODE);
    expect(messages(answer)).toMatch(/Cost limit of 20000 exceeded/);
  });

  it('refuses a directive flood', async () => {
    const answer = await refused(`{ clientConfig { ${'tenant @skip(if: false) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)}} }`);
    expect(messages(answer)).toMatch(/Directives limit of 10 exceeded/);
  });

  it('refuses fragment cycles by validation, quickly', async () => {
    const answer = await refused(`query Cycle { clientConfig { ...A } } fragment A on ClientConfig { tenant ...B } fragment B on ClientConfig { ...A }`);
    expect(messages(answer)).toMatch(/Cannot spread fragment "A" within itself/);
    await refused(`query Self { clientConfig { ...A } } fragment A on ClientConfig { ...A }`);
  });

  it('refuses a 100 KB query: 413 above the body limit, the token limit just below it; never 500', async () => {
    const above = `{ clientConfig { ${'tenant '.repeat(Math.ceil(MAX_GRAPHQL_BODY_BYTES / 7) + 10)}} }`;
    const big = await postGraphQL(server.url, JSON.stringify({ query: above }), { cookie });
    expect(big.status).toBe(413);
    expect(big.text).not.toMatch(LEAK);
    expect(big.ms).toBeLessThan(2000);
    const below = `{ clientConfig { ${'tenant '.repeat(Math.floor((MAX_GRAPHQL_BODY_BYTES - 200) / 7))}} }`;
    expect(JSON.stringify({ query: below }).length).toBeGreaterThan(99_000);
    await refused(below);
  });

  it('refuses batched (array) bodies with 400, with or without a declared length', async () => {
    const batch = JSON.stringify([{ query: '{ clientConfig { tenant } }' }, { query: 'mutation { logout { ok { loggedOut } } }' }]);
    const before = await fingerprint(server);
    const answer = await postGraphQL(server.url, batch, { cookie });
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['BATCHING_NOT_SUPPORTED']);
    // Chunked: no Content-Length, so the body goes to Yoga's own parser, which refuses batching too.
    const chunked = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'x-application-version': 'Portal', 'content-type': 'application/json', cookie },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(batch));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const text = await chunked.text();
    expect(chunked.status, text).toBeGreaterThanOrEqual(400);
    expect(chunked.status, text).toBeLessThan(500);
    expect(text).not.toMatch(LEAK);
    expect(await fingerprint(server)).toBe(before);
  });

  it('refuses mutations over GET and changes nothing', async () => {
    const before = await fingerprint(server);
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('mutation { logout { ok { loggedOut } } }')}`, { headers: { cookie, accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(await res.text()).not.toMatch(LEAK);
    expect(await fingerprint(server)).toBe(before);
  });

  it('refuses multipart/form-data (GraphQL multipart uploads are off)', async () => {
    const before = await fingerprint(server);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: 'mutation { logout { ok { loggedOut } } }', variables: {} }));
    form.append('map', '{}');
    const answer = await postGraphQL(server.url, form, { cookie, contentType: null });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toMatch(LEAK);
    expect(await fingerprint(server)).toBe(before);
  });

  it('never suggests field, argument, type or enum names', async () => {
    const typo = await refused(`{ clientConfg { tenant } }`);
    expect(typo.json?.errors?.[0]?.message).toMatch(/Cannot query field "clientConfg"/);
    await refused(`{ clientConfig { tenantt } }`);
    await refused(`mutation { logout(al: true) { ok } }`);
    await refused(`query($t: Tenantt) { clientConfig { tenant } }`);
    // An enum literal in the document: graphql-js words this hint "Did you mean the enum value …" (found by the fuzz suite).
    await refused(`mutation { chooseMailbox(type: AWB_L) { ok { type } } }`);
    // Enum values in variables are coerced before execution, with graphql-js's suggestion in the message unless masked.
    const enumTypo = await postGraphQL(server.url, JSON.stringify({ query: `mutation($t: MailboxType!) { chooseMailbox(type: $t) { ok { type } } }`, variables: { t: 'AWB_L' } }), {
      cookie,
    });
    expect(enumTypo.status).toBeLessThan(500);
    expect(enumTypo.json?.errors?.length).toBeGreaterThan(0);
    expect(enumTypo.text).not.toMatch(SUGGESTION);
  });

  it('answers malformed documents and parameters with a 4xx JSON error', async () => {
    const cases: string[] = [
      JSON.stringify({ query: '{ clientConfig { tenant }' }),
      JSON.stringify({ query: '{ clientConfig { tenant } } }' }),
      JSON.stringify({ query: 'query { clientConfig(x: "unterminated) { tenant } }' }),
      JSON.stringify({ query: '' }),
      JSON.stringify({ query: '   ' }),
      JSON.stringify({ query: '\u0000' }),
      JSON.stringify({ query: 42 }),
      JSON.stringify({ query: ['{ clientConfig { tenant } }'] }),
      JSON.stringify({ query: { a: 1 } }),
      JSON.stringify({ query: null }),
      JSON.stringify({ query: '{ clientConfig { tenant } }', variables: 'x' }),
      JSON.stringify({ query: '{ clientConfig { tenant } }', variables: [1] }),
      JSON.stringify({ query: '{ clientConfig { tenant } }', operationName: 7 }),
      JSON.stringify({ query: '{ clientConfig { tenant } }', extensions: 'x' }),
      JSON.stringify({ query: 'query A { clientConfig { tenant } } query B { clientConfig { tenant } }' }),
      JSON.stringify({ query: 'query A { clientConfig { tenant } }', operationName: 'B' }),
      JSON.stringify({ query: '{ clientConfig { tenant } } { clientConfig { tenant } }' }),
      JSON.stringify({ query: 'fragment F on ClientConfig { tenant }' }),
      JSON.stringify({ query: 'subscription { clientConfig { tenant } }' }),
      JSON.stringify({ query: 'query($a: String!) { clientConfig { tenant } }' }),
      JSON.stringify({ query: 'query($a: Nope) { clientConfig { tenant } }' }),
      JSON.stringify({ query: 'query { clientConfig { tenant } } fragment F on Nope { x }' }),
      JSON.stringify({ query: '{ __typename @nope }' }),
      JSON.stringify({ query: '{ clientConfig }' }),
      JSON.stringify({ query: '{ clientConfig { tenant { x } } }' }),
      JSON.stringify({ query: '\uD800{ clientConfig { tenant } }' }),
      JSON.stringify({ query: '{ clientConfig { tenant } }\u202E' }),
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'sha256:' + '0'.repeat(64) } } }),
      JSON.stringify({ extensions: { persistedQuery: { version: 2, sha256Hash: 'x' } } }),
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 7 } } }),
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: '__proto__' } } }),
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'constructor' } } }),
      JSON.stringify({ operationName: 'LoginForm_Login' }),
      JSON.stringify({ __proto__: { query: '{ clientConfig { tenant } }' } }),
      '{"query": ',
      'null',
      '"{ clientConfig { tenant } }"',
      '[]',
      '{}',
      '',
    ];
    for (const body of cases) {
      const before = await fingerprint(server);
      const answer = await postGraphQL(server.url, body, { cookie });
      expect(answer.status, `${body.slice(0, 80)} → ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${body.slice(0, 80)} → ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      expect(answer.text, body).not.toMatch(LEAK);
      expect(answer.text, body).not.toMatch(SUGGESTION);
      expect(answer.ms).toBeLessThan(2000);
      expect(await fingerprint(server), body).toBe(before);
    }
    // Unused variables are ignored; a `__proto__` key among them pollutes nothing.
    const proto = await postGraphQL(
      server.url,
      '{"query": "{ clientConfig { tenant } }", "variables": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
    );
    expect(proto.json).toEqual({ data: { clientConfig: { tenant: 'MAIN' } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
