import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, type YogaInitialContext } from 'graphql-yoga';
import type { GraphQLContext, RequestContext } from '../context';
import { enforceDeclaredAccess } from './access';
import { discoverAreaResolvers, mergeAreaResolvers } from './area-resolvers';
import type { Resolvers } from './__generated__/resolvers-types';
import { DateScalar, MoneyScalar } from './scalars';

const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schema');

/** The SDL of schema/*.graphql, one file per domain, in a stable order (the fund's API is under server/fund, decision 0053). */
export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8'));
}

/** Every area's resolver map (`server/graphql/<area>/*.resolvers.ts`), found by name (decision 0062). */
const areaResolvers = await discoverAreaResolvers<Resolvers>(dirname(fileURLToPath(import.meta.url)));

/** What Yoga passes to resolvers: its own initial context, the server context and the request context. */
export type YogaContext = YogaInitialContext & { requestContext: RequestContext } & GraphQLContext;

/**
 * The executable schema: the SDL of schema/, the areas' resolvers, and every root field's declared `@access` enforced
 * before its resolver (server/graphql/access.ts).
 * @throws Error when a root field declares no access level.
 */
export function buildSchema() {
  return enforceDeclaredAccess(
    createSchema<YogaContext>({
      typeDefs: loadTypeDefs(),
      resolvers: { ...mergeAreaResolvers(areaResolvers), Date: DateScalar, Money: MoneyScalar },
    }),
  );
}
