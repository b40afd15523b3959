/**
 * Expected outcomes are values, not exceptions (ARCHITECTURE.md "Errors"): a service returns `Ok<T>` or
 * `Err<E>`, and each transport maps the error code to its own answer (a GraphQL payload, a REST status).
 */
export type Ok<T> = { ok: true; value: T };
export type Err<E extends string = string> = { ok: false; code: E; fieldErrors?: FieldError[] };
export type Result<T, E extends string = string> = Ok<T> | Err<E>;

/** A message for one input field; `field` is the input's name, `code` a catalogue key suffix. */
export interface FieldError {
  field: string;
  code: string;
}

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E extends string>(code: E, fieldErrors?: FieldError[]): Err<E> =>
  fieldErrors ? { ok: false, code, fieldErrors } : { ok: false, code };
