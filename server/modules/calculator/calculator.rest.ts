/**
 * The calculator's legacy doors (decision 0017): the REST methods `getCalculator` and `calculatePension` and the
 * body of `webportal/calcprint`. Form fields arrive as strings, JSON as numbers: both are read here, then the
 * calculator service checks every rule (calculator.schemas.ts).
 */
import { z } from 'zod';
import { formCents } from '../../platform/shared/rest-fields';
import { CALCULATOR_CODE_MESSAGES, CALCULATOR_FIELD_MESSAGES, CALCULATOR_REFUSAL_MESSAGES } from './calculator.messages';
import { LIFE_TABLE } from './annuity.rules';
import { RANGE_SPREAD_BP } from './calculator.rules';
import type { CalculatorView, ProjectOutcome } from './calculator.view';
import { empty, method, type RestMethod } from '../../rest/method-kit';

const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,13}(\.\d{1,6})?$/)
    .transform(Number),
]);
const cents = formCents;
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
const date = z.string().max(10);

/** The body of `calculatePension` and `webportal/calcprint`: the fields of `ProjectPensionInput` (money in cents). */
export const calculatorRestInput = z.object({
  birthDate: date,
  retirementDate: date,
  employerAnnualContribution: cents,
  employerPaymentEnd: date,
  employerGrowthRate: num,
  ownAnnualContribution: cents,
  ownContributionStart: date,
  ownContributionEnd: date,
  ownGrowthRate: num,
  transferAmount: cents,
  transferDate: date
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  expectedReturn: num,
  severanceActive: bool,
  severanceCapital: cents,
  severanceContributing: bool,
  otherFundsCapital: cents,
  otherFundsAnnualContribution: cents,
  yearlyGrossIncome: cents,
  incomeGrowthRate: num,
  statePensionStart: date,
  accountCredit: cents,
  otherYearlyIncome: cents,
});

/** `getCalculator`: the same fields as GraphQL `pensionCalculator`. */
export function calculatorViewAnswer(v: CalculatorView) {
  return {
    access: v.access,
    refusal: v.refusal,
    refusalMessage: v.refusal ? CALCULATOR_REFUSAL_MESSAGES[v.refusal] : null,
    today: v.today,
    gender: v.gender,
    calculationDate: v.calculationDate,
    dataDate: v.dataDate,
    dataOutdated: v.dataOutdated,
    calculationInterestRate: v.calculationInterestBp / 100,
    ...v.bounds,
    defaults: v.access === 'NONE' ? null : v.defaults,
    lifeTable: { name: LIFE_TABLE.name, year: LIFE_TABLE.year, source: LIFE_TABLE.source },
    rangeSpread: RANGE_SPREAD_BP / 100,
  };
}

/** A refused projection with German messages (GraphQL `ProjectPensionResult`, REST `calculatePension`, calcprint). */
export function calculatorFailure(o: Extract<ProjectOutcome, { ok: false }>) {
  return {
    ok: false as const,
    code: o.code,
    message: CALCULATOR_CODE_MESSAGES[o.code],
    fieldErrors: o.fieldErrors.map((e) => ({ field: e.field, code: e.code, message: CALCULATOR_FIELD_MESSAGES[e.code] })),
    projection: null,
  };
}

/** `calculatePension`: `{ ok, code, message, fieldErrors, projection }` as GraphQL `projectPension` (money in cents). */
export function calculatorRestAnswer(o: ProjectOutcome) {
  if (!o.ok) return calculatorFailure(o);
  const p = o.projection;
  return {
    ok: true,
    code: null,
    message: null,
    fieldErrors: [],
    projection: {
      ageAtRetirementMonths: p.ageAtRetirementMonths,
      annuityFactor: p.annuityFactor,
      scenarios: p.scenarios.map((s) => ({
        scenario: s.scenario,
        pensionFundCapital: s.pensionFundCapitalCents,
        severanceCapital: s.severanceCapitalCents,
        pensionFundYearly: s.pensionFundYearlyCents,
        severanceYearly: s.severanceYearlyCents,
        stateYearly: s.stateYearlyCents,
        otherYearly: s.otherYearlyCents,
        totalYearly: s.totalYearlyCents,
        totalMonthly: s.totalMonthlyCents,
      })),
      capitalPath: p.path.map((c) => ({ date: c.date, pensionFund: c.pensionFundCents, severance: c.severanceCents })),
      revaluedAccountCredit: p.revaluedAccountCreditCents,
    },
  };
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const calculatorRestMethods: RestMethod[] = [
  method({
    name: 'getCalculator',
    input: empty,
    auth: 'session',
    async run(ctx) {
      return calculatorViewAnswer(await ctx.services.calculator.view(ctx.scope, await ctx.requirePersonId()));
    },
  }),

  method({
    name: 'calculatePension',
    input: calculatorRestInput,
    auth: 'session',
    async run(ctx, input) {
      return calculatorRestAnswer(await ctx.services.calculator.project(ctx.scope, await ctx.requirePersonId(), input));
    },
  }),
];
