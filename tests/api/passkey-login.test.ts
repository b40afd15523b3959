import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, passkeyChallenges, sessions } from '../../db/schema';
import { hashToken } from '../../server/modules/session/session-token';
import { graphql } from '../gql';
import { loginStatusOf, PortalClient } from '../helpers/client';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authenticationResponse, newCredential } from '../helpers/webauthn';
import { LIST, REMOVE, SESSION, passkeySteps } from '../helpers/passkey-steps';

/**
 * Logging in with a passkey (docs/decisions/0047-passkeys.md) over GraphQL, on both engines, with real WebAuthn
 * answers of a software authenticator (tests/helpers/webauthn.ts): the same session and login flow as a password
 * login, and the refusals: a foreign or unknown passkey, a replayed or expired challenge, another origin or rpID, no
 * user verification, a counter that goes back; the start's per-IP limit. Adding and naming: tests/api/passkeys.test.ts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 4 });
});
afterAll(async () => {
  await server.close();
});

const { origin, rpId, personId, passkeysOf, startRegistration, addPasskey, startLogin, finishLogin, storePasskey, lastEventId, eventsSince } = passkeySteps(() => server);

describe('logging in with a passkey', () => {
  it('opens the same session as a password login, records the attempt and the use, and a removed passkey no longer works', async () => {
    const anna = await loginAs(server, 'anna');
    const { credential, id } = await addPasskey(anna, 'Anmeldung');
    const from = await lastEventId();
    const browser = new PortalClient(server.url);
    const options = await startLogin(browser);
    expect(JSON.parse(options)).toMatchObject({ rpId: rpId(), userVerification: 'required', allowCredentials: [] });
    const answer = await finishLogin(browser, authenticationResponse(credential, options, origin()));
    expect(answer).toEqual({ ok: { status: 'SUCCESSFUL', loggedIn: true }, error: null });
    expect((await browser.operation(SESSION)).body.data!.session.loggedIn).toBe(true);
    expect((await browser.operation(LIST)).body.data!.passkeys.find((p) => p.id === id)?.lastUsedAt).not.toBeNull();

    const token = [...browser.cookies.values()][0]!;
    const session = (
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]!;
    expect(session).toMatchObject({ personId: await personId('anna'), stage: 'ACTIVE', loginMethod: 'PASSKEY', endedAt: null });
    const attempt = (await server.db.select().from(loginAttempts).orderBy(desc(loginAttempts.id)).limit(1))[0]!;
    expect(attempt).toMatchObject({ personId: await personId('anna'), method: 'PASSKEY', status: 'SUCCESSFUL', succeeded: true, email: emailOf('anna') });
    expect((await eventsSince(from)).find((e) => e.type === 'LOGIN_SUCCESS')?.detail).toMatchObject({ method: 'PASSKEY', status: 'SUCCESSFUL' });

    await anna.operation(REMOVE, { id });
    const afterRemoval = await finishLogin(new PortalClient(server.url), authenticationResponse(credential, await startLogin(new PortalClient(server.url)), origin()));
    expect(afterRemoval.error?.code).toBe('NOT_VALID');
  });

  it('runs the login flow’s later steps as after a password login (terms to accept: PENDING session)', async () => {
    const credential = newCredential(rpId(), Buffer.from('dora-handle-0001').toString('base64url'));
    await storePasskey('dora', credential);
    const browser = new PortalClient(server.url);
    const answer = await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin()));
    expect(answer.ok).toEqual({ status: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK', loggedIn: false });
    expect((await browser.operation(SESSION)).body.data!.session.loggedIn).toBe(false);
    expect((await browser.operation(LIST)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers DEACTIVATED, ERROR_AUSGETRETEN and LOCKED_TEMPORARY as the password login does', async () => {
    for (const [scenario, status] of [
      ['karl', 'DEACTIVATED'],
      ['lena', 'ERROR_AUSGETRETEN'],
    ] as const) {
      const credential = newCredential(rpId(), Buffer.from(`${scenario}-handle`).toString('base64url'));
      await storePasskey(scenario, credential);
      const browser = new PortalClient(server.url);
      expect(loginStatusOf(await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin()))), scenario).toBe(status);
      expect(browser.cookies.size).toBe(0);
    }
    const credential = newCredential(rpId(), Buffer.from('theo-handle').toString('base64url'));
    await storePasskey('theo', credential);
    for (let i = 0; i < 5; i++) await new PortalClient(server.url).graphql(`mutation { login(input: { email: "${emailOf('theo')}", password: "falsch-${i}" }) { ok { status } } }`);
    const browser = new PortalClient(server.url);
    const locked = await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin()));
    expect(locked.error).toMatchObject({ code: 'LOCKED_TEMPORARY' });
    expect(locked.error!.lockedUntil).not.toBeNull();
    expect(browser.cookies.size).toBe(0);
  });

  it('refuses a foreign passkey: an unknown credential, another key under a member’s credential id, another member’s user handle', async () => {
    const anna = await loginAs(server, 'anna');
    const { credential } = await addPasskey(anna, 'Echt');
    const browser = new PortalClient(server.url);
    const unknown = newCredential(rpId(), credential.userHandle);
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(unknown, await startLogin(browser), origin())))).toBe('NOT_VALID');
    // The attacker's own key, presented under anna's credential id: the signature does not verify.
    const impostor = { ...newCredential(rpId(), credential.userHandle), id: credential.id };
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(impostor, await startLogin(browser), origin())))).toBe('NOT_VALID');
    // Anna's own assertion, naming another user handle (an account the credential does not belong to).
    const otherHandle = Buffer.from('someone-else-123').toString('base64url');
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin(), { userHandle: otherHandle })))).toBe('NOT_VALID');
    expect(browser.cookies.size).toBe(0);
    const failures = await server.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.method, 'PASSKEY'), eq(loginAttempts.status, 'NOT_VALID')));
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a replayed challenge, an expired one, a registration challenge, another origin or rpID, no user verification', async () => {
    const anna = await loginAs(server, 'anna');
    const { credential } = await addPasskey(anna, 'Wiederholung');
    const browser = new PortalClient(server.url);

    const options = await startLogin(browser);
    const answer = authenticationResponse(credential, options, origin());
    expect(loginStatusOf(await finishLogin(browser, answer))).toBe('SUCCESSFUL');
    const replay = new PortalClient(server.url);
    expect(loginStatusOf(await finishLogin(replay, answer))).toBe('NOT_VALID');

    const late = await startLogin(browser);
    server.clock.advance(5 * 60_000 + 1);
    expect(loginStatusOf(await finishLogin(replay, authenticationResponse(credential, late, origin())))).toBe('NOT_VALID');

    const registration = await startRegistration(anna);
    expect(loginStatusOf(await finishLogin(replay, authenticationResponse(credential, registration.ok!.optionsJson, origin())))).toBe('NOT_VALID');

    for (const bend of [{ origin: 'https://phish.example' }, { rpId: 'phish.example' }, { userVerified: false }]) {
      expect(loginStatusOf(await finishLogin(replay, authenticationResponse(credential, await startLogin(replay), origin(), bend))), JSON.stringify(bend)).toBe('NOT_VALID');
    }
    expect(loginStatusOf(await finishLogin(replay, '{"id": 1}'))).toBe('NOT_VALID');
    expect(replay.cookies.size).toBe(0);
    // Every challenge was taken by its answer or is expired; only the ones still open remain.
    const open = await server.db
      .select()
      .from(passkeyChallenges)
      .where(gt(passkeyChallenges.expiresAt, new Date(server.clock.now()).toISOString()));
    expect(open.every((c) => c.purpose === 'AUTHENTICATION' || c.personId !== null)).toBe(true);
  });

  it('refuses a passkey registered for the other tenant’s host (its rpID), even with a signature for this one', async () => {
    const credential = newCredential('portal.noevk.at', Buffer.from('bernd-regional-1').toString('base64url'));
    await storePasskey('bernd', credential);
    const browser = new PortalClient(server.url);
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin(), { rpId: rpId() })))).toBe('NOT_VALID');
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin())))).toBe('NOT_VALID');
    expect(browser.cookies.size).toBe(0);
  });

  it('refuses an assertion whose signature counter does not advance (a cloned authenticator)', async () => {
    const anna = await loginAs(server, 'anna');
    const { credential } = await addPasskey(anna, 'Zähler', 10);
    const browser = new PortalClient(server.url);
    expect(loginStatusOf(await finishLogin(browser, authenticationResponse(credential, await startLogin(browser), origin())))).toBe('SUCCESSFUL');
    const row = (await passkeysOf('anna')).find((p) => p.credentialId === credential.id.toString('base64url'))!;
    expect(row.counter).toBe(11);
    const clone = new PortalClient(server.url);
    expect(loginStatusOf(await finishLogin(clone, authenticationResponse(credential, await startLogin(clone), origin(), { signCount: 11 })))).toBe('NOT_VALID');
    expect(loginStatusOf(await finishLogin(clone, authenticationResponse(credential, await startLogin(clone), origin(), { signCount: 3 })))).toBe('NOT_VALID');
  });

  it('keeps the REST login as the spec has it: no REST method for passkeys', async () => {
    const res = await new PortalClient(server.url).rest('finishPasskeyLogin', { responseJson: '{}' });
    expect(res.status).not.toBe(200);
  });
});

describe('limits of the public passkey login start', () => {
  const START_LIMITED = graphql(`
    mutation PasskeyTest_StartLoginLimited {
      startPasskeyLogin {
        ok {
          optionsJson
        }
        error {
          ...RateLimitedError
        }
      }
    }
  `);
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ members: 1, env: { PASSKEY_LOGIN_IP_MAX_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await limited.close();
  });
  const challenges = async () => (await limited.db.select().from(passkeyChallenges)).length;

  it('answers RATE_LIMITED beyond PASSKEY_LOGIN_IP_MAX_PER_MINUTE starts per IP and minute, storing no challenge, and starts again in the next minute', async () => {
    const client = new PortalClient(limited.url);
    // The window is the fixed minute of the test clock: start at its beginning.
    limited.clock.set(Math.ceil(limited.clock.now() / 60_000) * 60_000);
    for (let i = 0; i < 3; i++) expect((await client.operation(START_LIMITED)).body.data!.startPasskeyLogin.ok).not.toBeNull();
    expect(await challenges()).toBe(3);
    const refused = (await client.operation(START_LIMITED)).body.data!.startPasskeyLogin;
    expect(refused.ok).toBeNull();
    expect(refused.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
    expect(await challenges()).toBe(3);
    limited.clock.advance(60_000);
    expect((await client.operation(START_LIMITED)).body.data!.startPasskeyLogin.ok).not.toBeNull();
  });
});
