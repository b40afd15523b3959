import type { Resolvers } from '../__generated__/resolvers-types';

/** Login and session (schema/session.graphql). Thin: the rules live in server/domain/auth. */
export const sessionResolvers: Resolvers = {
  Query: {
    session: (_p, _a, ctx) => ({ loggedIn: ctx.services.auth.isLoggedIn(ctx.sessionToken) }),
  },
  Mutation: {
    async login(_p, args, ctx) {
      const result = await ctx.services.auth.login({ email: args.email, password: args.password }, ctx.meta);
      if (result.sessionToken) {
        ctx.services.auth.logout(ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return {
        status: result.status,
        loggedIn: result.sessionToken !== undefined,
        remainingAttempts: result.remainingAttempts ?? null,
        lockedUntil: result.lockedUntil ?? null,
      };
    },
    keepAlive(_p, _a, ctx) {
      const s = ctx.session();
      return { loggedIn: s.state === 'ACTIVE' && s.stage === 'ACTIVE' };
    },
    logout(_p, _a, ctx) {
      ctx.services.auth.logout(ctx.sessionToken);
      ctx.clearSessionCookie();
      return { ok: true };
    },
  },
};
