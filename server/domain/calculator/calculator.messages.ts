import type { CalculatorRefusal } from './calculator.rules';
import type { CalculatorFieldCode } from '@contract/calculator';

/**
 * German messages of the calculator for GraphQL `message` fields and REST answers (spec 001 section 8 "Calculator":
 * not authorized, technical problems, inactive VRG, no valid contract data, terms not accepted). The web app shows
 * its own catalogue texts by code (schema/contract/i18n/de/calculator.json); integrators get these.
 */
export const CALCULATOR_REFUSAL_MESSAGES: Record<CalculatorRefusal, string> = {
  NOT_AUTHORIZED: 'Für Ihren Vertrag steht der Vorsorgerechner nicht zur Verfügung.',
  INACTIVE_VRG: 'Ihre Veranlagungs- und Risikogemeinschaft ist nicht aktiv; der Vorsorgerechner steht daher nicht zur Verfügung.',
  NO_VALID_CONTRACT_DATA: 'Für Sie liegen keine gültigen Vertragsdaten vor; der Vorsorgerechner kann nicht rechnen.',
  TERMS_NOT_ACCEPTED: 'Bitte akzeptieren Sie zuerst die Nutzungsbedingungen, um den Vorsorgerechner zu verwenden.',
};

export const CALCULATOR_FIELD_MESSAGES: Record<CalculatorFieldCode, string> = {
  REQUIRED: 'Bitte füllen Sie dieses Feld aus.',
  INVALID: 'Die Eingabe ist ungültig.',
  OUT_OF_RANGE: 'Der Wert liegt außerhalb des erlaubten Bereichs.',
  TOO_MANY_DECIMALS: 'Bitte geben Sie höchstens zwei Nachkommastellen ein.',
  NOT_FIRST_OF_MONTH: 'Der Pensionsantritt ist immer der Erste eines Monats.',
  DATE_IN_PAST: 'Das Datum darf nicht in der Vergangenheit liegen.',
  DATE_TOO_EARLY: 'Das Datum liegt zu früh.',
  DATE_TOO_LATE: 'Das Datum liegt zu spät.',
  NOT_AFTER_CALCULATION_DATE: 'Das Datum muss nach dem Berechnungsstichtag liegen.',
  AFTER_RETIREMENT: 'Das Datum darf nicht nach dem Pensionsantritt liegen.',
  END_BEFORE_START: 'Das Ende darf nicht vor dem Beginn liegen.',
  BEFORE_STATUTORY_AGE: 'Die staatliche Pension beginnt frühestens mit dem gesetzlichen Pensionsalter.',
  CREDIT_TOO_HIGH: 'Die Gutschrift ist höher als die mögliche Jahrespension.',
};

export const CALCULATOR_CODE_MESSAGES = {
  INVALID_INPUT: 'Bitte prüfen Sie Ihre Eingaben.',
  CALCULATOR_NOT_AVAILABLE: 'Der Vorsorgerechner steht für Sie nicht zur Verfügung.',
} as const;
