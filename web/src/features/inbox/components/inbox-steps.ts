import type { MessageFolder } from '@contract/inbox';

/** The inbox's steps (`/postfach/{step}`) and the folder each list shows. */
export const FOLDER_OF_STEP: Record<string, MessageFolder> = { posteingang: 'RECEIVED', gesendet: 'SENT' };
export const STEP_OF_FOLDER: Record<MessageFolder, string> = { RECEIVED: 'posteingang', SENT: 'gesendet' };
/** Step of the new-message form. */
export const NEW_STEP = 'neu';
