import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, type YogaInitialContext } from 'graphql-yoga';
import type { GraphQLContext, RequestContext } from '../platform/request-context';
import { enforceDeclaredAccess } from './access';
import { discoverAreaResolvers, mergeAreaResolvers } from './area-resolvers';
import type { Resolvers } from './__generated__/resolvers-types';
import { DateScalar, MoneyScalar } from './scalars';
import { areaFiles } from '../platform/module-files';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Where the members' areas live: `server/modules/<area>/` with the area's SDL, resolvers, REST methods and service. */
export const MODULES_DIR = resolve(HERE, '../modules');

/**
 * The members' SDL in a stable order: the shared base (./base.graphql: scalars, directives, the `Error` interface)
 * and each module's `server/modules/<area>/*.graphql`, found by name (decision 0065). The fund's API has its own
 * schema (server/fund, decision 0053).
 */
export function loadTypeDefs(): string[] {
  const moduleSdl = areaFiles(MODULES_DIR, /\.graphql$/);
  return [join(HERE, 'base.graphql'), ...moduleSdl].map((file) => readFileSync(file, 'utf8'));
}

/** Every module's resolver map (`server/modules/<area>/*.resolvers.ts`), found by name (decision 0062). */
const areaResolvers = await discoverAreaResolvers<Resolvers>(MODULES_DIR);

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
