import { z } from 'zod';
import type { RequestContext } from '../context';
import { notFound } from '../domain/shared/errors';
import { clientConfig } from '../domain/tenant/client-config';
import { calculatorRestAnswer, calculatorRestInput, calculatorViewAnswer } from '../domain/calculator/calculator.rest';
import { registrationFor } from '../domain/registration/for-request';
import { flowAnswer, orderAnswer, specAnswer } from '../domain/registration/registration.rest';
import { CLIENT_LOG_LEVELS } from '../domain/client-log/client-log.service';
import { getMessagesRestInput, messageJson, messagePageJson } from '../domain/messages/messages.rest';
import { verfuegungenInput, verfuegungenRun } from '../domain/claims/claims.rest';
import {
  aendernInput,
  aendernRun,
  eigenbeitraegeInput,
  eigenbeitraegeRun,
  kuendigenInput,
  kuendigenRun,
  mandatInput,
  mandatRun,
  praemienantragInput,
  praemienantragRun,
} from '../domain/own-contributions/own-contributions.rest';
import { formRestInput, formRestRun } from '../domain/forms/forms.rest';
import { zusammenlegungInput, zusammenlegungRun } from '../domain/merge/merge.rest';
import { uploadFormRestInput, uploadFormRestRun } from '../domain/public-uploads/public-uploads.rest';

/**
 * The documented `rest/*` methods (spec 000 section 7), one entry each: the request schema, whether a session is
 * needed, and the call into the same domain services GraphQL uses. An entry answers a JSON value, or
 * `undefined` for the spec's empty answer.
 */
export interface RestMethod<S extends z.ZodType = z.ZodType> {
  /** Method name exactly as in the spec (the URL is /rest/{name}). */
  name: string;
  /** Body schema; form fields arrive as strings. */
  input: S;
  /**
   * Who may call, checked by the handler before the body is read (so a call without a session answers the same
   * whatever its body): `session` needs a completed login, `flow` a login in progress (stage PENDING) or a completed
   * one; without either the answer is 406, after a time-out 423. `public`: anyone.
   */
  auth: 'public' | 'flow' | 'session';
  run(ctx: RequestContext, input: z.infer<S>): Promise<unknown> | unknown;
}

function method<S extends z.ZodType>(m: RestMethod<S>): RestMethod {
  return m as unknown as RestMethod;
}

/** Form booleans as legacy clients send them ('true', 'false', '1', '0') or JSON booleans. */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')]);
/** A text field of at most `max` characters (form or JSON string). */
export const text = (max: number) => z.string().max(max);

const empty = z.object({}).loose();

/** A profile form field as a legacy client sends it; the profile service checks it (empty, length, characters). */
const profileText = z.string().max(10_000).optional();

/** The legacy answer of a profile change: `{ ok, code, fieldErrors: [{ field, code }] }` (codes of schema/profile.graphql). */
function profileAnswer(r: { ok: true } | { ok: false; code: string; fieldErrors: { field: string; code: string }[] }) {
  return r.ok ? { ok: true, code: null, fieldErrors: [] } : { ok: false, code: r.code, fieldErrors: r.fieldErrors };
}

/** The legacy person block of the newsletter decision (spec 000 section 3). */
async function legacyPerson(ctx: RequestContext, personId: number) {
  const p = await ctx.services.person.get(personId);
  return { bIsMaennlich: p.gender === 'MALE', titelVorne: p.titlePrefix, vorname: p.firstName, nachname: p.lastName, titelHinten: p.titleSuffix, email: p.email };
}

/** Log levels of the remote log call (spec 000 section 3 "Log message"). */
export const LOG_LEVELS = CLIENT_LOG_LEVELS;

