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
 * the errors of single input fields in the form's field order (empty when the failure is not about a field).
 */
export type Err<E extends string = string, F extends FieldError = FieldError> = { ok: false; code: E; fieldErrors: F[] };
export type Result<T, E extends string = string, F extends FieldError = FieldError> = Ok<T> | Err<E, F>;

/** A message for one input field; `field` is the input's name, `code` a catalogue key suffix (e.g. `EMAIL_INVALID`). */
export interface FieldError<C extends string = string> {
  field: string;
  code: C;
}

/** The success value `value`. */
export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
/** The failure `code` with its field errors (none by default). */
export const err = <E extends string, F extends FieldError = FieldError>(code: E, fieldErrors: F[] = []): Err<E, F> => ({
  ok: false,
  code,
  fieldErrors,
});
