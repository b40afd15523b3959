import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  defaultFieldResolver,
  GraphQLError,
  GraphQLScalarType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionNode,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { createSchema } from 'graphql-yoga';
import { DateScalar, MoneyScalar } from '../../graphql/scalars';
import { rootFields } from '../../graphql/access';
import { insufficientScope, isFundScope, type FundScope } from '../access/scopes';
import type { Resolvers as FundResolvers } from './__generated__/fund-resolvers-types';
import type { FundContext } from './fund-context';
import { discoverAreaResolvers, mergeAreaResolvers } from '../../graphql/area-resolvers';
import { MODULES_DIR } from '../../graphql/member-sdl';
import { areaFiles } from '../../platform/module-files';

/** Folder of the fund's API: each area's SDL lies beside its code (`server/fund/<area>/*.graphql`). */
const FUND_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every `.graphql` file under server/fund, then the members' areas' `<area>.shared.graphql` (the enums both schemas
 * share, written once: the claim's option, status and payout type, the form kind, the mandate's type and status), as
 * absolute paths in a stable order.
 */
export function fundSdlFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory() && entry.name !== '__generated__') walk(join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.graphql')) files.push(join(dir, entry.name));
    }
  };
  walk(FUND_DIR);
  return [...files, ...areaFiles(MODULES_DIR, /\.shared\.graphql$/)];
}

/** The SDL of the fund's API: every area's `.graphql` file (decision 0053) and the shared ones of `fundSdlFiles`. */
export function loadFundTypeDefs(): string[] {
  return fundSdlFiles().map((f) => readFileSync(f, 'utf8'));
}

/** `DateTime`: an ISO 8601 instant in UTC (`2026-11-28T09:30:00.000Z`). */
const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  serialize: (value) => String(value),
  parseValue(value) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new GraphQLError('Expected an ISO 8601 instant.');
    return new Date(value).toISOString();
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value)) || !/^\d{4}-\d{2}-\d{2}T/.test(ast.value)) throw new GraphQLError('Expected an ISO 8601 instant.');
    return new Date(ast.value).toISOString();
  },
});

/** The scope a field declares with `@scope(requires: …)`, `null` when none, `'invalid'` for an unknown one or several. */
export function declaredScope(field: Pick<GraphQLField<unknown, unknown>, 'astNode'>): FundScope | null | 'invalid' {
  const directives = field.astNode?.directives?.filter((d) => d.name.value === 'scope') ?? [];
  if (directives.length === 0) return null;
  if (directives.length > 1) return 'invalid';
  const argument = directives[0]!.arguments?.find((a) => a.name.value === 'requires');
  if (argument?.value.kind !== 'StringValue' || !isFundScope(argument.value.value)) return 'invalid';
  return argument.value.value;
}

/** A missing scope: the 403 error (moved to access/scopes.ts, where the resolvers that check a scope themselves reach it). */
export { insufficientScope } from '../access/scopes';

/**
 * Every scope a document needs: the `@scope` of each field it selects (root fields and any field of another type that
 * declares one), through inline fragments and fragment spreads, in the order first met. Fields the schema does not
 * know are skipped (validation refuses them). Walks the document by type names only (no TypeInfo), so it works with
 * whichever build of graphql made the schema (ESM beside CJS, as under vitest).
 */
export function scopesNeeded(schema: GraphQLSchema, document: DocumentNode): FundScope[] {
  const needed = new Set<FundScope>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const seen = new Set<string>();
  const fieldsOf = (typeName: string) => {
    const type = schema.getType(typeName) as { getFields?: () => Record<string, GraphQLField<unknown, unknown>> } | undefined;
    return type?.getFields?.() ?? {};
  };
  const namedTypeOf = (field: GraphQLField<unknown, unknown>): string => {
    let type = field.type as unknown as { ofType?: unknown; name?: string };
    while (type.ofType) type = type.ofType as { ofType?: unknown; name?: string };
    return type.name ?? '';
  };
  const walk = (typeName: string, selections: readonly SelectionNode[]) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        const field = fieldsOf(typeName)[selection.name.value];
        if (!field) continue;
        const scope = declaredScope(field);
        if (scope !== null && scope !== 'invalid') needed.add(scope);
        if (selection.selectionSet) walk(namedTypeOf(field), selection.selectionSet.selections);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.typeCondition?.name.value ?? typeName, selection.selectionSet.selections);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(`${typeName}:${fragment.name.value}`)) continue;
        seen.add(`${typeName}:${fragment.name.value}`);
        walk(fragment.typeCondition.name.value, fragment.selectionSet.selections);
      }
    }
  };
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = d.operation === 'query' ? schema.getQueryType() : d.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    if (root) walk(root.name, d.selectionSet.selections);
  }
  return [...needed];
}

/**
 * Checks the declarations: every root field declares exactly one known scope, and no other field an unknown one; then
 * wraps each field that declares one so its resolver runs only for a principal with the scope (the HTTP layer refuses
 * such documents before execution; this is the second line).
 * @throws Error naming every field with a missing or unknown scope: the server does not start (decision 0053).
 */
export function enforceDeclaredScopes(schema: GraphQLSchema): GraphQLSchema {
  const problems: string[] = [];
  const roots = new Set(rootFields(schema).map((r) => r.coordinate));
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !('getFields' in type) || !('isTypeOf' in type)) continue;
    for (const field of Object.values((type as { getFields(): Record<string, GraphQLField<unknown, FundContext>> }).getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      const scope = declaredScope(field);
      if (scope === 'invalid' || (scope === null && roots.has(coordinate))) {
        problems.push(coordinate);
        continue;
      }
      if (scope === null) continue;
      const resolveField = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        if (!context.principal.scopes.has(scope)) throw insufficientScope(scope);
        return resolveField(source, args, context, info);
      };
    }
  }
  if (problems.length > 0) throw new Error(`Fund API fields without a known @scope(requires: …) (decision 0053): ${problems.join(', ')}`);
  return schema;
}

/**
 * The executable schema of the fund's API: the SDL beside each area's code, the areas' resolvers, the scalars, and the
 * declared scopes enforced (`enforceDeclaredScopes`).
 * @throws Error when a field's scope is missing or unknown.
 */
/** Every area's resolver map (`server/fund/<area>/*.resolvers.ts`), found by name (decision 0062). */
const fundAreaResolvers = await discoverAreaResolvers<FundResolvers>(resolve(dirname(fileURLToPath(import.meta.url)), '..'));

export function buildFundSchema(typeDefs: string[] = loadFundTypeDefs(), areas: FundResolvers[] = fundAreaResolvers): GraphQLSchema {
  return enforceDeclaredScopes(
    createSchema<FundContext>({
      typeDefs,
      resolvers: { ...mergeAreaResolvers(areas), Date: DateScalar, Money: MoneyScalar, DateTime: DateTimeScalar },
    }),
  );
}
