import { z } from 'zod';
import { notFound } from '../../platform/shared/errors';
import { empty, formBoolean, legacyPerson, method, text, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const loginFlowRestMethods: RestMethod[] = [
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
      if (input.showLNDigital !== false) await ctx.services.loginFlow.setBenefitStatementDelivery(ctx.scope, await ctx.requirePersonId(), input.lnDigital);
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
      await ctx.services.loginFlow.setNewsletter(ctx.scope, await ctx.requirePersonId(), {
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
      return { status: await ctx.services.loginFlow.setAccountStatementByMail(ctx.scope, await ctx.requireFlowSession(), input.aBPBPerMail, input.expressInfo ?? null) };
    },
  }),
];
