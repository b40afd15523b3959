/** Public API of the deterministic seed generator (see db/seed/generator.ts and db/seed/cli.ts). */
export { DEFAULT_SEED, isCalendarDate, seedDatabase, seedIfEmpty } from './generator';
export type { SeedOptions, SeedStats } from './seed-context';
export { ANNA_EID_BPK, DEMO_PASSWORD, demoEidBpk, PERSONA_EMAILS, PERSONAS, personaFundPlan, type Persona, type PersonaFundPlan, type PersonaKey } from './personas';
export { BOARD_ONLY_PERSONAS, BOARD_PERSONA_EMAILS } from './board-personas';
export {
  annuityFactor,
  buildPkHistory,
  buildVkHistory,
  projectYearlyPensionCents,
  type PkHistory,
  type PkPlan,
  type PkStatementFigures,
  type VkAccountPlan,
  type VkHistory,
  type VkStatementFigures,
} from './history';
export { createMarket, VRGS, type Market } from './market';
export { statutoryPensionStart } from './calendar';
export { hashSeed, Rng } from './random';
export { LOGIN_PERSONAS, demoActivationToken, type LoginPersona, type LoginSetup } from './login-personas';
export { REGISTRATION_PERSONAS, demoRegistrationCode, type RegistrationPersona } from './registration-personas';
export { CALCULATOR_PERSONAS, type CalculatorPersona } from './calculator-personas';
export { seedWorkbenchDemo, type WorkbenchDemoStats } from './workbench-demo';

import { CALCULATOR_PERSONAS } from './calculator-personas';
import { LOGIN_PERSONAS } from './login-personas';
import { BOARD_ONLY_PERSONAS } from './board-personas';
import { PERSONAS } from './personas';
import { REGISTRATION_PERSONAS } from './registration-personas';

/**
 * Number of demo persons the seed adds beside the generated members: the named personas and the login, registration,
 * calculator and board-only ones (each list in its own module). Tests compare the seeded person count with it.
 */
export const DEMO_PERSON_COUNT = PERSONAS.length + LOGIN_PERSONAS.length + REGISTRATION_PERSONAS.length + CALCULATOR_PERSONAS.length + BOARD_ONLY_PERSONAS.length;
