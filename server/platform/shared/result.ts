/**
 * The one result type of the services (ARCHITECTURE.md "Errors", decision 0012 "One result shape"). Expected outcomes
 * are values, not exceptions: a service takes a typed input (parsed by the zod rule from `@contract/*`) and returns
 * `Ok<T>` or `Err<E>`; it never throws for a client error. Each transport maps the error to its own answer: GraphQL
 * to `DoXResult { ok: DoXOk, error: DoXError }` (the error's `message` from the German catalogue), REST to the spec's
 * `{ status, fieldErrors }`.
 */
export type Ok<T> = { ok: true; value: T };
/**
 * An expected failure: `code` is the stable code (the spec's status name where the spec names one), `fieldErrors`
 * the errors of single input fields in the form's field order (empty when the failure is not about a field), and for
 * `RATE_LIMITED` (`rateLimitedErr`) `retryAfterSeconds`, the seconds until the limit's window ends.
 */
export type Err<E extends string = string, F extends FieldError = FieldError> = { ok: false; code: E; fieldErrors: F[]; retryAfterSeconds?: number };
export type Result<T, E extends string = string, F extends FieldError = FieldError> = Ok<T> | Err<E, F>;

/** A message for one input field; `field` is the input's name, `code` a catalogue key suffix (e.g. `EMAIL_INVALID`). */
export interface FieldError<C extends string = string> {
  field: string;
  code: C;
}

/** The success value `value`. */
export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
/**
 * The failure `RATE_LIMITED` of a service whose limit (server/platform/shared/rate-limit.ts) refused the call, with the
 * seconds to wait: GraphQL answers it in the result shape (`retryAfterSeconds`), REST as 429 with `Retry-After`.
 */
export const rateLimitedErr = (retryAfterSeconds: number): Err<'RATE_LIMITED'> => ({ ok: false, code: 'RATE_LIMITED', fieldErrors: [], retryAfterSeconds });

/** The failure `code` with its field errors (none by default). */
export const err = <E extends string, F extends FieldError = FieldError>(code: E, fieldErrors: F[] = []): Err<E, F> => ({
  ok: false,
  code,
  fieldErrors,
});
