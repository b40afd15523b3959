import type { GraphQLField, GraphQLInputType, GraphQLNamedType, GraphQLType } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredAccess, enforceDeclaredAccess, rootFields, type AccessLevel } from '../../../server/graphql/access';
import { buildSchema } from '../../../server/graphql/schema';
import { logIn, PortalClient } from '../../helpers/client';
import { emailOf } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

/**
 * Declared access (decision 0020): walks every root field of the running schema and calls it over
 * real HTTP with well-typed placeholder arguments, as nobody, as a member whose login waits in a flow step (dora, terms
 * of use open) and as a member with a completed login (anna). A `SESSION` field answers `UNAUTHENTICATED` to the first
 * two, a `FLOW` field to the first only, a `PUBLIC` field to none. A new root field is covered without editing this
 * suite. Mutations run only where they are refused before their resolver (and `PUBLIC` ones only as nobody), so the
 * walk changes nothing a later call depends on.
 */
const schema = buildSchema();
const FIELDS = rootFields(schema).map(({ coordinate, field }) => ({ coordinate, field, level: declaredAccess(field)! }));

// Types are told apart by shape, not by graphql's is…Type predicates: the schema may come from the other build of
// graphql (ESM beside CJS) under vitest, and the predicates refuse objects of another realm.
const isNonNull = (t: GraphQLType) => String(t).endsWith('!');
const isList = (t: GraphQLType) => !isNonNull(t) && String(t).startsWith('[');
const inner = (t: GraphQLType) => (t as unknown as { ofType: GraphQLType }).ofType;
function named(t: GraphQLType): GraphQLNamedType {
  return 'ofType' in t && t.ofType ? named(t.ofType as GraphQLType) : (t as GraphQLNamedType);
}

/** A placeholder value of `type` that passes GraphQL validation (only required input fields filled). */
function placeholder(type: GraphQLInputType): unknown {
  if (isNonNull(type)) return placeholder(inner(type) as GraphQLInputType);
  if (isList(type)) return [placeholder(inner(type) as GraphQLInputType)];
  const t = named(type) as unknown as Record<string, unknown> & { name: string };
  if (typeof t.getValues === 'function') return (t.getValues as () => { value: unknown }[])()[0]!.value;
  if (typeof t.getFields === 'function')
    return Object.fromEntries(
      Object.values((t.getFields as () => Record<string, { name: string; type: GraphQLInputType; defaultValue?: unknown }>)())
        .filter((f) => isNonNull(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, placeholder(f.type)]),
    );
  const byScalar: Record<string, unknown> = { Int: 1, Float: 1, Boolean: false, ID: '1', String: 'x', Date: '2026-01-02', Money: 100 };
  return byScalar[t.name] ?? 'x';
}

/**
 * A document calling only `field` of the root type `root`, with its required arguments as variables. Built from the
 * schema at run time (so a new root field is covered unedited), it is text sent with `client.graphql`, not a typed
 * operation.
 */
function documentFor(root: string, field: GraphQLField<unknown, unknown>): { query: string; variables: Record<string, unknown> } {
  const required = field.args.filter((a) => isNonNull(a.type) && a.defaultValue === undefined);
  const definitions = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const out = named(field.type) as unknown as Record<string, unknown>;
  const selection = typeof out.getFields === 'function' || typeof out.getTypes === 'function' ? ' { __typename }' : '';
  const operation = root === 'Mutation' ? 'mutation' : 'query';
  return {
    query: `${operation}${definitions ? `(${definitions})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, placeholder(a.type)])),
  };
}

type Caller = 'nobody' | 'flow' | 'member';
/** Whether `level` lets `caller` past the guard. */
const admits = (level: AccessLevel, caller: Caller) => level === 'PUBLIC' || (level === 'FLOW' ? caller !== 'nobody' : caller === 'member');

