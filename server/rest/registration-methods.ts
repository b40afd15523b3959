/** REST methods of the registry (./registry.ts): registration, password and code flows, the remote log and the calculator. */
import { z } from 'zod';
import { calculatorRestAnswer, calculatorRestInput, calculatorViewAnswer } from '../domain/calculator/calculator.rest';
import { registrationFor } from '../domain/registration/for-request';
import { flowAnswer, orderAnswer, specAnswer } from '../domain/registration/registration.rest';
import { empty, formBoolean, LOG_LEVELS, method, text } from './method-kit';
import type { RestMethod } from './method-kit';

export const REGISTRATION_METHODS: RestMethod[] = [
  // Registration, password lost / reset / change, code ordering, e-mail update (issue 4; schema/registration.graphql).
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
    run: async (ctx, input) => specAnswer(await registrationFor(ctx).register(input)),
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
    run: async (ctx, input) => specAnswer(await registrationFor(ctx).requestPasswordReset(input)),
  }),
  method({
    name: 'checkPwdResetToken',
    input: z.object({ token: text(200).default('') }),
    auth: 'public',
    run: async (ctx, input) => ({ status: await registrationFor(ctx).resetLinkStatus(input.token) }),
  }),
  method({
    name: 'pwdReset',
    input: z.object({ token: text(200).default(''), newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'public',
    run: async (ctx, input) => specAnswer(await registrationFor(ctx).resetPassword(input)),
  }),
  method({
    name: 'pwdChange',
    input: z.object({ newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'flow',
    async run(ctx, input) {
      const session = await ctx.requireFlowSession();
      return flowAnswer(await registrationFor(ctx).changeInsecurePassword(session, input, async () => await ctx.services.loginFlow.advance(session)));
    },
  }),
  method({
    name: 'changePassword',
    input: z.object({ currentPassword: text(1000).default(''), newPassword: text(1000).default(''), newPasswordConfirmation: text(1000).default('') }),
    auth: 'session',
    run: async (ctx, input) => specAnswer(await registrationFor(ctx).changePassword(await ctx.requireFlowSession(), input)),
  }),
  method({
    name: 'orderRegistrationCode',
    input: z.object({ svnr: text(100).default(''), lastName: text(300).default(''), kind: z.enum(['REGISTRATION_CODE', 'FIRST_PASSWORD']).default('REGISTRATION_CODE') }),
    auth: 'public',
    run: async (ctx, input) => orderAnswer(await registrationFor(ctx).orderRegistrationCode(input)),
  }),
  method({
    name: 'updateRegistration',
    input: z.object({ email: text(300).default(''), emailConfirmation: text(300).default('') }),
    auth: 'flow',
    async run(ctx, input) {
      const session = await ctx.requireFlowSession();
      const flow = ctx.services.loginFlow;
      const result = await registrationFor(ctx).updateRegistrationEmail(
        session,
        input,
        () => flow.currentStatus(session),
        () => flow.advance(session),
      );
      return flowAnswer(result);
    },
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
      // Rate-limited per IP and session, at most LOG_MAX_CALL_BYTES per call (server/domain/client-log): 429 / 413.
      await ctx.writeClientLog(input);
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
