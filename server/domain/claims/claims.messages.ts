import type { ClaimErrorCode } from './claims.service';

/**
 * German messages of a refused severance claim for GraphQL `SubmitSeveranceClaimError.message` and `FieldError.message`
 * (the web app shows its own catalogue texts, schema/contract/i18n/de/claim.json, by code; integrators get these). Spec 001
 * section 8 "Claim: already submitted recently, global error on creation".
 */
export const CLAIM_ERROR_MESSAGES: Record<ClaimErrorCode, string> = {
  ERROR_INVALID_INPUT: 'Bitte prüfen Sie Ihre Eingaben.',
  ERROR_NO_RIGHT_TO_DECIDE: 'Für dieses Konto besteht derzeit kein Verfügungsanspruch.',
  ERROR_OPTION_NOT_ALLOWED: 'Selbständige können ihre Abfertigung nicht an eine Pensionskasse oder betriebliche Kollektivversicherung übertragen.',
  ERROR_ALREADY_SUBMITTED: 'Sie haben für dieses Konto bereits vor Kurzem einen Antrag gesendet.',
  ERROR_PWD_INVALID: 'Das Passwort ist nicht korrekt.',
  ERROR_UPLOAD: 'Ein hochgeladenes Dokument konnte nicht übernommen werden. Bitte laden Sie es noch einmal hoch.',
};

export const CLAIM_FIELD_MESSAGES: Record<string, string> = {
  REQUIRED: 'Bitte füllen Sie dieses Feld aus.',
  TOO_LONG: 'Die Eingabe ist zu lang.',
  INVALID: 'Die Eingabe ist ungültig.',
  IBAN_INVALID: 'Die IBAN ist ungültig.',
  IBAN_PLACEHOLDER: 'Bitte geben Sie Ihre vollständige IBAN ein.',
  BIC_INVALID: 'Der BIC ist ungültig.',
  POSTCODE_INVALID: 'Bitte geben Sie eine österreichische Postleitzahl (1010 bis 9992) ein.',
  CASH_ORDER_ABROAD: 'Eine Postanweisung ist nur an eine Adresse in Österreich möglich.',
  POLICY_NUMBER_INVALID: 'Die Polizzennummer enthält unzulässige Zeichen.',
  NOT_CONFIRMED: 'Bitte bestätigen Sie die Richtigkeit Ihrer Angaben.',
  NO_RIGHT_TO_DECIDE: 'Für dieses Konto besteht derzeit kein Verfügungsanspruch.',
  SELF_EMPLOYED_NO_COLLECTIVE: 'Selbständige können nicht an eine Pensionskasse oder Kollektivversicherung übertragen.',
  PASSWORD_INCORRECT: 'Das Passwort ist nicht korrekt.',
  SIGNATURE_EMPTY: 'Bitte zuerst unterschreiben.',
  DOCUMENT_REQUIRED: 'Bitte laden Sie dieses Dokument hoch.',
  UPLOAD_NOT_FOUND: 'Die Datei ist nicht mehr verfügbar. Bitte laden Sie sie noch einmal hoch.',
  UPLOAD_ALREADY_USED: 'Die Datei wurde bereits mit einem anderen Antrag gesendet. Bitte laden Sie sie noch einmal hoch.',
  UPLOAD_WRONG_PURPOSE: 'Die Datei wurde für einen anderen Zweck hochgeladen. Bitte laden Sie sie hier noch einmal hoch.',
  TOO_MANY_FILES: 'Bitte laden Sie höchstens 5 Dateien hoch.',
  SIGNATURE_INVALID: 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie noch einmal.',
};

/** A field error with its German message. */
export function claimFieldError(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: CLAIM_FIELD_MESSAGES[e.code] ?? CLAIM_FIELD_MESSAGES.INVALID! };
}