export const REST_METHODS: RestMethod[] = [
  method({
    name: 'getClientConfig',
    input: empty,
    auth: 'public',
    run(ctx) {
      const c = clientConfig(ctx.config, ctx.tenant);
      return {
        matomoSiteId: c.matomoSiteId,
        versionNumbers: { [ctx.tenant.loginProduct]: c.versionNumbers.portal, WebRechner: c.versionNumbers.webRechner },
        announcement: c.announcement,
        eidAuthEndpoint: c.eid?.authEndpoint ?? null,
        eidClientId: c.eid?.clientId ?? null,
        eidRedirectUri: c.eid?.redirectUri ?? null,
      };
    },
  }),
  method({
    name: 'checkSessionQuiet',
    input: empty,
    auth: 'public',
    run: async (ctx) => ({ loggedIn: await ctx.services.auth.isLoggedIn(ctx.sessionToken) }),
  }),
  method({
    name: 'login',
    // Over-long values are not refused here: the login service answers them with the documented statuses.
    input: z.object({
      user: z.string().max(10_000).optional().default(''),
      password: z.string().max(10_000).optional().default(''),
      entryViaQrCode: formBoolean.optional(),
    }),
    auth: 'public',
    async run(ctx, input) {
      const result = await ctx.services.auth.login({ email: input.user, password: input.password, entryViaQrCode: input.entryViaQrCode === true }, ctx.meta);
      if (result.sessionToken) {
        await ctx.services.auth.logout(ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return { status: result.status };
    },
  }),
  method({
    name: 'getPersonalData',
    input: empty,
    auth: 'session',
    run: async (ctx) => await ctx.services.person.legacyPersonalData(await ctx.requirePersonId()),
  }),
  method({
    name: 'activateAccount',
    input: z.object({ registrationId: text(200) }),
    auth: 'public',
    run: async (ctx, input) => ({ status: await ctx.services.loginFlow.activate(input.registrationId) }),
  }),
  method({
    name: 'loginNutzungAkzeptiert',
    // `cont` is the status that asked for the acceptance; `accepted` the member's answer.
    input: z.object({ cont: text(60), accepted: formBoolean }),
    auth: 'flow',
    run: async (ctx, input) => ({ status: await ctx.services.loginFlow.acceptTerms(await ctx.requireFlowSession(), input.cont, input.accepted) }),
  }),
  method({
    name: 'setIbkPerPortal',
    input: z.object({ value: formBoolean }),
    auth: 'flow',
    run: async (ctx, input) => ({ status: await ctx.services.loginFlow.setAnnualStatementDelivery(await ctx.requireFlowSession(), input.value) }),
  }),
  method({
    name: 'setLNDigital',
    input: z.object({ lnDigital: formBoolean, showLNDigital: formBoolean.optional() }),
    auth: 'session',
    async run(ctx, input) {
      if (input.showLNDigital !== false) await ctx.services.loginFlow.setBenefitStatementDelivery(await ctx.requirePersonId(), input.lnDigital);
      return undefined;
    },
  }),
  method({
    name: 'getAspDuties',
    input: empty,
    auth: 'session',
    run: async (ctx) =>
      (await ctx.services.loginFlow.duties(await ctx.requirePersonId())).map((d) => ({ id: d.id, kundenbezeichnung: d.customerDesignation, funktionsgruppen: d.functionGroups })),
  }),
  method({
    name: 'setPostfachtype',
    input: z.object({ postfachtype: z.enum(['ASP', 'AWB_LB']) }),
    auth: 'session',
    async run(ctx, input) {
      const session = await ctx.requireFlowSession();
      if (input.postfachtype === 'AWB_LB') {
        await ctx.services.loginFlow.chooseMailbox(session, 'AWB_LB', null);
        return undefined;
      }
      // ASP: keep a duty chosen with setSelectedAspDuty; with a single duty take it; otherwise the duty follows.
      const current = await ctx.session();
      const duties = await ctx.services.loginFlow.duties(session.personId);
      const dutyId = (current.state === 'ACTIVE' ? current.selectedDutyId : null) ?? (duties.length === 1 ? duties[0]!.id : null);
      if (dutyId === null) return undefined;
      await ctx.services.loginFlow.chooseMailbox(session, 'ASP', dutyId);
      return undefined;
    },
  }),
  method({
    name: 'setSelectedAspDuty',
    input: z.object({ id: z.number().int().optional(), kundenbezeichnung: text(200), funktionsgruppen: z.array(text(200)).max(50) }),
    auth: 'session',
    async run(ctx, input) {
      const session = await ctx.requireFlowSession();
      const duty = await ctx.services.loginFlow.findDuty(session.personId, {
        id: input.id,
        customerDesignation: input.kundenbezeichnung,
        functionGroups: input.funktionsgruppen,
      });
      if (!duty) throw notFound();
      await ctx.services.loginFlow.chooseMailbox(session, 'ASP', duty.id);
      return undefined;
    },
  }),
  method({
    name: 'getNewsletterDecisionNecessary',
    input: empty,
    auth: 'session',
    async run(ctx) {
      const personId = await ctx.requirePersonId();
      const q = await ctx.services.loginFlow.questions(personId);
      const person = await legacyPerson(ctx, personId);
      return {
        status: q.showNewsletterPk || q.showNewsletterVk ? 'NECESSARY' : 'NONE',
        personalDataPk: q.showNewsletterPk ? person : null,
        personalDataVk: q.showNewsletterVk ? person : null,
        showPk: q.showNewsletterPk,
        showVk: q.showNewsletterVk,
        showGewinnspielVk: q.askPrizeDraw,
      };
    },
  }),
  method({
    name: 'setNewsletter',
    input: z.object({
      newsletterPk: formBoolean.optional(),
      showNewsletterPk: formBoolean.optional(),
      newsletterVk: formBoolean.optional(),
      showNewsletterVk: formBoolean.optional(),
    }),
    auth: 'session',
    async run(ctx, input) {
      await ctx.services.loginFlow.setNewsletter(await ctx.requirePersonId(), {
        pk: input.showNewsletterPk && input.newsletterPk !== undefined ? input.newsletterPk : null,
        vk: input.showNewsletterVk && input.newsletterVk !== undefined ? input.newsletterVk : null,
      });
      return undefined;
    },
  }),
  method({
    name: 'setGewinnspielVk',
    input: z.object({ gewinnspielVk: formBoolean }),
    auth: 'session',
    async run(ctx, input) {
      await ctx.services.loginFlow.setPrizeDraw(await ctx.requirePersonId(), input.gewinnspielVk);
      return undefined;
    },
  }),
  method({
    name: 'setABPBPerMail',
    input: z.object({ aBPBPerMail: formBoolean, expressInfo: formBoolean.optional() }),
    auth: 'session',
    async run(ctx, input) {
      await ctx.requirePersonId();
      return { status: await ctx.services.loginFlow.setAccountStatementByMail(await ctx.requireFlowSession(), input.aBPBPerMail, input.expressInfo ?? null) };
    },
  }),
  // Profile settings (issue 6; schema/profile.graphql). Fields arrive as text of at most 10,000 characters and are
  // checked by the profile service, which answers refused fields as data: { ok, code, fieldErrors: [{ field, code }] }.
  // Unknown fields (a `personId`, for example) are dropped: every change applies to the session's own person.
  method({
    name: 'changeEmail',
    // currentPassword: the step-up (issue 11 item 1); optional only for a session of an eID login of the last 5 minutes.
    input: z.object({ newEmail: profileText, newEmailConfirmation: profileText, currentPassword: profileText }),
    auth: 'session',
    async run(ctx, input) {
      const r = await ctx.services.profile.requestEmailChange(await ctx.requirePersonId(), input, ctx.publicOrigin());
      return r.ok ? { ok: true, code: null, fieldErrors: [], pendingEmail: r.value.pendingEmail } : { ok: false, code: r.code, fieldErrors: r.fieldErrors };
    },
  }),
  method({
    name: 'confirmEmailChange',
    input: z.object({ token: text(200) }),
    auth: 'public',
    run: async (ctx, input) => ({ status: await ctx.services.profile.confirmEmailChange(input.token) }),
  }),
  method({
    name: 'changeAddress',
    input: z.object({ street: profileText, postcode: profileText, city: profileText, country: profileText, poBox: profileText, validFrom: profileText }),
    auth: 'session',
    run: async (ctx, input) => profileAnswer(await ctx.services.profile.changeAddress(await ctx.requirePersonId(), input)),
  }),
  method({
    name: 'changeBankDetails',
    input: z.object({ accountHolder: profileText, bankName: profileText, iban: profileText, bic: profileText, validFrom: profileText, currentPassword: profileText }),
    auth: 'session',
    run: async (ctx, input) => profileAnswer(await ctx.services.profile.changeBankDetails(await ctx.requirePersonId(), input)),
  }),
  method({
    name: 'webportal/verfuegungen',
    input: verfuegungenInput,
    auth: 'session',
    run: verfuegungenRun,
  }),
  method({ name: 'webportal/zusammenlegung', input: zusammenlegungInput, auth: 'session', run: zusammenlegungRun }),
  method({ name: 'webportal/eigenbeitraege', input: eigenbeitraegeInput, auth: 'session', run: eigenbeitraegeRun }),
  method({ name: 'webportal/eigenbeitraege/mandat', input: mandatInput, auth: 'session', run: mandatRun }),
  method({ name: 'webportal/eigenbeitraege/aendern', input: aendernInput, auth: 'session', run: aendernRun }),
  method({ name: 'webportal/eigenbeitraege/kuendigen', input: kuendigenInput, auth: 'session', run: kuendigenRun }),
  method({ name: 'webportal/eigenbeitraege/praemienantrag', input: praemienantragInput, auth: 'session', run: praemienantragRun }),
  method({
    name: 'webportal/form',
    input: formRestInput,
    auth: 'session',
    run: formRestRun,
  }),
  method({
    name: 'webportal/uploadForm',
    input: uploadFormRestInput,
    auth: 'public',
    run: uploadFormRestRun,
  }),
  method({
    name: 'deleteAccess',
    input: z.object({ currentPassword: profileText, confirmed: formBoolean.optional() }),
    auth: 'session',
    async run(ctx, input) {
      const r = await ctx.services.profile.deleteAccess(await ctx.requirePersonId(), input);
      if (r.ok) ctx.clearSessionCookie();
      return profileAnswer(r);
    },
  }),
  method({
    name: 'getChangeHistory',
    input: z.object({ first: z.coerce.number().int().min(0).max(200).optional() }),
    auth: 'session',
    async run(ctx, input) {
      const personId = await ctx.requirePersonId();
      return (await ctx.services.profile.history(personId, input.first)).map((c) => ({
        changedAt: c.changedAt,
        actor: c.actor,
        area: c.area,
        field: c.field,
        oldValue: c.oldValue,
        newValue: c.newValue,
      }));
    },
  }),
  method({
    name: 'getRetentionFacts',
    input: empty,
    auth: 'public',
    run: async (ctx) => await ctx.services.profile.retentionFacts(),
  }),
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
      return calculatorViewAnswer(await ctx.services.calculator.view(await ctx.requirePersonId()));
    },
  }),
  method({
    name: 'calculatePension',
    input: calculatorRestInput,
    auth: 'session',
    async run(ctx, input) {
      return calculatorRestAnswer(await ctx.services.calculator.project(await ctx.requirePersonId(), input));
    },
  }),
  // Inbox (issue 14; spec 001 sections 3 and 5 name no paths or payloads, so the names follow the GraphQL operations).
  method({
    name: 'getMessages',
    input: getMessagesRestInput,
    auth: 'session',
    async run(ctx, input) {
      return messagePageJson(await ctx.services.messages.page(await ctx.mailbox(), input));
    },
  }),
  method({
    name: 'getMessage',
    input: z.object({ id: text(40) }),
    auth: 'session',
    async run(ctx, input) {
      const message = await ctx.services.messages.get(await ctx.mailbox(), input.id);
      if (!message) throw notFound();
      return messageJson(message);
    },
  }),
  method({
    name: 'getMessageRecipients',
    input: empty,
    auth: 'session',
    async run(ctx) {
      return { recipients: await ctx.services.messages.recipients(await ctx.mailbox()) };
    },
  }),
  method({
    name: 'markMessageRead',
    input: z.object({ id: text(40) }),
    auth: 'session',
    async run(ctx, input) {
      const result = await ctx.services.messages.markRead(await ctx.mailbox(), input.id);
      if (!result.ok) throw notFound();
      return messageJson(result.value);
    },
  }),
  method({
    name: 'sendMessage',
    input: z.object({
      recipient: text(40).optional(),
      subject: text(1000).optional(),
      body: text(20_000).optional(),
      attachmentIds: z.union([z.array(text(64)).max(20), text(64).transform((v) => (v === '' ? [] : [v]))]).optional(),
    }),
    auth: 'session',
    async run(ctx, input) {
      const result = await ctx.services.messages.send(await ctx.mailbox(), { ...input, attachmentIds: input.attachmentIds ?? [] });
      return result.ok ? { ok: true, code: null, fieldErrors: [], message: messageJson(result.value) } : { ok: false, code: result.code, fieldErrors: result.fieldErrors ?? [] };
    },
  }),
];

/**
 * `login{product}` (spec 000 section 7): the first-login data sync. The product name is the tenant's
 * (`loginMvbv` on the main tenant, `loginNoevk` on the regional one); the other tenant's name is unknown (404).
 */
export const LOGIN_PRODUCT_METHOD: RestMethod = method({
  name: 'login{product}',
  input: empty,
  auth: 'flow',
  async run(ctx) {
    return { status: await ctx.services.loginFlow.synchronizeLoginData(await ctx.requireFlowSession()) };
  },
});

export const REST_REGISTRY: ReadonlyMap<string, RestMethod> = new Map(REST_METHODS.map((m) => [m.name, m]));

/** The method registered under `name` for this tenant, or undefined (answered 404). */
export function findRestMethod(name: string, tenant: { loginProduct: string }): RestMethod | undefined {
  if (name === `login${tenant.loginProduct}`) return LOGIN_PRODUCT_METHOD;
  return REST_REGISTRY.get(name);
}
