/** REST methods of the registry (./registry.ts): registration, password and code flows, the remote log and the calculator. */
import { z } from 'zod';
import { calculatorRestAnswer, calculatorRestInput, calculatorViewAnswer } from '../calculator/calculator.rest';
import { flowAnswer, orderAnswer, specAnswer } from './registration.rest';
import { empty, formBoolean, LOG_LEVELS, method, text } from '../../rest/method-kit';
import type { RestMethod } from '../../rest/method-kit';

export const REGISTRATION_METHODS: RestMethod[] = [
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
  method({
    name: 'getCalculator',
    input: empty,
    auth: 'session',
    async run(ctx) {
      return calculatorViewAnswer(await ctx.services.calculator.view(ctx.scope, await ctx.requirePersonId()));
    },
  }),
  method({
    name: 'calculatePension',
    input: calculatorRestInput,
    auth: 'session',
    async run(ctx, input) {
      return calculatorRestAnswer(await ctx.services.calculator.project(ctx.scope, await ctx.requirePersonId(), input));
    },
  }),
];
