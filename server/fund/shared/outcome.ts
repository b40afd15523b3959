import { GraphQLError } from 'graphql';

/**
 * An expected refusal of a fund operation (decision 0053 "result shape"): a stable `code`, an English `message` for the
 * integrator's log, and the input `field` it is about. `NOT_FOUND` is the one code the resolvers throw instead
 * (`extensions.code` NOT_FOUND): an unknown id is a caller's mistake, not an outcome.
 */
export interface FundRefusal {
  ok: false;
  code: string;
  message: string;
  field?: string;
}

/** What a fund service answers: the value, or a refusal (nothing changed). */
export type FundOutcome<T> = { ok: true; value: T } | FundRefusal;

/** A refusal with `code`, `message` and optionally `field`. */
export function refuse(code: string, message: string, field?: string): FundRefusal {
  return field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
}

/**
 * The GraphQL result shape `{ ok, error }` of an outcome. @throws GraphQLError NOT_FOUND (with the field) for a refusal
 * with code NOT_FOUND.
 */
export function resultOf<T>(outcome: FundOutcome<T>): { ok: T | null; error: { code: string; message: string; field: string | null } | null } {
  if (outcome.ok) return { ok: outcome.value, error: null };
  if (outcome.code === 'NOT_FOUND') throw new GraphQLError(outcome.message, { extensions: { code: 'NOT_FOUND', field: outcome.field ?? null } });
  return { ok: null, error: { code: outcome.code, message: outcome.message, field: outcome.field ?? null } };
}

/** The actor of the event of a change made through the fund's API (decision 0053): the machine client, later a staff person. */
export type FundActor = { kind: 'client'; clientId: string } | { kind: 'staff'; staffId: string } | { kind: 'system' };

/** A positive internal id from its GraphQL `ID` text, or null (not digits, zero, beyond 2^53). */
export function parseId(raw: string | number): number | null {
  const text = String(raw);
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
