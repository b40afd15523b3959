import catalogue from '@contract/i18n/de/upload-form.json';
import type { RequestContext } from '../../platform/request-context';
import { rateLimitedMessage } from '../../platform/shared/errors';
import type { FieldError } from '../../platform/shared/result';

const TEXTS: Record<string, string> = catalogue.uploadForm.error;
/** The texts naming an empty field ("Bitte geben Sie Ihren Vornamen ein."), by field. */
const REQUIRED_TEXTS: Record<string, string> = catalogue.uploadForm.required;

/** German text of an upload-form code (catalogue `uploadForm.error`), the technical error's text for an unknown one. */
export function uploadFormText(code: string): string {
  return TEXTS[code] ?? catalogue.uploadForm.error.TECHNICAL_ERROR;
}

/**
 * The `Error` payload of a refused upload form: code, German message and messages per field (an empty field named), and for RATE_LIMITED the
 * seconds to wait (`retryAfterSeconds`, null otherwise) with the message naming the time (`rateLimitedMessage`).
 */
export function uploadFormError(code: string, fieldErrors: FieldError[] = [], retryAfterSeconds?: number) {
  return {
    code,
    message: retryAfterSeconds === undefined ? uploadFormText(code) : rateLimitedMessage(retryAfterSeconds),
    // An empty field is named (catalogue `uploadForm.required`); every other code has one text.
    fieldErrors: fieldErrors.map((f) => ({ ...f, message: (f.code === 'REQUIRED' ? REQUIRED_TEXTS[f.field] : undefined) ?? uploadFormText(f.code) })),
    retryAfterSeconds: retryAfterSeconds ?? null,
  };
}

/** The logged-in member of the request, or null (no session, a login in a flow step, a timed-out one): never throws. */
export async function optionalPersonId(ctx: RequestContext): Promise<number | null> {
  const s = await ctx.session();
  return s.state === 'ACTIVE' && s.stage === 'ACTIVE' ? s.personId : null;
}
