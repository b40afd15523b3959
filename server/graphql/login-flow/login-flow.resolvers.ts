import { GraphQLError } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers-types';
import { loginResult } from '../session/login-result';

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The login flow (schema/login-flow.graphql): the same service calls as the spec-000 REST methods. */
export const loginFlowResolvers: Resolvers = {
  Query: {
    async pendingLogin(_p, _a, ctx) {
      const session = await ctx.requireFlowSession();
      return { status: await ctx.services.loginFlow.currentStatus(session), email: (await ctx.services.person.get(session.personId)).email };
    },
    serviceDuties: async (_p, _a, ctx) => (await ctx.services.loginFlow.duties(await ctx.requirePersonId())).map((d) => ({ ...d, id: String(d.id) })),
    postLoginQuestions: async (_p, _a, ctx) => await ctx.services.loginFlow.questions(await ctx.requirePersonId()),
  },
  Person: {
    consentRecords: async (p, _a, ctx) =>
      (await ctx.services.loginFlow.consentRecords(p.id)).map((r) => ({
        subject: r.subject,
        granted: r.granted,
        termsAccepted: r.termsTicked,
        textVersion: r.textVersion,
        channel: r.channel,
        recordedAt: r.recordedAt,
      })),
  },
  Mutation: {
    acceptTerms: async (_p, args, ctx) => loginResult(await ctx.services.loginFlow.acceptTerms(await ctx.requireFlowSession(), args.input.previousStatus, args.input.accepted)),
    setAnnualStatementDelivery: async (_p, args, ctx) => loginResult(await ctx.services.loginFlow.setAnnualStatementDelivery(await ctx.requireFlowSession(), args.input.viaPortal)),
    synchronizeLoginData: async (_p, _a, ctx) => loginResult(await ctx.services.loginFlow.synchronizeLoginData(await ctx.requireFlowSession())),
    async chooseMailbox(_p, args, ctx) {
      await ctx.requirePersonId();
      const dutyId = args.dutyId === null || args.dutyId === undefined ? null : Number(args.dutyId);
      if (dutyId !== null && !Number.isSafeInteger(dutyId)) return { ok: false };
      return { ok: await ctx.services.loginFlow.chooseMailbox(await ctx.requireFlowSession(), args.type, dutyId) };
    },
    async setNewsletterConsent(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setNewsletter(
        personId,
        { pk: args.pensionFund ?? null, vk: args.severanceFund ?? null },
        { termsTicked: args.termsAccepted ?? null, channel: args.channel ?? 'SETTINGS' },
      );
      return { ok: true, preferences: await ctx.services.person.get(personId) };
    },
    async setPrizeDraw(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setPrizeDraw(personId, args.participate);
      return { ok: true, preferences: await ctx.services.person.get(personId) };
    },
    async setBenefitStatementDelivery(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setBenefitStatementDelivery(personId, args.digital);
      return { ok: true, preferences: await ctx.services.person.get(personId) };
    },
    async setAccountStatementByMail(_p, args, ctx) {
      await ctx.requirePersonId();
      return loginResult(await ctx.services.loginFlow.setAccountStatementByMail(await ctx.requireFlowSession(), args.input.byMail, args.input.notifyWhenPayoutPossible ?? null));
    },
    confirmRegistrationEmail: async (_p, _a, ctx) => loginResult(await ctx.services.loginFlow.confirmRegistrationEmail(await ctx.requireFlowSession())),
    activateAccount: async (_p, args, ctx) => ({ status: await ctx.services.loginFlow.activate(args.registrationId) }),
    async log(_p, args, ctx) {
      if (args.component.length > 100 || args.msgs.length > 20 || args.msgs.some((m) => m.length > 2000)) throw badInput('Log-Eintrag zu groß.');
      await ctx.writeClientLog({ component: args.component, level: args.level, msgs: args.msgs });
      return true;
    },
  },
};
