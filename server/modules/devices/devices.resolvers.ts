import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { deviceErrorMessage } from './devices.service';

/** Signed-in devices (server/modules/devices/devices.graphql, decision 0048). Thin: the rules live in server/modules/devices. */
export const devicesResolvers: Resolvers = {
  Query: {
    signedInDevices: async (_p, _a, ctx) => ctx.services.devices.list(ctx.scope, await ctx.requirePersonId()),
  },
  Mutation: {
    async endSignedInDevice(_p, { input }, ctx) {
      const result = await ctx.services.devices.end(ctx.scope, await ctx.requirePersonId(), String(input.id));
      if (result.ok) return { ok: result.value, error: null };
      return { ok: null, error: { __typename: 'SignedInDeviceError', code: result.code, message: deviceErrorMessage(result.code), fieldErrors: [] } };
    },
    async endOtherSignedInDevices(_p, _a, ctx) {
      return { ok: await ctx.services.devices.endOthers(ctx.scope, await ctx.requirePersonId()), error: null };
    },
  },
};
