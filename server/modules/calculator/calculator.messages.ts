import catalogue from '@contract/i18n/de/calculator.json';
import type { CalculatorFieldCode } from '@contract/calculator';
import type { CalculatorRefusal } from './calculator-access.rules';

const texts = catalogue.calculator;

/**
 * German messages of the calculator for GraphQL `message` fields and REST answers (spec 001 section 8 "Calculator":
 * not authorized, technical problems, inactive VRG, no valid contract data, terms not accepted), read from the one
 * catalogue the web app shows too (schema/contract/i18n/de/calculator.json), so screen and API word them alike.
 * The catalogue section itself, typed by the codes: the typecheck refuses a code without its text there.
 */
export const CALCULATOR_REFUSAL_MESSAGES: Record<CalculatorRefusal, string> = texts.refusal;

/** The message of each field error code of the calculator's input rules (schema/contract/calculator.ts). */
export const CALCULATOR_FIELD_MESSAGES: Record<CalculatorFieldCode, string> = texts.fieldErrors;

/** The messages of the REST answer codes of `webportal/calcprint` and the calculator methods. */
export const CALCULATOR_CODE_MESSAGES = {
  INVALID_INPUT: texts.form.errorSummary,
  CALCULATOR_NOT_AVAILABLE: texts.refusal.notAvailable,
} as const;
