/**
 * Demo personas of the pension calculator (decision 0017): contracts whose calculator is restricted by the fund
 * (spec 001 section 6). anna has the full calculator, clara (beneficiary) none, bernd (Vorsorgekasse only) the
 * fictitious one; these add what the base personas do not show. Own LFN range, so the generated population keeps
 * its numbers.
 */
import type { PersonaKey } from './personas';
import { person, type LoginPersona } from './login-personas';

export interface CalculatorPersona {
  persona: LoginPersona['persona'];
  /** Whose fund plan the persona gets (messages left out). */
  plan: PersonaKey;
  /** `pk_contracts.calculator_access` of every contract of the persona. */
  calculatorAccess: 'OWN_CONTRIBUTIONS_ONLY' | 'NONE';
}

export const CALCULATOR_PERSONAS: readonly CalculatorPersona[] = [
  {
    persona: person('rosa.eigenbeitrag', 'Rosa', 'Eigenbeitrag', 'FEMALE', '1987-09-12', 231, { street: 'Praterstraße 21', postcode: '1020', city: 'Wien' }),
    plan: 'anna',
    calculatorAccess: 'OWN_CONTRIBUTIONS_ONLY',
  },
];

/** First LFN of the calculator personas. */
export const CALCULATOR_PERSONA_LFN = 91_000;
