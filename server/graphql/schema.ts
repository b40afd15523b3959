import { createSchema, type YogaInitialContext } from 'graphql-yoga';
import type { GraphQLContext, RequestContext } from '../platform/request-context';
import { enforceDeclaredAccess } from './access';
import { discoverAreaResolvers, mergeAreaResolvers } from './area-resolvers';
import type { Resolvers } from './__generated__/resolvers-types';
import { DateScalar, MoneyScalar } from './scalars';
import { loadTypeDefs, MODULES_DIR } from './member-sdl';

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
