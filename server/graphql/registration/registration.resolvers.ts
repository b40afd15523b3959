import { registrationFor } from '../../domain/registration/for-request';
import type { Ok } from '../../domain/shared/result';
import type { RegistrationErr } from '../../domain/registration/registration.deps';
import type { Resolvers } from '../__generated__/resolvers-types';
import { registrationError, type RegistrationMutation } from './registration-errors';

/** `{ ok, error }` of a service result (decision 0012): the Ok value, or the refusal with its catalogue messages. */
function answer<T>(mutation: RegistrationMutation, result: Ok<T> | RegistrationErr<string>) {
  return result.ok ? { ok: result.value, error: null } : { ok: null, error: registrationError(mutation, result.code, result.fieldErrors) };
}

/**
 * Registration, password lost / reset / change, code ordering and e-mail update (schema/registration.graphql):
 * the same service calls as the REST methods `register`, `pwdLost`, `pwdReset`, `checkPwdResetToken`, `pwdChange`,
 * `changePassword`, `orderRegistrationCode` and `updateRegistration`. Each mutation answers `{ ok, error }`.
 */
export const registrationResolvers: Resolvers = {
  Query: {
    passwordResetLinkStatus: (_p, args, ctx) => registrationFor(ctx).resetLinkStatus(args.token),
  },
  Mutation: {
    register: async (_p, args, ctx) => answer('register', await registrationFor(ctx).register(args.input)),
    checkRegistration: async (_p, args, ctx) => answer('register', await registrationFor(ctx).checkRegistration(args.input)),
    requestPasswordReset: async (_p, args, ctx) => answer('requestPasswordReset', await registrationFor(ctx).requestPasswordReset(args.input)),
    resetPassword: async (_p, args, ctx) => answer('resetPassword', await registrationFor(ctx).resetPassword(args.input)),
    async changeInsecurePassword(_p, args, ctx) {
      const session = await ctx.requireFlowSession();
      return answer('changeInsecurePassword', await registrationFor(ctx).changeInsecurePassword(session, args.input, async () => await ctx.services.loginFlow.advance(session)));
    },
    async changePassword(_p, args, ctx) {
      await ctx.requirePersonId();
      const session = await ctx.requireFlowSession();
      return answer('changePassword', await registrationFor(ctx).changePassword(session, args.input));
    },
    async orderRegistrationCode(_p, args, ctx) {
      const result = await registrationFor(ctx).orderRegistrationCode(args.input);
      if (result.ok) return { ok: result.value, error: null };
      return { ok: null, error: { ...registrationError('orderRegistrationCode', result.code, result.fieldErrors, result.nextPossibleOn), nextPossibleOn: result.nextPossibleOn } };
    },
    async updateRegistrationEmail(_p, args, ctx) {
      const session = await ctx.requireFlowSession();
      const flow = ctx.services.loginFlow;
      const result = await registrationFor(ctx).updateRegistrationEmail(
        session,
        args.input,
        () => flow.currentStatus(session),
        () => flow.advance(session),
      );
      return answer('updateRegistrationEmail', result);
    },
  },
};
