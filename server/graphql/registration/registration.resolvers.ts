import { registrationFor } from '../../domain/registration/for-request';
import type { Resolvers } from '../__generated__/resolvers-types';

/**
 * Registration, password lost / reset / change, code ordering and e-mail update (schema/registration.graphql):
 * the same service calls as the REST methods `register`, `pwdLost`, `pwdReset`, `checkPwdResetToken`, `pwdChange`,
 * `changePassword`, `orderRegistrationCode` and `updateRegistration`.
 */
export const registrationResolvers: Resolvers = {
  Query: {
    passwordResetLinkStatus: (_p, args, ctx) => registrationFor(ctx).resetLinkStatus(args.token),
  },
  Mutation: {
    register: (_p, args, ctx) => registrationFor(ctx).register(args.input),
    checkRegistration: (_p, args, ctx) => registrationFor(ctx).checkRegistration(args.input),
    requestPasswordReset: (_p, args, ctx) => registrationFor(ctx).requestPasswordReset(args.input),
    resetPassword: (_p, args, ctx) => registrationFor(ctx).resetPassword(args.input),
    async changeInsecurePassword(_p, args, ctx) {
      const session = await ctx.requireFlowSession();
      return registrationFor(ctx).changeInsecurePassword(session, args.input, async () => await ctx.services.loginFlow.advance(session));
    },
    async changePassword(_p, args, ctx) {
      await ctx.requirePersonId();
      const s = await ctx.requireFlowSession();
      return registrationFor(ctx)
        .changePassword(s, args.input)
        .then((r) => ({ ...r, ok: r.status === 'SUCCESSFUL' }));
    },
    async orderRegistrationCode(_p, args, ctx) {
      return registrationFor(ctx).orderRegistrationCode(args.input);
    },
    async updateRegistrationEmail(_p, args, ctx) {
      const session = await ctx.requireFlowSession();
      const flow = ctx.services.loginFlow;
      return registrationFor(ctx).updateRegistrationEmail(
        session,
        args.input,
        () => flow.currentStatus(session),
        () => flow.advance(session),
      );
    },
  },
};
