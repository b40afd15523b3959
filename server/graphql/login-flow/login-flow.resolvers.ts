import { GraphQLError } from 'graphql';
import { isLoggedInStatus, type LoginStatus } from '../../domain/auth/auth.rules';
import type { Resolvers } from '../__generated__/resolvers-types';

const payload = (status: LoginStatus) => ({ status, loggedIn: isLoggedInStatus(status) });

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The login flow (schema/login-flow.graphql): the same service calls as the spec-000 REST methods. */
export const loginFlowResolvers: Resolvers = {
  Query: {
    pendingLogin(_p, _a, ctx) {
      const session = ctx.requireFlowSession();
      return { status: ctx.services.loginFlow.currentStatus(session), email: ctx.services.person.get(session.personId).email };
    },
    serviceDuties: (_p, _a, ctx) => ctx.services.loginFlow.duties(ctx.requirePersonId()).map((d) => ({ ...d, id: String(d.id) })),
    postLoginQuestions: (_p, _a, ctx) => ctx.services.loginFlow.questions(ctx.requirePersonId()),
  },
  Mutation: {
    acceptTerms: (_p, args, ctx) => payload(ctx.services.loginFlow.acceptTerms(ctx.requireFlowSession(), args.previousStatus, args.accepted)),
    setAnnualStatementDelivery: (_p, args, ctx) => payload(ctx.services.loginFlow.setAnnualStatementDelivery(ctx.requireFlowSession(), args.viaPortal)),
    synchronizeLoginData: (_p, _a, ctx) => payload(ctx.services.loginFlow.synchronizeLoginData(ctx.requireFlowSession())),
    chooseMailbox(_p, args, ctx) {
      ctx.requirePersonId();
      const dutyId = args.dutyId === null || args.dutyId === undefined ? null : Number(args.dutyId);
      if (dutyId !== null && !Number.isSafeInteger(dutyId)) return { ok: false };
      return { ok: ctx.services.loginFlow.chooseMailbox(ctx.requireFlowSession(), args.type, dutyId) };
    },
    setNewsletterConsent(_p, args, ctx) {
      const personId = ctx.requirePersonId();
      ctx.services.loginFlow.setNewsletter(personId, { pk: args.pensionFund ?? null, vk: args.severanceFund ?? null });
      return { ok: true, preferences: ctx.services.person.get(personId) };
    },
    setPrizeDraw(_p, args, ctx) {
      const personId = ctx.requirePersonId();
      ctx.services.loginFlow.setPrizeDraw(personId, args.participate);
      return { ok: true, preferences: ctx.services.person.get(personId) };
    },
    setBenefitStatementDelivery(_p, args, ctx) {
      const personId = ctx.requirePersonId();
      ctx.services.loginFlow.setBenefitStatementDelivery(personId, args.digital);
      return { ok: true, preferences: ctx.services.person.get(personId) };
    },
    setAccountStatementByMail(_p, args, ctx) {
      ctx.requirePersonId();
      return payload(ctx.services.loginFlow.setAccountStatementByMail(ctx.requireFlowSession(), args.byMail, args.notifyWhenPayoutPossible ?? null));
    },
    confirmRegistrationEmail: (_p, _a, ctx) => payload(ctx.services.loginFlow.confirmRegistrationEmail(ctx.requireFlowSession())),
    activateAccount: (_p, args, ctx) => ({ status: ctx.services.loginFlow.activate(args.registrationId) }),
    log(_p, args, ctx) {
      if (args.component.length > 100 || args.msgs.length > 20 || args.msgs.some((m) => m.length > 2000)) throw badInput('Log-Eintrag zu groß.');
      ctx.writeClientLog({ component: args.component, level: args.level, msgs: args.msgs });
      return true;
    },
  },
};
