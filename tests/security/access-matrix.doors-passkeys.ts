import { PasskeySection_RemoveMutation as REMOVE } from '../../web/src/features/settings/api/remove-passkey';
import { PasskeySection_RenameMutation as RENAME } from '../../web/src/features/settings/api/rename-passkey';
import { objectDoor, operationRequest, type Door } from './access-matrix.kit';

/**
 * The access matrix's doors of the passkeys (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts;
 * docs/decisions/0047-passkeys.md): renaming and removing a passkey by its id. Another member's passkey id must answer
 * byte for byte what an unknown id answers (ERROR_NOT_FOUND) and must not show or change that passkey. The probes send
 * the settings' own mutations.
 */

/** A passkey-id door: the member's passkey ids, walked by neighbouring integers. */
const passkeyDoor = (name: string, covers: string[], request: Door['request']): Door => objectDoor(name, covers, 'int', (m) => m.passkeyIds, request, { missing: '999999999' });

export const PASSKEY_DOORS: Door[] = [
  passkeyDoor('Mutation.renamePasskey(input.id)', ['Mutation.renamePasskey', 'RenamePasskeyInput.id'], (id) => operationRequest(RENAME, { input: { id, name: 'Matrix Probe' } })),
  passkeyDoor('Mutation.removePasskey(input.id)', ['Mutation.removePasskey', 'RemovePasskeyInput.id'], (id) => operationRequest(REMOVE, { input: { id } })),
];

/** Passkey operations that take arguments but name no object of a member, with the reason (NO_OBJECT_ID). */
export const PASSKEY_NO_OBJECT_ID: Record<string, string> = {
  'Mutation.startPasskeyRegistration': 'the session’s own step-up password; the ceremony is bound to the session (tests/api/passkeys.test.ts)',
  'Mutation.finishPasskeyRegistration': 'the authenticator’s answer to a ceremony of the session’s own person and session, and a name (tests/api/passkeys.test.ts binds it)',
  'Mutation.finishPasskeyLogin': 'a signed WebAuthn assertion of the caller; foreign and replayed answers are covered by tests/api/passkeys.test.ts',
};
