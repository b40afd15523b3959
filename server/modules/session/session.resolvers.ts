import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { loginResult } from './login-result';

/** Login and session (server/modules/session/session.graphql). Thin: the rules live in server/modules/session. */
export const sessionResolvers: Resolvers = {
  Query: {
    session: async (_p, _a, ctx) => ({ loggedIn: await ctx.services.session.isLoggedIn(ctx.scope, ctx.sessionToken) }),
  },
  Mutation: {
    async login(_p, args, ctx) {
      const { input } = args;
      const result = await ctx.services.session.login(ctx.scope, { email: input.email, password: input.password, entryViaQrCode: input.entryViaQrCode === true });
      if (result.sessionToken) {
        await ctx.services.session.logout(ctx.scope, ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return loginResult(result.status, result);
    },
    async keepAlive(_p, _a, ctx) {
      const s = await ctx.session();
      return { loggedIn: s.state === 'ACTIVE' && s.stage === 'ACTIVE' };
    },
    async logout(_p, _a, ctx) {
      await ctx.services.session.logout(ctx.scope, ctx.sessionToken);
      ctx.clearSessionCookie();
      return { ok: { loggedOut: true }, error: null };
    },
  },
};
