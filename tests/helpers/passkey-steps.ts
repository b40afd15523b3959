import { eq, gt, max } from 'drizzle-orm';
import { expect } from 'vitest';
import { writeTransaction } from '../../db/client';
import { passkeys, persons, securityEvents } from '../../db/schema';
import { graphql } from '../gql';
import { DEMO_PASSWORD, type PortalClient } from './client';
import { emailOf, type Scenario } from './scenarios';
import type { TestServer } from './test-server';
import { newCredential, registrationResponse, type SoftCredential } from './webauthn';

/**
 * The operations and steps of the passkey suites (docs/decisions/0047-passkeys.md): tests/api/passkeys.test.ts
 * (adding, naming, removing) and tests/api/passkey-login.test.ts (logging in, the start's limit).
 */

export const START_REGISTRATION = graphql(`
  mutation PasskeyTest_StartRegistration($currentPassword: String) {
    startPasskeyRegistration(input: { currentPassword: $currentPassword }) {
      ok {
        optionsJson
      }
      error {
        ...MutationError
      }
    }
  }
`);
export const FINISH_REGISTRATION = graphql(`
  mutation PasskeyTest_FinishRegistration($responseJson: String!, $name: String!) {
    finishPasskeyRegistration(input: { responseJson: $responseJson, name: $name }) {
      ok {
        passkey {
          ...PasskeyFields
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
export const RENAME = graphql(`
  mutation PasskeyTest_Rename($id: ID!, $name: String!) {
    renamePasskey(input: { id: $id, name: $name }) {
      ok {
        passkey {
          id
          name
        }
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const REMOVE = graphql(`
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
export const LIST = graphql(`
  query PasskeyTest_List {
    passkeys {
      id
      name
      credentialId
      lastUsedAt
    }
  }
`);
export const START_LOGIN = graphql(`
  mutation PasskeyTest_StartLogin {
    startPasskeyLogin {
      ok {
        optionsJson
      }
    }
  }
`);
export const FINISH_LOGIN = graphql(`
  mutation PasskeyTest_FinishLogin($responseJson: String!) {
    finishPasskeyLogin(input: { responseJson: $responseJson }) {
      ...LoginAnswer
    }
  }
`);
export const SESSION = graphql(`
  query PasskeyTest_Session {
    session {
      loggedIn
    }
  }
`);

/** The steps against `server()`, the suite's test server (started in its `beforeAll`). */
export function passkeySteps(server: () => TestServer) {
  const origin = () => server().url;
  const rpId = () => new URL(server().url).hostname;

  const personId = async (scenario: Scenario) =>
    (
      await server()
        .db.select({ id: persons.id })
        .from(persons)
        .where(eq(persons.email, emailOf(scenario)))
    )[0]!.id;
  const passkeysOf = async (scenario: Scenario) =>
    server()
      .db.select()
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
    await writeTransaction(server().db, () => server().db.insert(passkeys).values(row));
  }

  const lastEventId = async () =>
    (
      await server()
        .db.select({ id: max(securityEvents.id) })
        .from(securityEvents)
    )[0]?.id ?? 0;
  const eventsSince = (id: number) => server().db.select().from(securityEvents).where(gt(securityEvents.id, id)).orderBy(securityEvents.id);

  return { origin, rpId, personId, passkeysOf, startRegistration, addPasskey, startLogin, finishLogin, storePasskey, lastEventId, eventsSince };
}
