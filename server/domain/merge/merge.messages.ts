import type { MergeErrorCode } from './merge.service';

/**
 * German messages of a refused merge request for GraphQL `RequestMergeError.message` and `FieldError.message` (the
 * web app shows its own catalogue texts, schema/contract/i18n/de/merge.json, by code; integrators get these).
 */
export const MERGE_ERROR_MESSAGES: Record<MergeErrorCode, string> = {
  ERROR_INVALID_INPUT: 'Bitte prüfen Sie Ihre Eingaben.',
  ERROR_NOT_ELIGIBLE: 'Sie haben derzeit kein Konto, das seit mindestens 3 Jahren beitragsfrei ist und zusammengelegt werden kann.',
  ERROR_ALREADY_PENDING: 'Sie haben bereits einen Antrag auf Zusammenlegung gesendet, der noch bearbeitet wird.',
  ERROR_UPLOAD: 'Ein hochgeladenes Dokument konnte nicht übernommen werden. Bitte laden Sie es noch einmal hoch.',
};

const FIELD_MESSAGES: Record<string, string> = {
  REQUIRED: 'Bitte füllen Sie dieses Feld aus.',
  TOO_LONG: 'Die Eingabe ist zu lang.',
  INVALID: 'Die Eingabe ist ungültig.',
  SVNR_FORMAT: 'Die Sozialversicherungsnummer hat 10 Ziffern.',
  SVNR_CHECK_DIGIT: 'Die Sozialversicherungsnummer ist ungültig.',
  SVNR_MISMATCH: 'Bitte geben Sie Ihre eigene Sozialversicherungsnummer an.',
  EMAIL_INVALID: 'Die E-Mail-Adresse ist ungültig.',
  CONSENT_REQUIRED: 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.',
  TERMS_REQUIRED: 'Bitte akzeptieren Sie die Bedingungen.',
  SIGNATURE_EMPTY: 'Bitte zuerst unterschreiben.',
  SIGNATURE_INVALID: 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie noch einmal.',
  DOCUMENT_REQUIRED: 'Bitte laden Sie dieses Dokument hoch.',
  UPLOAD_NOT_FOUND: 'Die Datei ist nicht mehr verfügbar. Bitte laden Sie sie noch einmal hoch.',
  UPLOAD_ALREADY_USED: 'Die Datei wurde bereits mit einem anderen Antrag gesendet. Bitte laden Sie sie noch einmal hoch.',
  UPLOAD_WRONG_PURPOSE: 'Die Datei wurde für einen anderen Zweck hochgeladen. Bitte laden Sie sie hier noch einmal hoch.',
  TOO_MANY_FILES: 'Bitte laden Sie höchstens 5 Dateien hoch.',
};

/** A field error with its German message. */
export function mergeFieldError(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: FIELD_MESSAGES[e.code] ?? FIELD_MESSAGES.INVALID! };
}
