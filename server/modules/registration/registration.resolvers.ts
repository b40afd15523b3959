import type { Ok } from '../../platform/shared/result';
import type { RegistrationErr } from './registration.deps';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { registrationError, type RegistrationMutation } from './registration-errors';

/** `{ ok, error }` of a service result (decision 0012): the Ok value, or the refusal with its catalogue messages. */
function answer<T>(mutation: RegistrationMutation, result: Ok<T> | RegistrationErr<string>) {
  return result.ok ? { ok: result.value, error: null } : { ok: null, error: registrationError(mutation, result.code, result.fieldErrors) };
}

/**
 * Registration, password lost / reset / change, code ordering and e-mail update (server/modules/registration/registration.graphql):
 * the same service calls as the REST methods `register`, `pwdLost`, `pwdReset`, `checkPwdResetToken`, `pwdChange`,
 * `changePassword`, `orderRegistrationCode` and `updateRegistration`. Each mutation answers `{ ok, error }`.
 */
export const registrationResolvers: Resolvers = {
  Query: {
    passwordResetLinkStatus: (_p, args, ctx) => ctx.services.registration.resetLinkStatus(args.token),
  },
  Mutation: {
    register: async (_p, args, ctx) => answer('register', await ctx.services.registration.register(ctx.scope, args.input)),
    checkRegistration: async (_p, args, ctx) => answer('register', await ctx.services.registration.checkRegistration(args.input)),
    requestPasswordReset: async (_p, args, ctx) => answer('requestPasswordReset', await ctx.services.registration.requestPasswordReset(ctx.scope, args.input)),
    resetPassword: async (_p, args, ctx) => answer('resetPassword', await ctx.services.registration.resetPassword(ctx.scope, args.input)),
    changeInsecurePassword: async (_p, args, ctx) =>
      answer('changeInsecurePassword', await ctx.services.registration.changeInsecurePassword(ctx.scope, await ctx.requireFlowSession(), args.input)),
    async changePassword(_p, args, ctx) {
      await ctx.requirePersonId();
      const session = await ctx.requireFlowSession();
      return answer('changePassword', await ctx.services.registration.changePassword(ctx.scope, session, args.input));
    },
    async orderRegistrationCode(_p, args, ctx) {
      const result = await ctx.services.registration.orderRegistrationCode(args.input);
      if (result.ok) return { ok: result.value, error: null };
      return { ok: null, error: { ...registrationError('orderRegistrationCode', result.code, result.fieldErrors, result.nextPossibleOn), nextPossibleOn: result.nextPossibleOn } };
    },
    updateRegistrationEmail: async (_p, args, ctx) =>
      answer('updateRegistrationEmail', await ctx.services.registration.updateRegistrationEmail(ctx.scope, await ctx.requireFlowSession(), args.input)),
  },
};
