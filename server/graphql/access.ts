import { defaultFieldResolver, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from '../platform/request-context';

/** The levels of `enum AccessLevel` in server/graphql/base.graphql. */
export type AccessLevel = 'PUBLIC' | 'FLOW' | 'SESSION';

const LEVELS: ReadonlySet<string> = new Set<AccessLevel>(['PUBLIC', 'FLOW', 'SESSION']);

/** What the guard needs of the request context: the two session checks of server/platform/request-context.ts. */
type AccessContext = Pick<GraphQLContext, 'requirePersonId' | 'requireFlowSession'>;

/**
 * The level a root field declares with `@access(level: …)` (server/graphql/base.graphql), or null when it declares none or
 * more than one, or an unknown level.
 */
export function declaredAccess(field: GraphQLField<unknown, unknown>): AccessLevel | null {
  const directives = field.astNode?.directives?.filter((d) => d.name.value === 'access') ?? [];
  if (directives.length !== 1) return null;
  const argument = directives[0]!.arguments?.find((a) => a.name.value === 'level');
  if (argument?.value.kind !== 'EnumValue' || !LEVELS.has(argument.value.value)) return null;
  return argument.value.value as AccessLevel;
}

/** The root fields (`Query`, `Mutation`, `Subscription`) of `schema`, as `Type.field` with the field. */
export function rootFields(schema: GraphQLSchema): { coordinate: string; field: GraphQLField<unknown, unknown> }[] {
  // No isObjectType: under vitest the schema may come from the other build of graphql (ESM beside CJS).
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((t): t is GraphQLObjectType => t != null);
  return roots.flatMap((type) => Object.values(type.getFields()).map((field) => ({ coordinate: `${type.name}.${field.name}`, field })));
}

/** Runs the check of `level`; throws the context's SESSION_INVALID / SESSION_TIMEOUT error when it fails. */
async function guard(level: AccessLevel, ctx: AccessContext): Promise<void> {
  if (level === 'SESSION') await ctx.requirePersonId();
  else if (level === 'FLOW') await ctx.requireFlowSession();
}

/**
 * Enforces every root field's declared access in one place (decision 0020): wraps each root resolver so that the
 * session check of its `@access` level runs before the resolver (`SESSION`: a completed login, `FLOW`: a login in a
 * flow step or completed, `PUBLIC`: none). Without the required session the field answers `UNAUTHENTICATED` (or
 * `SESSION_TIMEOUT`) and its resolver never runs. Changes `schema` in place and returns it.
 * @throws Error when a root field declares no level (or more than one): the server does not start with an
 *   undeclared field, so a new field cannot be public by accident.
 */
export function enforceDeclaredAccess<S extends GraphQLSchema>(schema: S): S {
  const undeclared: string[] = [];
  for (const { coordinate, field } of rootFields(schema)) {
    const level = declaredAccess(field);
    if (level === null) {
      undeclared.push(coordinate);
      continue;
    }
    if (level === 'PUBLIC') continue;
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args, context, info) => {
      await guard(level, context as AccessContext);
      return await resolve(source, args, context, info);
    };
  }
  if (undeclared.length > 0) throw new Error(`GraphQL root fields without @access(level: …) (server/graphql/base.graphql AccessLevel): ${undeclared.join(', ')}`);
  return schema;
}
