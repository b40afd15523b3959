import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { checkPasskeyName, type PasskeyNameProblem } from '@contract/passkeys';
import type { PasskeyChallengeRow, PasskeyRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import type { RateLimiter } from '../../platform/shared/rate-limit';
import type { RequestScope } from '../../platform/shared/request-scope';
import { err, ok, rateLimitedErr, type FieldError, type Result } from '../../platform/shared/result';
import type { SessionService, LoginResult } from '../session/session.service';
import type { PasskeyStore } from './passkeys.store';
import type { StepUp } from '../session/step-up';

/**
 * How long a started ceremony's challenge is valid, and the `timeout` the browser is given (W3C WebAuthn Level 3
 * section 5.4 "timeout": 300 000 to 600 000 ms recommended when user verification is required): 5 minutes.
 */
export const PASSKEY_CEREMONY_MS = 5 * 60_000;

/** Longest JSON answer of the browser accepted, in characters (a passkey's answer is about 1–2 KiB). */
export const PASSKEY_RESPONSE_MAX_LENGTH = 16_384;

/** Codes of a refused passkey change (the settings' `PasskeyError.code`). */
export type PasskeyErrorCode = 'ERROR_INVALID_INPUT' | 'ERROR_PWD_INVALID' | 'ERROR_PASSKEY_INVALID' | 'ERROR_PASSKEY_EXISTS' | 'ERROR_NOT_FOUND';

/** Field error codes: the step-up's (`REQUIRED`, `PASSWORD_INCORRECT`) and the name's (`@contract/passkeys`). */
export type PasskeyFieldError = FieldError<PasskeyNameProblem | 'PASSWORD_INCORRECT'>;

export type PasskeyResult<T> = Result<T, PasskeyErrorCode, PasskeyFieldError>;

/** A passkey as the settings show it (never the public key or the user handle). */
export interface PasskeyView {
  id: number;
  name: string;
  credentialId: string;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

const view = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  credentialId: row.credentialId,
  transports: row.transports,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** Whether `id` can be a row id at all (a positive safe integer); anything else names no passkey. */
const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0;

const base64url = z
  .string()
  .max(PASSKEY_RESPONSE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]*$/);
const extensions = z.record(z.string(), z.unknown());

/** What both of the browser's answers carry around their `response` (WebAuthn section 5.1 `PublicKeyCredential.toJSON`). */
const publicKeyCredential = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    clientExtensionResults: extensions,
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    response: z.object(response),
  });

/** The browser's answer to `navigator.credentials.create()` as @simplewebauthn/browser serialises it. */
const registrationAnswer = publicKeyCredential({
  clientDataJSON: base64url,
  attestationObject: base64url,
  transports: z.array(z.string().max(32)).max(10).optional(),
});

/** The browser's answer to `navigator.credentials.get()`. */
const authenticationAnswer = publicKeyCredential({
  clientDataJSON: base64url,
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url.optional(),
});

