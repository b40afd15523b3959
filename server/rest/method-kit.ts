/** The shape of a REST method of the registry (./registry.ts) and the input pieces and answers several methods share. */
import { z } from 'zod';
import type { RequestContext } from '../platform/request-context';
import { CLIENT_LOG_LEVELS } from '../modules/client-log/client-log.service';

/**
 * The documented `rest/*` methods (spec 000 section 7), one entry each: the request schema, whether a session is
 * needed, and the call into the same domain services GraphQL uses. An entry answers a JSON value, or
 * `undefined` for the spec's empty answer.
 */
export interface RestMethod<S extends z.ZodType = z.ZodType> {
  /** Method name exactly as in the spec (the URL is /rest/{name}). */
  name: string;
  /** Body schema; form fields arrive as strings. */
  input: S;
  /**
   * Who may call, checked by the handler before the body is read (so a call without a session answers the same
   * whatever its body): `session` needs a completed login, `flow` a login in progress (stage PENDING) or a completed
   * one; without either the answer is 406, after a time-out 423. `public`: anyone.
   */
  auth: 'public' | 'flow' | 'session';
  run(ctx: RequestContext, input: z.infer<S>): Promise<unknown> | unknown;
}

export function method<S extends z.ZodType>(m: RestMethod<S>): RestMethod {
  return m as unknown as RestMethod;
}

/** Form booleans as legacy clients send them ('true', 'false', '1', '0') or JSON booleans. */
export { formBoolean } from '../platform/shared/rest-fields';
/** A text field of at most `max` characters (form or JSON string). */
export const text = (max: number) => z.string().max(max);

export const empty = z.object({}).loose();

/** A profile form field as a legacy client sends it; the profile service checks it (empty, length, characters). */
export const profileText = z.string().max(10_000).optional();

/** The legacy answer of a profile change: `{ ok, code, fieldErrors: [{ field, code }] }` (codes of server/modules/profile/profile.graphql). */
export function profileAnswer(r: { ok: true } | { ok: false; code: string; fieldErrors: { field: string; code: string }[] }) {
  return r.ok ? { ok: true, code: null, fieldErrors: [] } : { ok: false, code: r.code, fieldErrors: r.fieldErrors };
}

/** The legacy person block of the newsletter decision (spec 000 section 3). */
export async function legacyPerson(ctx: RequestContext, personId: number) {
  const p = await ctx.services.person.get(personId);
  return { bIsMaennlich: p.gender === 'MALE', titelVorne: p.titlePrefix, vorname: p.firstName, nachname: p.lastName, titelHinten: p.titleSuffix, email: p.email };
}

/** Log levels of the remote log call (spec 000 section 3 "Log message"). */
export const LOG_LEVELS = CLIENT_LOG_LEVELS;
