import type { BankAccountRow, PersonRow, ProfileChangeRow } from '../../../db/schema';
import { emailChangeError, profileError } from './profile.messages';
import { maskIban } from '@contract/profile';
import type { ProfileResult } from './profile.service';
import { COUNTRIES } from '@contract/countries';
import type { ProfileChangeActor, ProfileChangeArea, Resolvers } from '../../graphql/__generated__/resolvers-types';

/** `ChangeAddressResult` and its siblings: the changed person, or the error with its German messages. */
function changeResult(r: ProfileResult<PersonRow>) {
  return r.ok ? { ok: { person: r.value }, error: null } : { ok: null, error: profileError(r.code, r.fieldErrors) };
}

const bankAccount = (b: BankAccountRow) => ({
  accountHolder: b.accountHolder,
  bankName: b.bankName,
  iban: b.iban,
  ibanMasked: maskIban(b.iban),
  bic: b.bic,
  validFrom: b.validFrom,
});

const change = (c: ProfileChangeRow) => ({
  id: String(c.id),
  changedAt: c.changedAt,
  actor: c.actor as ProfileChangeActor,
  area: c.area as ProfileChangeArea,
  field: c.field,
  oldValue: c.oldValue,
  newValue: c.newValue,
});

/**
 * Profile settings (server/modules/profile/profile.graphql): thin calls into ProfileService. Every mutation but the public
 * `confirmEmailChange` takes the person from the session (`requirePersonId`); inputs never name a person.
 */
export const profileResolvers: Resolvers = {
  Query: {
    retentionFacts: async (_p, _a, ctx) => await ctx.services.profile.retentionFacts(),
    countries: () => COUNTRIES.map((c) => ({ ...c })),
  },
  Person: {
    async bankAccount(p, _a, ctx) {
      const b = await ctx.services.profile.bankAccount(p.id);
      return b ? bankAccount(b) : null;
    },
    pendingEmail: async (p, _a, ctx) => await ctx.services.profile.pendingEmail(p.id),
    changeHistory: async (p, args, ctx) => (await ctx.services.profile.history(p.id, args.first)).map(change),
  },
  Mutation: {
    async requestEmailChange(_p, args, ctx) {
      const personId = await ctx.requirePersonId();
      const r = await ctx.services.profile.requestEmailChange(ctx.scope, personId, args.input);
      if (!r.ok) return { ok: null, error: profileError(r.code, r.fieldErrors) };
      return { ok: { pendingEmail: r.value.pendingEmail, person: await ctx.services.person.get(personId) }, error: null };
    },
    async confirmEmailChange(_p, args, ctx) {
      const status = await ctx.services.profile.confirmEmailChange(ctx.scope, args.token);
      return status === 'SUCCESSFUL' ? { ok: { status }, error: null } : { ok: null, error: emailChangeError(status) };
    },
    changeAddress: async (_p, args, ctx) => changeResult(await ctx.services.profile.changeAddress(ctx.scope, await ctx.requirePersonId(), args.input)),
    changePhone: async (_p, args, ctx) => changeResult(await ctx.services.profile.changePhone(ctx.scope, await ctx.requirePersonId(), args.input)),
    changeBankDetails: async (_p, args, ctx) => changeResult(await ctx.services.profile.changeBankDetails(ctx.scope, await ctx.requirePersonId(), args.input)),
    async deleteAccess(_p, args, ctx) {
      const r = await ctx.services.profile.deleteAccess(ctx.scope, await ctx.requirePersonId(), args.input);
      if (!r.ok) return { ok: null, error: profileError(r.code, r.fieldErrors) };
      ctx.clearSessionCookie();
      return { ok: r.value, error: null };
    },
  },
};
