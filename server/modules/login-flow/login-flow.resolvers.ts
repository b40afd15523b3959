import { GraphQLError } from 'graphql';
import loginFlowTexts from '@contract/i18n/de/login-flow.json';
import loginTexts from '@contract/i18n/de/login.json';
import transport from '@contract/i18n/de/transport.json';
import type { FieldError } from '../../platform/shared/result';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { loginResult } from '../session/login-result';

const mailboxTexts: Record<string, string> = loginFlowTexts.loginFlow.mailbox.error;

/** The `ChooseMailboxError` of a refused choice, with the German messages of `loginFlow.mailbox.error`. */
function mailboxError(code: string, fieldErrors: FieldError[]) {
  return {
    code,
    message: mailboxTexts[code] ?? mailboxTexts.INVALID_INPUT!,
    fieldErrors: fieldErrors.map((f) => ({ ...f, message: mailboxTexts[f.code] ?? mailboxTexts.INVALID_INPUT! })),
  };
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The login flow (server/modules/login-flow/login-flow.graphql): the same service calls as the spec-000 REST methods. */
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
      // A malformed id is no duty of the person: NaN matches none, so the service answers UNKNOWN_DUTY.
      const r = await ctx.services.loginFlow.chooseMailbox(await ctx.requireFlowSession(), args.type, dutyId !== null && !Number.isSafeInteger(dutyId) ? Number.NaN : dutyId);
      if (!r.ok) return { ok: null, error: mailboxError(r.code, r.fieldErrors) };
      return { ok: { type: r.value.type, dutyId: r.value.dutyId === null ? null : String(r.value.dutyId) }, error: null };
    },
    async setNewsletterConsent(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setNewsletter(
        ctx.scope,
        personId,
        { pk: args.pensionFund ?? null, vk: args.severanceFund ?? null },
        { termsTicked: args.termsAccepted ?? null, channel: args.channel ?? 'SETTINGS' },
      );
      return { ok: { person: await ctx.services.person.get(personId) }, error: null };
    },
    async setPrizeDraw(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setPrizeDraw(personId, args.participate);
      return { ok: { person: await ctx.services.person.get(personId) }, error: null };
    },
    async setBenefitStatementDelivery(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      await ctx.services.loginFlow.setBenefitStatementDelivery(ctx.scope, personId, args.digital);
      return { ok: { person: await ctx.services.person.get(personId) }, error: null };
    },
    async setAccountStatementByMail(_p, args, ctx) {
      await ctx.requirePersonId();
      return loginResult(
        await ctx.services.loginFlow.setAccountStatementByMail(ctx.scope, await ctx.requireFlowSession(), args.input.byMail, args.input.notifyWhenPayoutPossible ?? null),
      );
    },
    confirmRegistrationEmail: async (_p, _a, ctx) => loginResult(await ctx.services.loginFlow.confirmRegistrationEmail(await ctx.requireFlowSession())),
    async activateAccount(_p, args, ctx) {
      const status = await ctx.services.loginFlow.activate(args.registrationId);
      if (status === 'SUCCESSFUL' || status === 'ALREADY_ACTIVATED') return { ok: { status }, error: null };
      return { ok: null, error: { code: status, message: loginTexts.login.activation[status], fieldErrors: [] } };
    },
    async log(_p, args, ctx) {
      if (args.component.length > 100 || args.msgs.length > 20 || args.msgs.some((m) => m.length > 2000)) throw badInput(transport.logEntryTooLarge);
      await ctx.services.clientLog.write(ctx.scope, { component: args.component, level: args.level, msgs: args.msgs }, ctx.sessionToken);
      return true;
    },
  },
};
