import { and, desc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { loginAttempts, passkeyChallenges, passkeys, persons, securityEvents, sessions } from '../../db/schema';
import { hashToken } from '../../server/domain/auth/session-token';
import { graphql } from '../gql';
import { DEMO_PASSWORD, loginStatusOf, PortalClient } from '../helpers/client';
import { emailOf, loginAs, type Scenario } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authenticationResponse, newCredential, registrationResponse, type SoftCredential } from '../helpers/webauthn';

/**
 * Passkeys (docs/decisions/0047-passkeys.md) over GraphQL, on both engines: adding with the step-up password, naming,
 * removing, and logging in with real WebAuthn answers of a software authenticator (tests/helpers/webauthn.ts), and
 * the refusals: no step-up password, a foreign or unknown passkey, a replayed or expired challenge, another origin or
 * rpID, no user verification, a counter that goes back, and another member's passkey in rename and remove.
 */

const START_REGISTRATION = graphql(`
  mutation PasskeyTest_StartRegistration($currentPassword: String) {
    startPasskeyRegistration(input: { currentPassword: $currentPassword }) {
      ok {
        optionsJson
      }
      error {
        code
        message
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);
const FINISH_REGISTRATION = graphql(`
  mutation PasskeyTest_FinishRegistration($responseJson: String!, $name: String!) {
    finishPasskeyRegistration(input: { responseJson: $responseJson, name: $name }) {
      ok {
        passkey {
          id
          name
          credentialId
          transports
          createdAt
          lastUsedAt
        }
      }
      error {
        code
        message
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);
const RENAME = graphql(`
  mutation PasskeyTest_Rename($id: ID!, $name: String!) {
    renamePasskey(input: { id: $id, name: $name }) {
      ok {
        passkey {
          id
          name
        }
      }
      error {
        code
        message
        fieldErrors {
          field
          code
        }
      }
    }
  }
`);
const REMOVE = graphql(`
  mutation PasskeyTest_Remove($id: ID!) {
    removePasskey(input: { id: $id }) {
      ok {
        removedId
      }
      error {
        code
        message
      }
    }
  }
`);
const LIST = graphql(`
  query PasskeyTest_List {
    passkeys {
      id
      name
      credentialId
      lastUsedAt
    }
  }
`);
const START_LOGIN = graphql(`
  mutation PasskeyTest_StartLogin {
    startPasskeyLogin {
      ok {
        optionsJson
      }
    }
  }
`);
const FINISH_LOGIN = graphql(`
  mutation PasskeyTest_FinishLogin($responseJson: String!) {
    finishPasskeyLogin(input: { responseJson: $responseJson }) {
      ok {
        status
        loggedIn
      }
      error {
        code
        message
        lockedUntil
      }
    }
  }
`);
const SESSION = graphql(`
  query PasskeyTest_Session {
    session {
      loggedIn
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 4 });
});
afterAll(async () => {
  await server.close();
});

/** The origin and rpID the test server serves (no PUBLIC_ORIGIN: its own address). */
const origin = () => server.url;
const rpId = () => new URL(server.url).hostname;

const personId = async (scenario: Scenario) =>
  (
    await server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf(scenario)))
  )[0]!.id;
const passkeysOf = async (scenario: Scenario) =>
  server.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.personId, await personId(scenario)));

async function startRegistration(client: PortalClient, password: string | null = DEMO_PASSWORD) {
  return (await client.operation(START_REGISTRATION, { currentPassword: password })).body.data!.startPasskeyRegistration;
}

/** Adds a passkey for the logged-in `client` with a new software credential; answers the credential and the stored id. */
async function addPasskey(client: PortalClient, name = 'Laptop', signCount = 0): Promise<{ credential: SoftCredential; id: string }> {
  const started = await startRegistration(client);
  const credential = newCredential(rpId(), '', signCount);
  const answer = registrationResponse(credential, started.ok!.optionsJson, origin());
  const finished = (await client.operation(FINISH_REGISTRATION, { responseJson: answer, name })).body.data!.finishPasskeyRegistration;
  expect(finished.error).toBeNull();
  return { credential, id: finished.ok!.passkey.id };
}

async function startLogin(client: PortalClient): Promise<string> {
  return (await client.operation(START_LOGIN)).body.data!.startPasskeyLogin.ok!.optionsJson;
}

async function finishLogin(client: PortalClient, responseJson: string) {
  return (await client.operation(FINISH_LOGIN, { responseJson })).body.data!.finishPasskeyLogin;
}

/** Stores a passkey of `credential` for `scenario` directly (a member whose login stops in a flow step cannot reach the settings). */
async function storePasskey(scenario: Scenario, credential: SoftCredential): Promise<void> {
  const row = {
    personId: await personId(scenario),
    credentialId: credential.id.toString('base64url'),
    publicKey: credential.cosePublicKey.toString('base64url'),
    counter: credential.signCount,
    userHandle: credential.userHandle,
    transports: ['internal'],
    rpId: credential.rpId,
    name: 'Direkt',
    createdAt: '2026-11-01T09:00:00.000Z',
  };
  await writeTransaction(server.db, () => server.db.insert(passkeys).values(row));
}

const lastEventId = async () => (await server.db.select({ id: max(securityEvents.id) }).from(securityEvents))[0]?.id ?? 0;
const eventsSince = (id: number) => server.db.select().from(securityEvents).where(gt(securityEvents.id, id)).orderBy(securityEvents.id);

describe('adding a passkey (step-up password, decision 0047)', () => {
  it('adds a passkey with the password and shows it in the list with its name', async () => {
    const anna = await loginAs(server, 'anna');
    const from = await lastEventId();
    const started = await startRegistration(anna);
    expect(started.error).toBeNull();
    const options = JSON.parse(started.ok!.optionsJson) as Record<string, unknown>;
    expect(options).toMatchObject({
      rp: { id: rpId() },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      user: { name: emailOf('anna') },
    });
    const credential = newCredential(rpId(), '');
    const finished = (await anna.operation(FINISH_REGISTRATION, { responseJson: registrationResponse(credential, started.ok!.optionsJson, origin()), name: '  Laptop  ' })).body
      .data!.finishPasskeyRegistration;
    expect(finished.ok!.passkey).toMatchObject({ name: 'Laptop', credentialId: credential.id.toString('base64url'), transports: ['internal'], lastUsedAt: null });
    const listed = (await anna.operation(LIST)).body.data!.passkeys;
    expect(listed.map((p) => p.name)).toContain('Laptop');
    const [row] = (await passkeysOf('anna')).filter((p) => p.credentialId === credential.id.toString('base64url'));
    expect(row).toMatchObject({ rpId: rpId(), counter: 0, userHandle: credential.userHandle });
    expect(row!.publicKey).toBe(credential.cosePublicKey.toString('base64url'));
    expect((await eventsSince(from)).map((e) => e.type)).toContain('PASSKEY_ADDED');
  });

  it('refuses to start without the password or with a wrong one, and a finish without a started ceremony stores nothing', async () => {
    const bernd = await loginAs(server, 'bernd');
    const none = await startRegistration(bernd, null);
    expect(none.ok).toBeNull();
    expect(none.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] });
    const empty = await startRegistration(bernd, '');
    expect(empty.error?.code).toBe('ERROR_INVALID_INPUT');
    const wrong = await startRegistration(bernd, 'Falsch#2026xx');
    expect(wrong.error).toMatchObject({ code: 'ERROR_PWD_INVALID', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }] });
    // Options the member made up (a challenge the server never issued) are refused.
    const madeUp = JSON.stringify({ challenge: Buffer.alloc(32, 7).toString('base64url'), user: { id: 'AAAA' }, rp: { id: rpId() } });
    const answer = registrationResponse(newCredential(rpId(), ''), madeUp, origin());
    const finished = (await bernd.operation(FINISH_REGISTRATION, { responseJson: answer, name: 'Ohne Passwort' })).body.data!.finishPasskeyRegistration;
    expect(finished.error?.code).toBe('ERROR_PASSKEY_INVALID');
    expect(await passkeysOf('bernd')).toEqual([]);
  });

  it('binds the ceremony to the session that started it: another session, even of the same member, cannot finish it', async () => {
    const first = await loginAs(server, 'clara');
    const second = await loginAs(server, 'clara');
    const started = await startRegistration(first);
    const answer = registrationResponse(newCredential(rpId(), ''), started.ok!.optionsJson, origin());
    const elsewhere = (await second.operation(FINISH_REGISTRATION, { responseJson: answer, name: 'Fremd' })).body.data!.finishPasskeyRegistration;
    expect(elsewhere.error?.code).toBe('ERROR_PASSKEY_INVALID');
    // The challenge was used up by that attempt: the right session cannot use it afterwards either.
    const own = (await first.operation(FINISH_REGISTRATION, { responseJson: answer, name: 'Eigen' })).body.data!.finishPasskeyRegistration;
    expect(own.error?.code).toBe('ERROR_PASSKEY_INVALID');
    expect(await passkeysOf('clara')).toEqual([]);
  });

  it('refuses a replayed registration answer, another origin or rpID, no user verification, an expired challenge and a bad name', async () => {
    const anna = await loginAs(server, 'anna');
    const before = (await passkeysOf('anna')).length;
    const finish = async (answer: string, name = 'Test') => (await anna.operation(FINISH_REGISTRATION, { responseJson: answer, name })).body.data!.finishPasskeyRegistration;

    const replayed = await startRegistration(anna);
    const answer = registrationResponse(newCredential(rpId(), ''), replayed.ok!.optionsJson, origin());
    expect((await finish(answer)).ok).not.toBeNull();
    expect((await finish(answer)).error?.code).toBe('ERROR_PASSKEY_INVALID');

    for (const bend of [{ origin: 'https://phish.example' }, { rpId: 'phish.example' }, { userVerified: false }]) {
      const started = await startRegistration(anna);
      expect((await finish(registrationResponse(newCredential(rpId(), ''), started.ok!.optionsJson, origin(), bend))).error?.code, JSON.stringify(bend)).toBe(
        'ERROR_PASSKEY_INVALID',
      );
    }

    const late = await startRegistration(anna);
    server.clock.advance(5 * 60_000 + 1);
    expect((await finish(registrationResponse(newCredential(rpId(), ''), late.ok!.optionsJson, origin()))).error?.code).toBe('ERROR_PASSKEY_INVALID');

    const named = await startRegistration(anna);
    const bad = await finish(registrationResponse(newCredential(rpId(), ''), named.ok!.optionsJson, origin()), '   ');
    expect(bad.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'name', code: 'REQUIRED' }] });
    expect((await finish('{"id":', 'Kaputt')).error?.code).toBe('ERROR_PASSKEY_INVALID');
    expect((await passkeysOf('anna')).length).toBe(before + 1);
  });

  it('refuses to register a credential another member holds already', async () => {
    const anna = await loginAs(server, 'anna');
    const bernd = await loginAs(server, 'bernd');
    const { credential } = await addPasskey(anna, 'Annas Schlüssel');
    const started = await startRegistration(bernd);
    const stolen = registrationResponse(credential, started.ok!.optionsJson, origin());
    const answer = (await bernd.operation(FINISH_REGISTRATION, { responseJson: stolen, name: 'Gestohlen' })).body.data!.finishPasskeyRegistration;
    expect(answer.error?.code).toBe('ERROR_PASSKEY_EXISTS');
    expect(await passkeysOf('bernd')).toEqual([]);
  });
});

describe('naming and removing passkeys', () => {
  it('renames and removes the own passkey; another member’s id answers exactly like an unknown one and changes nothing', async () => {
    const anna = await loginAs(server, 'anna');
    const bernd = await loginAs(server, 'bernd');
    const { id } = await addPasskey(anna, 'Alt');
    const renamed = (await anna.operation(RENAME, { id, name: 'Neu' })).body.data!.renamePasskey;
    expect(renamed.ok!.passkey).toEqual({ id, name: 'Neu' });
    expect((await anna.operation(RENAME, { id, name: 'x'.repeat(61) })).body.data!.renamePasskey.error).toMatchObject({
      code: 'ERROR_INVALID_INPUT',
      fieldErrors: [{ field: 'name', code: 'TOO_LONG' }],
    });

    const foreignRename = await bernd.operation(RENAME, { id, name: 'Übernommen' });
    const unknownRename = await bernd.operation(RENAME, { id: '999999', name: 'Übernommen' });
    expect(foreignRename.body).toEqual(unknownRename.body);
    expect(foreignRename.body.data!.renamePasskey.error?.code).toBe('ERROR_NOT_FOUND');
    const foreignRemove = await bernd.operation(REMOVE, { id });
    const unknownRemove = await bernd.operation(REMOVE, { id: '999999' });
    expect(foreignRemove.body).toEqual(unknownRemove.body);
    expect(foreignRemove.body.data!.removePasskey.error?.code).toBe('ERROR_NOT_FOUND');
    expect((await bernd.operation(REMOVE, { id: 'abc' })).body).toEqual(unknownRemove.body);
    expect((await passkeysOf('anna')).find((p) => String(p.id) === id)?.name).toBe('Neu');

    const removed = (await anna.operation(REMOVE, { id })).body.data!.removePasskey;
    expect(removed.ok).toEqual({ removedId: id });
    expect((await passkeysOf('anna')).some((p) => String(p.id) === id)).toBe(false);
  });

  it('answers UNAUTHENTICATED without a session', async () => {
    const stranger = new PortalClient(server.url);
    for (const answer of [
      await stranger.operation(LIST),
      await stranger.operation(REMOVE, { id: '1' }),
      await stranger.operation(START_REGISTRATION, { currentPassword: DEMO_PASSWORD }),
    ]) {
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

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
          code
          message
          retryAfterSeconds
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
