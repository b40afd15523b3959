import { formErrorText } from './forms.pdf';
import type { FieldError } from '../../platform/shared/result';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** The `Error` payload of a refused form: code, German message (catalogue forms.json) and messages per field. */
export function formError(code: string, fieldErrors: FieldError[] = []) {
  return { code, message: formErrorText(code), fieldErrors: fieldErrors.map((f) => ({ ...f, message: formErrorText(f.code) })) };
}

/** Inbox forms (server/modules/forms/forms.graphql): thin calls into the forms service with the session's person. */
export const formsResolvers: Resolvers = {
  Person: {
    formInfo: async (p, _a, ctx) => await ctx.services.forms.info(ctx.scope, p.id),
  },
  Mutation: {
    submitForm: async (_p, { input }, ctx) => {
      const result = await ctx.services.forms.submit(ctx.scope, await ctx.requirePersonId(), input);
      if (!result.ok) return { ok: null, error: formError(result.code, result.fieldErrors) };
      return { ok: result.value, error: null };
    },
  },
};
