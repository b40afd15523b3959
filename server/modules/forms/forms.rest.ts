import { z } from 'zod';
import type { RequestContext } from '../../platform/request-context';
import { messageJson } from '../messages/messages.rest-json';
import { formBoolean, optionalText as str } from '../../platform/shared/rest-fields';
import { method, type RestMethod } from '../../rest/method-kit';

/** A section arrives as a JSON object (or as a JSON string in a form field); its fields are checked by `checkForm`. */
const section = z
  .union([
    z.record(z.string().max(40), z.unknown()),
    z
      .string()
      .max(20_000)
      .transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'invalid JSON' });
          return z.NEVER;
        }
      }),
  ])
  .optional()
  .nullable();

/**
 * Body of REST `webportal/form` (spec 000 section 8; GraphQL `submitForm`): JSON with the fields of `SubmitFormInput`
 * (`kind`, `idempotencyKey`, `contactEmail`, `termsAccepted`, `currentPassword`, and the kind's section
 * `vestedAmount` / `bankData` / `pensionCall` / `exitApplication` / `employmentDeclaration` / `functionDeclaration`
 * / `familyDeclaration` / `modelObjection` / `modelSwitch` as an object; a form-encoded body may carry a section as a JSON string).
 * Without `kind` the method answers the forms' data instead of sending.
 */
export const formRestInput = z.object({
  kind: str(40),
  idempotencyKey: str(200),
  contactEmail: str(300),
  termsAccepted: formBoolean.optional(),
  currentPassword: str(1000),
  vestedAmount: section,
  bankData: section,
  pensionCall: section,
  exitApplication: section,
  employmentDeclaration: section,
  functionDeclaration: section,
  familyDeclaration: section,
  modelObjection: section,
  modelSwitch: section,
});

/**
 * Runs `webportal/form`. Without `kind`: `{ kinds, earliestPensionStart }`. Sending: `{ ok, code, fieldErrors:
 * [{ field, code }], kind, message }` with the codes of GraphQL `submitForm` and `message` as REST `getMessage`
 * answers it (the sent message with the form's PDF).
 */
export async function formRestRun(ctx: RequestContext, input: z.infer<typeof formRestInput>): Promise<unknown> {
  const personId = await ctx.requirePersonId();
  if (!input.kind) return await ctx.services.forms.info(ctx.scope, personId);
  const r = await ctx.services.forms.submit(ctx.scope, personId, input);
  if (!r.ok) return { ok: false, code: r.code, fieldErrors: r.fieldErrors, kind: null, message: null };
  return { ok: true, code: null, fieldErrors: [], kind: r.value.kind, message: messageJson(r.value.message) };
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const formsRestMethods: RestMethod[] = [
  method({
    name: 'webportal/form',
    input: formRestInput,
    auth: 'session',
    run: formRestRun,
  }),
];
