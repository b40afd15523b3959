import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { newCredential, registrationResponse } from '../helpers/webauthn';
import { FINISH_REGISTRATION, LIST, REMOVE, RENAME, START_REGISTRATION, passkeySteps } from '../helpers/passkey-steps';

/**
 * Passkeys (docs/decisions/0047-passkeys.md) over GraphQL, on both engines: adding with the step-up password, naming
 * and removing with real WebAuthn answers of a software authenticator (tests/helpers/webauthn.ts), and the refusals:
 * no step-up password, a replayed or expired challenge, another origin or rpID, no user verification, a credential
 * another member holds, and another member's passkey in rename and remove. Logging in: tests/api/passkey-login.test.ts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 4 });
});
afterAll(async () => {
  await server.close();
});

const { origin, rpId, passkeysOf, startRegistration, addPasskey, lastEventId, eventsSince } = passkeySteps(() => server);

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
