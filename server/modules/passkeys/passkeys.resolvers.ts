import catalogue from '@contract/i18n/de/passkeys.json';
import type { PasskeyErrorCode, PasskeyFieldError, PasskeyView } from './passkeys.service';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { loginResult } from '../session/login-result';

const texts = catalogue.passkeys;

/** The `PasskeyError` of a refused change: code, the catalogue's German message, field errors with theirs. */
function passkeyError(code: PasskeyErrorCode | 'RATE_LIMITED', fieldErrors: readonly PasskeyFieldError[] = [], retryAfterSeconds: number | null = null) {
  return {
    code,
    message: texts.error[code],
    fieldErrors: fieldErrors.map((f) => ({ field: f.field, code: f.code, message: texts.fieldError[f.code] })),
    retryAfterSeconds,
  };
}

const passkey = (p: PasskeyView) => ({ ...p, id: String(p.id) });

/**
 * A passkey id of the input as the store's number; NaN for anything that is not a positive decimal integer (no row
 * has that id, so it answers ERROR_NOT_FOUND like another member's id).
 */
const passkeyId = (id: string): number => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : Number.NaN);

/**
 * Passkeys (server/modules/passkeys/passkeys.graphql, docs/decisions/0047-passkeys.md): thin calls into PasskeyService. The settings'
 * fields take the person from the session (their `@access` is SESSION); the login's two are public and answer like
 * `login`, setting the session cookie when a session opens.
 */
export const passkeysResolvers: Resolvers = {
  Query: {
    passkeys: async (_p, _a, ctx) => (await ctx.services.passkeys.list(await ctx.requirePersonId())).map(passkey),
  },
  Mutation: {
    async startPasskeyRegistration(_p, args, ctx) {
      const r = await ctx.services.passkeys.startRegistration(ctx.scope, await ctx.requirePersonId(), { currentPassword: args.input.currentPassword ?? null });
      return r.ok ? { ok: r.value, error: null } : { ok: null, error: passkeyError(r.code, r.fieldErrors) };
    },
    async finishPasskeyRegistration(_p, args, ctx) {
      const r = await ctx.services.passkeys.finishRegistration(ctx.scope, await ctx.requirePersonId(), args.input);
      return r.ok ? { ok: { passkey: passkey(r.value) }, error: null } : { ok: null, error: passkeyError(r.code, r.fieldErrors) };
    },
    async renamePasskey(_p, args, ctx) {
      const r = await ctx.services.passkeys.rename(ctx.scope, await ctx.requirePersonId(), { id: passkeyId(args.input.id), name: args.input.name });
      return r.ok ? { ok: { passkey: passkey(r.value) }, error: null } : { ok: null, error: passkeyError(r.code, r.fieldErrors) };
    },
    async removePasskey(_p, args, ctx) {
      const r = await ctx.services.passkeys.remove(ctx.scope, await ctx.requirePersonId(), { id: passkeyId(args.input.id) });
      return r.ok ? { ok: { removedId: String(r.value.removedId) }, error: null } : { ok: null, error: passkeyError(r.code, r.fieldErrors) };
    },
    async startPasskeyLogin(_p, _a, ctx) {
      const r = await ctx.services.passkeys.startLogin(ctx.scope);
      return r.ok ? { ok: r.value, error: null } : { ok: null, error: passkeyError(r.code, [], r.retryAfterSeconds ?? null) };
    },
    async finishPasskeyLogin(_p, args, ctx) {
      const result = await ctx.services.passkeys.finishLogin(ctx.scope, args.input);
      if (result.sessionToken) {
        // As `login`: the session the request came with ends, the new one replaces its cookie.
        await ctx.services.session.logout(ctx.scope, ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      return loginResult(result.status, result);
    },
  },
};
