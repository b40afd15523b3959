import { empty, method, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const personRestMethods: RestMethod[] = [
  method({
    name: 'getPersonalData',
    input: empty,
    auth: 'session',
    run: async (ctx) => await ctx.services.person.legacyPersonalData(ctx.scope, await ctx.requirePersonId()),
  }),
];