let server: TestServer;
const clients = {} as Record<Caller, PortalClient>;
beforeAll(async () => {
  server = await startTestServer({ members: 2 });
  clients.nobody = new PortalClient(server.url);
  clients.flow = new PortalClient(server.url);
  clients.member = new PortalClient(server.url);
  expect((await logIn(clients.flow, emailOf('dora'))).ok?.status).toBe('NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK');
  expect((await logIn(clients.member, emailOf('anna'))).ok?.loggedIn).toBe(true);
});
afterAll(async () => {
  await server.close();
});

describe('every root field declares its access', () => {
  it('declares exactly one known level on every Query and Mutation field', () => {
    expect(FIELDS.length).toBeGreaterThan(40);
    expect(FIELDS.filter((f) => f.level === null).map((f) => f.coordinate)).toEqual([]);
    for (const level of ['PUBLIC', 'FLOW', 'SESSION'] as const) expect(FIELDS.some((f) => f.level === level)).toBe(true);
  });

  // A mutation is called only where the guard refuses it, or a public one as nobody (login with placeholders fails):
  // an admitted mutation would change what later calls depend on, so those pairs are not cases at all.
  const callable = (f: (typeof FIELDS)[number], caller: Caller) =>
    !f.coordinate.startsWith('Mutation.') || !admits(f.level, caller) || (f.level === 'PUBLIC' && caller === 'nobody');
  const cases = FIELDS.flatMap((f) => (['nobody', 'flow', 'member'] as const).filter((caller) => callable(f, caller)).map((caller) => [f.coordinate, caller, f] as const));
  it.each(cases)('%s as %s: refused exactly when its level does not admit the caller', async (coordinate, caller, f) => {
    const root = coordinate.split('.')[0]!;
    const admitted = admits(f.level, caller);
    const { query, variables } = documentFor(root, f.field);
    const res = await clients[caller].graphql(query, variables);
    expect(res.status, `${coordinate}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
    if (admitted) expect(codes, `${coordinate} as ${caller}`).not.toContain('UNAUTHENTICATED');
    else {
      expect(codes, `${coordinate} as ${caller}: ${JSON.stringify(res.body)}`).toContain('UNAUTHENTICATED');
      expect(res.body.data?.[f.field.name] ?? null).toBeNull();
    }
  });
});

describe('a root field without a declared level', () => {
  const sdl = (directive: string) => `
    enum AccessLevel { PUBLIC FLOW SESSION }
    directive @access(level: AccessLevel!) on FIELD_DEFINITION
    type Query { a: Int @access(level: PUBLIC) b: Int${directive} }`;

  it('stops the schema from being built, naming the field', () => {
    expect(() => enforceDeclaredAccess(createSchema({ typeDefs: sdl(''), resolvers: { Query: { a: () => 1, b: () => 2 } } }))).toThrow(/Query\.b/);
    expect(() => enforceDeclaredAccess(createSchema({ typeDefs: sdl(' @access(level: SESSION)'), resolvers: { Query: { a: () => 1, b: () => 2 } } }))).not.toThrow();
  });

  it('runs the level’s session check before the resolver, which never runs without the session', async () => {
    let ran = 0;
    const built = enforceDeclaredAccess(createSchema({ typeDefs: sdl(' @access(level: SESSION)'), resolvers: { Query: { a: () => 1, b: () => ++ran } } }));
    const fields = built.getQueryType()!.getFields();
    const refused = { requirePersonId: () => Promise.reject(new Error('SESSION_INVALID')), requireFlowSession: () => Promise.reject(new Error('SESSION_INVALID')) };
    const admitted = { requirePersonId: () => Promise.resolve(7), requireFlowSession: () => Promise.reject(new Error('not asked')) };
    const call = (name: 'a' | 'b', ctx: object) => Promise.resolve(fields[name]!.resolve!(undefined, {}, ctx, undefined as never));
    await expect(call('b', refused)).rejects.toThrow('SESSION_INVALID');
    expect(ran).toBe(0);
    await expect(call('b', admitted)).resolves.toBe(1);
    await expect(call('a', refused)).resolves.toBe(1);
  });
});
