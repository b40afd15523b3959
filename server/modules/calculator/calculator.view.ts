import type { CalculatorDateBounds, CalculatorFieldError, CalculatorInput, Gender } from '@contract/calculator';
import type { CalculatorAccess, CalculatorRefusal } from './calculator-access.rules';
import type { ProjectionResult } from './calculator.rules';

/** What `pensionCalculator` answers: who may calculate, from which data, with which bounds and prefilled inputs. */
export interface CalculatorView {
  access: CalculatorAccess;
  refusal: CalculatorRefusal | null;
  today: string;
  /** The calculation date: Stichtag of the base data, or today without data. */
  calculationDate: string;
  /** Stichtag of the base data; null when there is none (fictitious calculator without a statement). */
  dataDate: string | null;
  /** The base data is older than 15 months (spec 001 section 9): the screen shows a notice. */
  dataOutdated: boolean;
  gender: Gender;
  /** Rechnungszins used to annuitise, bp per year. */
  calculationInterestBp: number;
  contractNumber: string | null;
  bounds: CalculatorDateBounds;
  defaults: CalculatorInput;
}

/** What `projectPension` answers: the projection, or why there is none (with the view the screen shows either way). */
export type ProjectOutcome =
  | { ok: true; view: CalculatorView; input: CalculatorInput; projection: ProjectionResult }
  | { ok: false; code: 'CALCULATOR_NOT_AVAILABLE' | 'INVALID_INPUT'; view: CalculatorView; fieldErrors: CalculatorFieldError[] };
