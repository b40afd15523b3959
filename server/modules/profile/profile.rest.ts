import { z } from 'zod';
import { empty, formBoolean, method, text, profileAnswer, profileText, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const profileRestMethods: RestMethod[] = [
  // Profile settings (spec 001 section 2 "Profile"; server/modules/profile/profile.graphql). Fields arrive as text of at most 10,000 characters and are
  // checked by the profile service, which answers refused fields as data: { ok, code, fieldErrors: [{ field, code }] }.
  // Unknown fields (a `personId`, for example) are dropped: every change applies to the session's own person.
  method({
    name: 'changeEmail',
    // currentPassword: the step-up (decision 0011); optional only for a session of an eID login of the last 5 minutes.
    input: z.object({ newEmail: profileText, newEmailConfirmation: profileText, currentPassword: profileText }),
    auth: 'session',
    async run(ctx, input) {
      const r = await ctx.services.profile.requestEmailChange(ctx.scope, await ctx.requirePersonId(), input);
      return r.ok ? { ok: true, code: null, fieldErrors: [], pendingEmail: r.value.pendingEmail } : { ok: false, code: r.code, fieldErrors: r.fieldErrors };
    },
  }),

  method({
    name: 'confirmEmailChange',
    input: z.object({ token: text(200) }),
    auth: 'public',
    run: async (ctx, input) => ({ status: await ctx.services.profile.confirmEmailChange(ctx.scope, input.token) }),
  }),

  method({
    name: 'changeAddress',
    input: z.object({ street: profileText, postcode: profileText, city: profileText, country: profileText, poBox: profileText, validFrom: profileText }),
    auth: 'session',
    run: async (ctx, input) => profileAnswer(await ctx.services.profile.changeAddress(ctx.scope, await ctx.requirePersonId(), input)),
  }),

  method({
    name: 'changeBankDetails',
    input: z.object({ accountHolder: profileText, bankName: profileText, iban: profileText, bic: profileText, validFrom: profileText, currentPassword: profileText }),
    auth: 'session',
    run: async (ctx, input) => profileAnswer(await ctx.services.profile.changeBankDetails(ctx.scope, await ctx.requirePersonId(), input)),
  }),

  method({
    name: 'deleteAccess',
    input: z.object({ currentPassword: profileText, confirmed: formBoolean.optional() }),
    auth: 'session',
    async run(ctx, input) {
      const r = await ctx.services.profile.deleteAccess(ctx.scope, await ctx.requirePersonId(), input);
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
];
