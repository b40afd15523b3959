import { z } from 'zod';
import { method, text, LOG_LEVELS, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const clientLogRestMethods: RestMethod[] = [
  method({
    name: 'log',
    input: z.object({
      component: text(100),
      level: z.enum(LOG_LEVELS),
      msgs: z.array(text(2000)).max(20),
    }),
    auth: 'public',
    async run(ctx, input) {
      // Rate-limited per IP and session, at most LOG_MAX_CALL_BYTES per call (server/modules/client-log): 429 / 413.
      await ctx.services.clientLog.write(ctx.scope, input, ctx.sessionToken);
      return undefined;
    },
  }),
];
