import { z } from 'zod';
import type { RequestContext } from '../context';
import { clientConfig } from '../domain/tenant/client-config';

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
  /** `session`: without an active session the answer is 406, after a time-out 423. */
  auth: 'public' | 'session';
  run(ctx: RequestContext, input: z.infer<S>): Promise<unknown> | unknown;
}

function method<S extends z.ZodType>(m: RestMethod<S>): RestMethod {
  return m as unknown as RestMethod;
}

/** Form booleans as legacy clients send them ('true', 'false', '1', '0') or JSON booleans. */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')]);
/** A text field of at most `max` characters (form or JSON string). */
export const text = (max: number) => z.string().max(max);

const empty = z.object({}).loose();

export const REST_METHODS: RestMethod[] = [
  method({
    name: 'getClientConfig',
    input: empty,
    auth: 'public',
    run(ctx) {
      const c = clientConfig(ctx.config, ctx.tenant);
      return {
        matomoSiteId: c.matomoSiteId,
        versionNumbers: { [ctx.tenant.loginProduct]: c.versionNumbers.portal, WebRechner: c.versionNumbers.webRechner },
        announcement: c.announcement,
        eidAuthEndpoint: c.eid?.authEndpoint ?? null,
        eidClientId: c.eid?.clientId ?? null,
        eidRedirectUri: c.eid?.redirectUri ?? null,
      };
    },
  }),
  method({
    name: 'checkSessionQuiet',
    input: empty,
    auth: 'public',
    run: (ctx) => ({ loggedIn: ctx.services.auth.checkSession(ctx.sessionToken, { touch: false }).state === 'ACTIVE' }),
  }),
  method({
    name: 'login',
    // Over-long values are not refused here: the login service answers them with the documented statuses.
    input: z.object({
      user: z.string().max(10_000).optional().default(''),
      password: z.string().max(10_000).optional().default(''),
      entryViaQrCode: formBoolean.optional(),
    }),
    auth: 'public',
    async run(ctx, input) {
      const result = await ctx.services.auth.login({ email: input.user, password: input.password }, ctx.meta);
      if (result.sessionToken) {
        ctx.services.auth.logout(ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return { status: result.status };
    },
  }),
  method({
    name: 'getPersonalData',
    input: empty,
    auth: 'session',
    run: (ctx) => ctx.services.person.legacyPersonalData(ctx.requirePersonId()),
  }),
];

export const REST_REGISTRY: ReadonlyMap<string, RestMethod> = new Map(REST_METHODS.map((m) => [m.name, m]));
