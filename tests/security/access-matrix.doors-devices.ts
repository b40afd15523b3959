import { SignedInDevicesSection_EndDeviceMutation as END_DEVICE } from '../../web/src/features/settings/api/signed-in-devices';
import { objectDoor, operationRequest, type Door } from './access-matrix.kit';

/**
 * The access matrix's door of the signed-in devices (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts;
 * decision 0048): ending a session by its public id. Another member's id must answer exactly what an id of no session
 * answers (NOT_FOUND), and must end nothing. The probe sends the settings' own mutation.
 */

/** The door of `endSignedInDevice(input: { id })`. */
export const DEVICE_DOORS: Door[] = [
  objectDoor(
    'Mutation.endSignedInDevice(id)',
    ['Mutation.endSignedInDevice', 'EndSignedInDeviceInput.id'],
    'hex',
    (m) => m.sessionIds,
    (id) => operationRequest(END_DEVICE, { input: { id } }),
  ),
];
