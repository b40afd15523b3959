import type { Resolvers } from '../__generated__/resolvers-types';

/** Login and session (schema/session.graphql). Thin: the rules live in server/domain/auth. */
export const sessionResolvers: Resolvers = {
  Query: {
    session: async (_p, _a, ctx) => ({ loggedIn: await ctx.services.auth.isLoggedIn(ctx.sessionToken) }),
  },
  Mutation: {
    async login(_p, args, ctx) {
      const result = await ctx.services.auth.login({ email: args.email, password: args.password, entryViaQrCode: args.entryViaQrCode === true }, ctx.meta);
      if (result.sessionToken) {
        await ctx.services.auth.logout(ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return {
        status: result.status,
        loggedIn: result.sessionToken !== undefined,
        remainingAttempts: result.remainingAttempts ?? null,
        lockedUntil: result.lockedUntil ?? null,
      };
    },
    async keepAlive(_p, _a, ctx) {
      const s = await ctx.session();
      return { loggedIn: s.state === 'ACTIVE' && s.stage === 'ACTIVE' };
    },
    async logout(_p, _a, ctx) {
      await ctx.services.auth.logout(ctx.sessionToken);
      ctx.clearSessionCookie();
      return { ok: true };
    },
  },
};
