import { z } from 'zod';
import { formBoolean, method, text, type RestMethod } from '../../rest/method-kit';
import { flowAnswer, orderAnswer, specAnswer } from './registration.rest-answers';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const registrationRestMethods: RestMethod[] = [
  // Registration, password lost / reset / change, code ordering, e-mail update (spec 001 sections 2 and 5; server/modules/registration/registration.graphql).
  method({
    name: 'register',
    input: z.object({
      svnr: text(100).default(''),
      code: text(100).default(''),
      email: text(300).default(''),
      emailConfirmation: text(300).default(''),
      password: text(1000).default(''),
      passwordConfirmation: text(1000).default(''),
      termsAccepted: formBoolean.default(false),
    }),
    auth: 'public',
    run: async (ctx, input) => specAnswer(await ctx.services.registration.register(ctx.scope, input)),
  }),

  method({
    name: 'pwdLost',
    input: z.object({
      svnr: text(100).default(''),
      email: text(300).default(''),
      lastName: text(300).default(''),
      termsAccepted: formBoolean.default(false),
      addEmail: formBoolean.default(false),
    }),
    auth: 'public',
    run: async (ctx, input) => specAnswer(await ctx.services.registration.requestPasswordReset(ctx.scope, input)),
  }),

  method({
    name: 'checkPwdResetToken',
    input: z.object({ token: text(200).default('') }),
    auth: 'public',
    run: async (ctx, input) => ({ status: await ctx.services.registration.resetLinkStatus(input.token) }),
  }),

  method({
    name: 'pwdReset',
    input: z.object({ token: text(200).default(''), newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'public',
    run: async (ctx, input) => specAnswer(await ctx.services.registration.resetPassword(ctx.scope, input)),
  }),

  method({
    name: 'pwdChange',
    input: z.object({ newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'flow',
    run: async (ctx, input) => flowAnswer(await ctx.services.registration.changeInsecurePassword(ctx.scope, await ctx.requireFlowSession(), input)),
  }),

  method({
    name: 'changePassword',
    input: z.object({ currentPassword: text(1000).default(''), newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'session',
    run: async (ctx, input) => specAnswer(await ctx.services.registration.changePassword(ctx.scope, await ctx.requireFlowSession(), input)),
  }),

  method({
    name: 'orderRegistrationCode',
    input: z.object({ svnr: text(100).default(''), lastName: text(300).default(''), kind: z.enum(['REGISTRATION_CODE', 'FIRST_PASSWORD']).default('REGISTRATION_CODE') }),
    auth: 'public',
    run: async (ctx, input) => orderAnswer(await ctx.services.registration.orderRegistrationCode(input)),
  }),

  method({
    name: 'updateRegistration',
    input: z.object({ email: text(300).default(''), emailConfirmation: text(300).default('') }),
    auth: 'flow',
    run: async (ctx, input) => flowAnswer(await ctx.services.registration.updateRegistrationEmail(ctx.scope, await ctx.requireFlowSession(), input)),
  }),
];
