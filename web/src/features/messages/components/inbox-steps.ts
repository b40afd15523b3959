import type { MessageFolder } from '@contract/messages';
import type { FormKind } from '@contract/forms';
import { BOARD_INBOX_STEP } from '../../../config/paths';

/** The inbox's steps (`/postfach/{step}`) and the folder each list shows. */
export const FOLDER_OF_STEP: Record<string, MessageFolder> = { posteingang: 'RECEIVED', gesendet: 'SENT', [BOARD_INBOX_STEP]: 'BOARD' };
export const STEP_OF_FOLDER: Record<MessageFolder, string> = { RECEIVED: 'posteingang', SENT: 'gesendet', BOARD: BOARD_INBOX_STEP };
/** Step of the supervisory-board inbox (spec 001 section 2 "supervisory-board inbox"; decision 0026). */
export const BOARD_STEP = BOARD_INBOX_STEP;
/** Step of the new-message form. */
export const NEW_STEP = 'neu';
/** Step of the forms (`/postfach/formulare[/{form}]`). */
export const FORMS_STEP = 'formulare';
/** URL names of the forms (`/postfach/formulare/{slug}`). */
export const FORM_SLUGS = {
  VESTED_AMOUNT: 'unverfallbarkeitsbetrag',
  BANK_DATA: 'bankverbindung',
  PENSION_CALL: 'pensionsabruf',
  EXIT_APPLICATION: 'austrittsantrag',
  EMPLOYMENT_DECLARATION: 'beschaeftigungserklaerung',
  FUNCTION_DECLARATION: 'funktionserklaerung',
  FAMILY_DECLARATION: 'familienstand',
  MODEL_OBJECTION: 'widerspruchserklaerung',
  MODEL_SWITCH: 'wechselerklaerung',
} as const satisfies Record<FormKind, string>;