/** Parses the browser's JSON answer with `schema`; undefined when it is not JSON of that shape. */
function parseAnswer<T>(schema: z.ZodType<T>, json: string): T | undefined {
  if (json.length > PASSKEY_RESPONSE_MAX_LENGTH) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The challenge the authenticator signed (clientDataJSON `challenge`, WebAuthn section 5.8.1); undefined when unreadable. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The relying party of a request (docs/decisions/0047-passkeys.md "Which rpID"): the origin is the tenant's public
 * origin (`scope.publicOrigin()`: PUBLIC_ORIGIN, never a request header), the rpID its host. Each tenant runs under its
 * own host, so a passkey made on the main tenant's host is not offered on the regional one and vice versa.
 */
export function relyingParty(scope: Pick<RequestScope, 'publicOrigin'>): { origin: string; rpId: string } {
  const origin = scope.publicOrigin();
  return { origin, rpId: new URL(origin).hostname };
}

/**
 * What @simplewebauthn's `verify…Response` checks an answer against (docs/decisions/0047-passkeys.md): the challenge
 * of the `ceremony` taken for it, the tenant's origin and rpID (`relyingParty`), and user verification.
 */
function expectedOf(ceremony: { challenge: string }, scope: Pick<RequestScope, 'publicOrigin'>) {
  const { origin, rpId } = relyingParty(scope);
  return { expectedChallenge: ceremony.challenge, expectedOrigin: origin, expectedRPID: rpId, requireUserVerification: true };
}

/** The verification's result, or null when it throws: an answer the library cannot read is refused like a false one. */
async function unlessThrown<T>(verify: () => Promise<T>): Promise<T | null> {
  try {
    return await verify();
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn, W3C Web Authentication Level 3; docs/decisions/0047-passkeys.md): the member adds passkeys in
 * the settings (the step-up password first), names, renames and removes them, and logs in with one instead of e-mail
 * and password. The login then runs exactly as a password login from the identity check on
 * (`SessionService.loginWithProof`: throttle, lock, access, membership, the login flow's next status, the session).
 *
 * Every ceremony's challenge is random, stored server-side (`passkey_challenges`), valid PASSKEY_CEREMONY_MS and taken
 * by the first answer that names it; a registration's challenge is bound to the person and the session that started
 * it. User verification is required in both ceremonies, attestation is `none`, credentials are discoverable (resident).
 */
export function createPasskeyService(deps: {
  store: PasskeyStore;
  auth: Pick<SessionService, 'loginWithProof'>;
  stepUp: StepUp;
  /** The database-counted limiter of decision 0041, for the public `startLogin`. */
  limiter: RateLimiter;
  /** Passkey logins started per IP address per minute (PASSKEY_LOGIN_IP_MAX_PER_MINUTE). */
  loginIpMaxPerMinute: number;
  audit: SecurityAudit;
  clock: Clock;
  tenant: TenantDefinition;
  /** The e-mail and name of a person, for the authenticator's account list (WebAuthn section 5.4.3 `user`). */
  personName: (personId: number) => Promise<{ email: string | null; displayName: string } | undefined>;
}) {
  const { store, auth, stepUp, audit, clock, tenant } = deps;
  const now = () => isoInstant(clock.now());
  const refused = (code: PasskeyErrorCode, fieldErrors: PasskeyFieldError[] = []) => err(code, fieldErrors);

  /** Opens a ceremony of `purpose` with a fresh 32-byte challenge. @returns the challenge (base64url). */
  async function open(purpose: PasskeyChallengeRow['purpose'], rpId: string, binding: { personId: number; sessionHash: string; userHandle: string } | null): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const at = clock.now();
    await store.openCeremony(
      {
        challenge,
        purpose,
        rpId,
        personId: binding?.personId ?? null,
        sessionHash: binding?.sessionHash ?? null,
        userHandle: binding?.userHandle ?? null,
        createdAt: isoInstant(at),
        expiresAt: isoInstant(at + PASSKEY_CEREMONY_MS),
      },
      isoInstant(at),
    );
    return challenge;
  }

  /**
   * Takes the open ceremony of `purpose` whose challenge the answer signed: undefined when the answer names none, the
   * challenge is unknown, already used, expired, of another relying party, or (registration) of another person or
   * session. The challenge is used up either way.
   */
  async function take(purpose: PasskeyChallengeRow['purpose'], clientDataJSON: string, rpId: string, binding: { personId: number; sessionHash: string | null } | null) {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) return undefined;
    const row = await store.takeCeremony(challenge, purpose);
    if (!row || row.expiresAt <= now() || row.rpId !== rpId) return undefined;
    if (binding && (row.personId !== binding.personId || binding.sessionHash === null || row.sessionHash !== binding.sessionHash)) return undefined;
    return row;
  }

  return {
    /** The person's passkeys, oldest first. */
    async list(personId: number): Promise<PasskeyView[]> {
      return (await store.listOf(personId)).map(view);
    },

    /**
     * Starts adding a passkey (WebAuthn section 7.1 step 1): checks the step-up password (never an eID login in its
     * place: a passkey is a new way in), then opens a ceremony bound to this person and session and answers the
     * `PublicKeyCredentialCreationOptionsJSON` for `navigator.credentials.create()`: resident key and user
     * verification required, attestation `none`, the person's passkeys excluded.
     * Refusals: no password → ERROR_INVALID_INPUT (`currentPassword: REQUIRED`); a wrong one or a locked access →
     * ERROR_PWD_INVALID (`currentPassword: PASSWORD_INCORRECT`; counted towards the lockout).
     */
    async startRegistration(scope: RequestScope, personId: number, input: { currentPassword: string | null }): Promise<PasskeyResult<{ optionsJson: string }>> {
      const outcome = await stepUp.verify(scope, personId, input.currentPassword, 'PASSKEY_ADD', { allowEid: false });
      if (!outcome.ok) {
        return outcome.reason === 'PASSWORD_REQUIRED'
          ? refused('ERROR_INVALID_INPUT', [{ field: 'currentPassword', code: 'REQUIRED' }])
          : refused('ERROR_PWD_INVALID', [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }]);
      }
      const sessionHash = await scope.sessionHash();
      const person = await deps.personName(personId);
      if (!sessionHash || !person) throw new Error('passkey registration without the session or its person');
      const { rpId } = relyingParty(scope);
      const existing = (await store.listOf(personId)).filter((p) => p.rpId === rpId);
      const userHandle = randomBytes(16);
      const challenge = await open('REGISTRATION', rpId, { personId, sessionHash, userHandle: userHandle.toString('base64url') });
      const options = await generateRegistrationOptions({
        rpName: tenant.name,
        rpID: rpId,
        userName: person.email ?? person.displayName,
        userDisplayName: person.displayName,
        userID: userHandle,
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: PASSKEY_CEREMONY_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      return ok({ optionsJson: JSON.stringify(options) });
    },

    /**
     * Finishes adding a passkey (WebAuthn section 7.1 steps 5–27, by @simplewebauthn/server): the answer must sign a
     * challenge this person's session opened, for this origin and rpID, with user verification. Stores the credential
     * with `name` and writes PASSKEY_ADDED. `responseJson`: the `RegistrationResponseJSON` of the browser.
     * Refusals: a bad name → ERROR_INVALID_INPUT (`name`); anything wrong with the answer (no open ceremony of this
     * session, expired, replayed, foreign origin or rpID, no user verification, bad attestation) →
     * ERROR_PASSKEY_INVALID; a credential already registered → ERROR_PASSKEY_EXISTS. Nothing is stored then.
     */
    async finishRegistration(scope: RequestScope, personId: number, input: { responseJson: string; name: string }): Promise<PasskeyResult<PasskeyView>> {
      const name = checkPasskeyName(input.name);
      if (!name.ok) return refused('ERROR_INVALID_INPUT', [{ field: 'name', code: name.code }]);
      const answer = parseAnswer(registrationAnswer, input.responseJson);
      if (!answer) return refused('ERROR_PASSKEY_INVALID');
      const { rpId } = relyingParty(scope);
      const ceremony = await take('REGISTRATION', answer.response.clientDataJSON, rpId, { personId, sessionHash: await scope.sessionHash() });
      if (!ceremony) {
        await audit.record('ACCESS_DENIED', personId, scope.meta, { reason: 'PASSKEY_CEREMONY', action: 'PASSKEY_ADD' });
        return refused('ERROR_PASSKEY_INVALID');
      }
      const verified = await unlessThrown(() => verifyRegistrationResponse({ response: answer as RegistrationResponseJSON, ...expectedOf(ceremony, scope) }));
      if (!verified?.verified) {
        await audit.record('ACCESS_DENIED', personId, scope.meta, { reason: 'PASSKEY_VERIFICATION', action: 'PASSKEY_ADD' });
        return refused('ERROR_PASSKEY_INVALID');
      }
      const { credential } = verified.registrationInfo;
      return store.inTransaction(async () => {
        if (await store.credentialTaken(credential.id)) return refused('ERROR_PASSKEY_EXISTS');
        const row = await store.insert({
          personId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          userHandle: ceremony.userHandle ?? '',
          transports: (credential.transports ?? answer.response.transports ?? []).slice(0, 10),
          rpId,
          name: name.name,
          createdAt: now(),
          lastUsedAt: null,
        });
        await audit.record('PASSKEY_ADDED', personId, scope.meta, { passkeyId: row.id });
        return ok(view(row));
      });
    },

    /**
     * Renames passkey `id` of the person. Refusals: a bad name → ERROR_INVALID_INPUT (`name`); not the person's (or
     * no such passkey) → ERROR_NOT_FOUND, the same answer for both.
     */
    async rename(scope: RequestScope, personId: number, input: { id: number; name: string }): Promise<PasskeyResult<PasskeyView>> {
      const name = checkPasskeyName(input.name);
      if (!name.ok) return refused('ERROR_INVALID_INPUT', [{ field: 'name', code: name.code }]);
      if (!isRowId(input.id)) return refused('ERROR_NOT_FOUND');
      return store.inTransaction(async () => {
        const row = await store.rename(personId, input.id, name.name);
        if (!row) return refused('ERROR_NOT_FOUND');
        await audit.record('PASSKEY_RENAMED', personId, scope.meta, { passkeyId: row.id });
        return ok(view(row));
      });
    },

    /** Removes passkey `id` of the person and writes PASSKEY_REMOVED. Refusal: not the person's (or none) → ERROR_NOT_FOUND. */
    async remove(scope: RequestScope, personId: number, input: { id: number }): Promise<PasskeyResult<{ removedId: number }>> {
      if (!isRowId(input.id)) return refused('ERROR_NOT_FOUND');
      return store.inTransaction(async () => {
        if (!(await store.remove(personId, input.id))) return refused('ERROR_NOT_FOUND');
        await audit.record('PASSKEY_REMOVED', personId, scope.meta, { passkeyId: input.id });
        return ok({ removedId: input.id });
      });
    },

    /**
     * Starts a passkey login (WebAuthn section 7.2 step 1): opens a ceremony and answers the
     * `PublicKeyCredentialRequestOptionsJSON` for `navigator.credentials.get()`: no credential list (the member picks
     * a discoverable passkey of this rpID), user verification required. Public and storing a challenge, so limited
     * per IP address (`loginIpMaxPerMinute` a minute): beyond it RATE_LIMITED with `retryAfterSeconds`, nothing stored.
     */
    async startLogin(scope: RequestScope): Promise<Result<{ optionsJson: string }, 'RATE_LIMITED'>> {
      const limit = await deps.limiter.take({ name: 'passkey-login:ip', max: deps.loginIpMaxPerMinute, windowMs: 60_000 }, scope.meta.ipAddress ?? 'unknown');
      if (!limit.allowed) return rateLimitedErr(limit.retryAfterSeconds);
      const { rpId } = relyingParty(scope);
      const challenge = await open('AUTHENTICATION', rpId, null);
      const options = await generateAuthenticationOptions({
        rpID: rpId,
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: PASSKEY_CEREMONY_MS,
        userVerification: 'required',
        allowCredentials: [],
      });
      return ok({ optionsJson: JSON.stringify(options) });
    },

    /**
     * Finishes a passkey login (WebAuthn section 7.2 steps 5–24): the answer must sign an open login challenge for
     * this origin and rpID with user verification, with a passkey registered for this rpID whose user handle it names
     * (when it names one) and whose signature counter it advances (unless the authenticator counts nothing). Then the
     * login runs as after a correct password (`SessionService.loginWithProof`). Any failure of the proof answers
     * NOT_VALID (a failed login, counted against the IP address), whatever it was, so the answer tells an attacker
     * nothing about which credential ids exist.
     */
    async finishLogin(scope: RequestScope, input: { responseJson: string }): Promise<LoginResult> {
      return auth.loginWithProof(scope, 'PASSKEY', async () => {
        const answer = parseAnswer(authenticationAnswer, input.responseJson);
        if (!answer) return null;
        const { rpId } = relyingParty(scope);
        const ceremony = await take('AUTHENTICATION', answer.response.clientDataJSON, rpId, null);
        if (!ceremony) return null;
        const passkey = await store.byCredentialId(answer.id, rpId);
        if (!passkey) return null;
        if (answer.response.userHandle !== undefined && answer.response.userHandle !== passkey.userHandle) return null;
        const verified = await unlessThrown(() =>
          verifyAuthenticationResponse({
            response: answer as AuthenticationResponseJSON,
            ...expectedOf(ceremony, scope),
            credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports as never },
          }),
        );
        if (!verified?.verified) return null;
        if (!(await store.recordUse(passkey.id, passkey.counter, verified.authenticationInfo.newCounter, now()))) return null;
        return { personId: passkey.personId };
      });
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
