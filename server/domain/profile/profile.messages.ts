import type { ProfileFieldCode } from '@contract/profile';

/**
 * German field messages of the profile forms for the GraphQL `FieldError.message` (the web app shows its own
 * catalogue texts by code; integrators get these).
 */
export const PROFILE_FIELD_MESSAGES: Record<ProfileFieldCode, string> = {
  REQUIRED: 'Bitte füllen Sie dieses Feld aus.',
  TOO_SHORT: 'Die Eingabe ist zu kurz.',
  TOO_LONG: 'Die Eingabe ist zu lang.',
  INVALID_CHARACTERS: 'Die Eingabe enthält unzulässige Zeichen.',
  INVALID: 'Die Eingabe ist ungültig.',
  MISMATCH: 'Die E-Mail-Adressen stimmen nicht überein.',
  UNCHANGED: 'Das ist bereits Ihre E-Mail-Adresse.',
  COUNTRY_UNKNOWN: 'Bitte wählen Sie ein Land aus der Liste.',
  POSTCODE_INVALID_FOR_COUNTRY: 'Die Postleitzahl passt nicht zum Land.',
  IBAN_INVALID: 'Die IBAN ist ungültig.',
  IBAN_PLACEHOLDER: 'Bitte geben Sie Ihre vollständige IBAN ein.',
  IBAN_NOT_SEPA: 'Die IBAN gehört zu keinem Land des SEPA-Raums.',
  BIC_INVALID: 'Der BIC ist ungültig.',
  BIC_REQUIRED: 'Für dieses Land ist der BIC erforderlich.',
  DATE_OUT_OF_RANGE: 'Das Datum liegt außerhalb des erlaubten Zeitraums.',
  PASSWORD_INCORRECT: 'Das Passwort ist nicht korrekt.',
  NOT_CONFIRMED: 'Bitte bestätigen Sie, dass Sie Ihren Zugang löschen möchten.',
};

/** A field error with its German message. */
export function withMessage(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: PROFILE_FIELD_MESSAGES[e.code as ProfileFieldCode] ?? PROFILE_FIELD_MESSAGES.INVALID };
}
