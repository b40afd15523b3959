import { describe, expect, it } from 'vitest';
import { BOARD_ONLY_PERSONAS } from '../../db/seed/board-personas';
import { CALCULATOR_PERSONAS } from '../../db/seed/calculator-personas';
import { LOGIN_PERSONAS } from '../../db/seed/login-personas';
import { PERSONAS } from '../../db/seed/personas';
import { REGISTRATION_PERSONAS } from '../../db/seed/registration-personas';
import { SCENARIOS } from '../helpers/scenarios';

/** The named scenarios of the API tests (tests/helpers/scenarios.ts) are the seed's personas, under their first names. */
describe('test scenarios', () => {
  const seeded = [
    ...PERSONAS,
    ...BOARD_ONLY_PERSONAS,
    ...LOGIN_PERSONAS.map((p) => p.persona),
    ...CALCULATOR_PERSONAS.map((p) => p.persona),
    ...REGISTRATION_PERSONAS.map((p) => p.persona),
  ];
  const seededEmails = new Set(seeded.map((p) => p.email));

  it.each(Object.entries(SCENARIOS))('%s is a seeded persona (%s)', (name, email) => {
    expect(seededEmails.has(email)).toBe(true);
    expect(email.split('.')[0]).toBe(name);
  });
});
