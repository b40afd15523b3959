import { z } from 'zod';
import { empty, formBoolean, method, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const sessionRestMethods: RestMethod[] = [
  method({
    name: 'checkSessionQuiet',
    input: empty,
    auth: 'public',
    run: async (ctx) => ({ loggedIn: await ctx.services.session.isLoggedIn(ctx.scope, ctx.sessionToken) }),
  }),

  method({
    name: 'login',
    // Over-long values are not refused here: the login service answers them with the documented statuses.
    input: z.object({
      user: z.string().max(10_000).optional().default(''),
      password: z.string().max(10_000).optional().default(''),
      entryViaQrCode: formBoolean.optional(),
    }),
    auth: 'public',
    async run(ctx, input) {
      const result = await ctx.services.session.login(ctx.scope, { email: input.user, password: input.password, entryViaQrCode: input.entryViaQrCode === true });
      if (result.sessionToken) {
        await ctx.services.session.logout(ctx.scope, ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return { status: result.status };
    },
  }),
];
