import { ownContributionFieldError } from './own-contributions.messages';
import { z } from 'zod';
import type { RequestContext } from '../../platform/request-context';
import { MANDATE_TYPES } from '@contract/own-contributions';
import type { MandateModel, OwnContributionFieldError } from './own-contributions.model';
import { formCents, optionalText as field, signatureFields, withSignature } from '../../platform/shared/rest-fields';
import type { Result } from '../../platform/shared/result';
import { method, type RestMethod } from '../../rest/method-kit';

/**
 * REST methods of own contributions (decision 0016). The spec names no method for them (spec 000 section 7 lists
 * `webportal/*` paths without payloads), so they follow `webportal/verfuegungen`: `webportal/eigenbeitraege` (the
 * overview) and `webportal/eigenbeitraege/{mandat|aendern|kuendigen|praemienantrag}`. Bodies carry the GraphQL input
 * fields (form fields as strings: `amount` in cents); answers are `{ ok, code, fieldErrors: [{ field, code }], … }`
 * with the codes of the GraphQL mutations.
 */
/** `amount` in cents (`formCents`, decision 0042); an empty form field is no amount (the rules answer REQUIRED). */
const cents = z.union([z.literal('').transform(() => undefined), formCents]).optional();
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')]).optional();

export const eigenbeitraegeInput = z.object({}).loose();

export const mandatInput = z.object({
  contractId: field(20),
  type: z.enum(MANDATE_TYPES).optional(),
  amount: cents,
  iban: field(100),
  startDate: field(20),
  phone: field(100),
  accountOwner: field(200),
  confirmed: bool,
});

export const aendernInput = z.object({
  mandateId: field(20),
  amount: cents,
  iban: field(100),
  accountOwner: field(200),
  phone: field(100),
  startDate: field(20),
  currentPassword: field(1000),
});

export const kuendigenInput = z.object({ mandateId: field(20), endDate: field(20) });

export const praemienantragInput = z.object({
  street: field(1000),
  postcode: field(100),
  city: field(1000),
  country: field(100),
  birthDate: field(100),
  confirmed: bool,
  ...signatureFields,
});

/** The answer of a call: `{ ok, code, fieldErrors: [{ field, code, message }] }` plus `value`'s fields when ok; the message from the catalogue (a `START_TOO_EARLY` one names the earliest debit date). */
function answer<T>(r: Result<T, string, OwnContributionFieldError>, value: (v: T) => Record<string, unknown>) {
  return r.ok ? { ok: true, code: null, fieldErrors: [], ...value(r.value) } : { ok: false, code: r.code, fieldErrors: r.fieldErrors.map(ownContributionFieldError) };
}

/** A mandate as REST answers it (`amount` in cents). */
function mandateJson(m: MandateModel) {
  const { amountCents, ...rest } = m;
  return { ...rest, amount: amountCents };
}

/** `webportal/eigenbeitraege`: `{ contracts, mandates, gauge, premiumApplicationFiled, creditorId, preNotificationDays, earliestDebitDate }` (amounts in cents). */
export async function eigenbeitraegeRun(ctx: RequestContext): Promise<unknown> {
  const o = await ctx.services.ownContributions.overview(ctx.scope, await ctx.requirePersonId());
  return { ...o, mandates: o.mandates.map(mandateJson) };
}

/** `webportal/eigenbeitraege/mandat`: gives a mandate; `{ ok, code, fieldErrors, mandate, employerWarning }`. */
export async function mandatRun(ctx: RequestContext, input: z.infer<typeof mandatInput>): Promise<unknown> {
  const { amount, ...rest } = input;
  const r = await ctx.services.ownContributions.create(ctx.scope, await ctx.requirePersonId(), { ...rest, amountCents: amount });
  return answer(r, (v) => ({ mandate: mandateJson(v.mandate), employerWarning: v.employerWarning }));
}

/** `webportal/eigenbeitraege/aendern`: changes a mandate; `{ ok, code, fieldErrors, mandate, employerWarning }`. */
export async function aendernRun(ctx: RequestContext, input: z.infer<typeof aendernInput>): Promise<unknown> {
  const { amount, ...rest } = input;
  const r = await ctx.services.ownContributions.change(ctx.scope, await ctx.requirePersonId(), { ...rest, amountCents: amount });
  return answer(r, (v) => ({ mandate: mandateJson(v.mandate), employerWarning: v.employerWarning }));
}

/** `webportal/eigenbeitraege/kuendigen`: cancels a mandate; `{ ok, code, fieldErrors, mandate }`. */
export async function kuendigenRun(ctx: RequestContext, input: z.infer<typeof kuendigenInput>): Promise<unknown> {
  const r = await ctx.services.ownContributions.cancel(ctx.scope, await ctx.requirePersonId(), input);
  return answer(r, (v) => ({ mandate: mandateJson(v.mandate) }));
}

/** `webportal/eigenbeitraege/praemienantrag`: files the § 108a application; `{ ok, code, fieldErrors }`. */
export async function praemienantragRun(ctx: RequestContext, input: z.infer<typeof praemienantragInput>): Promise<unknown> {
  const r = await ctx.services.ownContributions.applyForPremium(ctx.scope, await ctx.requirePersonId(), withSignature(input));
  return answer(r, () => ({}));
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const ownContributionsRestMethods: RestMethod[] = [
  method({ name: 'webportal/eigenbeitraege', input: eigenbeitraegeInput, auth: 'session', run: eigenbeitraegeRun }),

  method({ name: 'webportal/eigenbeitraege/mandat', input: mandatInput, auth: 'session', run: mandatRun }),

  method({ name: 'webportal/eigenbeitraege/aendern', input: aendernInput, auth: 'session', run: aendernRun }),

  method({ name: 'webportal/eigenbeitraege/kuendigen', input: kuendigenInput, auth: 'session', run: kuendigenRun }),

  method({ name: 'webportal/eigenbeitraege/praemienantrag', input: praemienantragInput, auth: 'session', run: praemienantragRun }),
];
