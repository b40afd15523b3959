/**
 * The content of the calculator's PDF (`webportal/calcprint`, decision 0017): inputs, assumptions and results of
 * one projection, with the same figures the screen shows (both come from `projectPension` over the same input).
 * Pure: formatting only. Texts from the catalogue: schema/contract/i18n/de/calculator-print.json (`calculatorPrint`),
 * the scenario names from calculator.json (`calculator.result.<SCENARIO>`, as on screen).
 */
import calculatorTexts from '@contract/i18n/de/calculator.json';
import catalogue from '@contract/i18n/de/calculator-print.json';
import { fill } from '@contract/i18n/fill';
import { formatDate, formatEuro, formatPercentBp } from '@contract/format';
import type { LetterContent, LetterLine } from '../documents/pdf/letter';
import { PAYMENTS_PER_YEAR, type LifeTable } from './annuity.rules';
import { RANGE_SPREAD_BP, SEVERANCE_CONTRIBUTION_RATE_BP, SEVERANCE_FEE_BP, type ProjectionResult, type Scenario } from './calculator.rules';
import { PENSION_FUND_ASSET_COST_BP, statePensionAssumptions, type CalculatorInput } from '@contract/calculator';
import { formatRevaluationFactor } from '@contract/legal-figures';
import type { CalculatorView } from './calculator.view';
import type { TenantDefinition } from '../../tenants';
import { tenantScreenTexts, tenantTexts } from '../tenant/tenant-texts';

export interface CalculatorPrintData {
  view: CalculatorView;
  input: CalculatorInput;
  projection: ProjectionResult;
  startCapitalCents: number;
  lifeTable: LifeTable;
  /** The tenant whose fund signs the letter: without a Pensionskasse the Vorsorgekasse, with the tenant's texts. */
  tenant: TenantDefinition;
}

const T = catalogue.calculatorPrint;
/** The screen's assumption sentences (`calculator.assumptions.*`), which the PDF repeats as notes. */
type AssumptionTexts = typeof calculatorTexts.calculator.assumptions;

/** German names of the scenarios, as on screen (`calculator.result.PESSIMISTIC` …). */
export const SCENARIO_LABELS: Record<Scenario, string> = {
  PESSIMISTIC: calculatorTexts.calculator.result.PESSIMISTIC,
  EXPECTED: calculatorTexts.calculator.result.EXPECTED,
  OPTIMISTIC: calculatorTexts.calculator.result.OPTIMISTIC,
};

const pct = (percent: number) => formatPercentBp(Math.round(percent * 100));
const yesNo = (b: boolean) => (b ? T.yes : T.no);
const ageText = (months: number) =>
  months % 12 ? fill(T.assumption.ageYearsMonths, { years: Math.floor(months / 12), months: months % 12 }) : fill(T.assumption.ageYears, { years: Math.floor(months / 12) });

/**
 * The state-pension assumptions as the screen says them (`calculator.assumptions.state` and `.revaluation` or
 * `.revaluationAssumed`), with the figures of `statePensionAssumptions`; `growth` formatted.
 */
function statePensionNotes(S: AssumptionTexts, st: ReturnType<typeof statePensionAssumptions>, growth: string): string[] {
  return [
    fill(S.state, { capMonthly: formatEuro(st.capMonthlyCents), capYearly: formatEuro(st.capYearlyCents), year: st.capYear, growth }),
    st.revaluationFactorPermille === null
      ? fill(S.revaluationAssumed, { year: st.revaluationYear, growth })
      : fill(S.revaluation, { year: st.revaluationYear, factor: formatRevaluationFactor(st.revaluationFactorPermille), growth }),
  ];
}

/** The letter content of a calculation (texts `calculatorPrint.*`). */
export function calculatorPrintLetter(d: CalculatorPrintData): LetterContent {
  const T = tenantTexts(d.tenant, 'calculatorPrint', catalogue.calculatorPrint);
  // The screen's sentences as this tenant's screen says them (the regional tenant has no Pensionskasse).
  const S = tenantScreenTexts(d.tenant, 'calculator', calculatorTexts.calculator).assumptions;
  const { view, input: i, projection: p } = d;
  const expected = p.scenarios.find((s) => s.scenario === 'EXPECTED')!;
  const f = T.input;
  const inputs: LetterLine[] = [
    { label: f.birthDate, value: formatDate(i.birthDate) },
    { label: f.retirementDate, value: formatDate(i.retirementDate) },
    { label: f.startCapital, value: formatEuro(d.startCapitalCents) },
  ];
  if (view.access === 'FULL') {
    inputs.push(
      { label: f.employerAnnualContribution, value: formatEuro(i.employerAnnualContribution) },
      { label: f.employerPaymentEnd, value: formatDate(i.employerPaymentEnd) },
      { label: f.employerGrowthRate, value: pct(i.employerGrowthRate) },
    );
  }
  const transfer = i.transferAmount > 0 && i.transferDate ? fill(f.transferAmountValue, { amount: formatEuro(i.transferAmount), date: formatDate(i.transferDate) }) : formatEuro(0);
  inputs.push(
    { label: f.ownAnnualContribution, value: formatEuro(i.ownAnnualContribution) },
    { label: f.ownContributionPeriod, value: fill(f.ownContributionPeriodValue, { from: formatDate(i.ownContributionStart), to: formatDate(i.ownContributionEnd) }) },
    { label: f.ownGrowthRate, value: pct(i.ownGrowthRate) },
    { label: f.transferAmount, value: transfer },
    { label: f.expectedReturn, value: pct(i.expectedReturn) },
    { label: f.severanceActive, value: yesNo(i.severanceActive) },
    { label: f.severanceCapital, value: formatEuro(i.severanceCapital) },
    { label: f.severanceContributing, value: yesNo(i.severanceContributing) },
    { label: f.otherFundsCapital, value: formatEuro(i.otherFundsCapital) },
    { label: f.otherFundsAnnualContribution, value: formatEuro(i.otherFundsAnnualContribution) },
    { label: f.yearlyGrossIncome, value: formatEuro(i.yearlyGrossIncome) },
    { label: f.incomeGrowthRate, value: pct(i.incomeGrowthRate) },
    { label: f.statePensionStart, value: formatDate(i.statePensionStart) },
    { label: f.accountCredit, value: formatEuro(i.accountCredit) },
    { label: f.otherYearlyIncome, value: formatEuro(i.otherYearlyIncome) },
  );
  const r = T.result;
  const results: LetterLine[] = [
    { label: r.pensionFundYearly, value: formatEuro(expected.pensionFundYearlyCents) },
    { label: r.severanceYearly, value: formatEuro(expected.severanceYearlyCents) },
    { label: r.stateYearly, value: formatEuro(expected.stateYearlyCents) },
    { label: r.otherYearly, value: formatEuro(expected.otherYearlyCents) },
    { label: r.totalYearly, value: formatEuro(expected.totalYearlyCents), strong: true },
    { label: fill(r.totalMonthly, { payments: PAYMENTS_PER_YEAR }), value: formatEuro(expected.totalMonthlyCents), strong: true },
  ];
  const range: LetterLine[] = p.scenarios.map((s) => ({ label: fill(r.rangeMonthly, { scenario: SCENARIO_LABELS[s.scenario] }), value: formatEuro(s.totalMonthlyCents) }));
  const capital: LetterLine[] = [
    { label: r.pensionFundCapital, value: formatEuro(expected.pensionFundCapitalCents) },
    { label: r.severanceCapital, value: formatEuro(expected.severanceCapitalCents) },
  ];
  const a = T.assumption;
  const st = statePensionAssumptions(view.calculationDate, i.incomeGrowthRate);
  const growth = pct(st.growthPercent);
  const assumptions: LetterLine[] = [
    { label: a.calculationDate, value: formatDate(view.calculationDate) },
    { label: a.dataDate, value: view.dataDate ? formatDate(view.dataDate) : a.noAccountData },
    { label: a.ageAtRetirement, value: ageText(p.ageAtRetirementMonths) },
    { label: a.calculationInterest, value: formatPercentBp(view.calculationInterestBp) },
    { label: a.annuityFactor, value: p.annuityFactor.toFixed(4).replace('.', ',') },
    { label: a.lifeTable, value: fill(a.lifeTableValue, { name: d.lifeTable.name }) },
    { label: a.returnSpread, value: fill(a.returnSpreadValue, { spread: formatPercentBp(RANGE_SPREAD_BP) }) },
    { label: a.severanceContribution, value: fill(a.severanceContributionValue, { rate: formatPercentBp(SEVERANCE_CONTRIBUTION_RATE_BP) }) },
    { label: a.severanceFee, value: fill(a.severanceFeeValue, { rate: formatPercentBp(SEVERANCE_FEE_BP) }) },
    { label: a.statePensionAccount, value: a.statePensionAccountValue },
    {
      label: fill(a.maxContributionBase, { year: st.capYear }),
      value: fill(a.maxContributionBaseValue, { monthly: formatEuro(st.capMonthlyCents), yearly: formatEuro(st.capYearlyCents), growth }),
    },
    {
      label: fill(a.revaluation, { year: st.revaluationYear }),
      value:
        st.revaluationFactorPermille === null
          ? fill(a.revaluationAssumedValue, { growth })
          : fill(a.revaluationValue, { factor: formatRevaluationFactor(st.revaluationFactorPermille), growth }),
    },
    { label: a.revaluedCredit, value: formatEuro(p.revaluedAccountCreditCents) },
  ];
  const paragraphs = [fill(T.intro, { today: formatDate(view.today) })];
  if (view.access === 'FICTITIOUS') paragraphs.push(T.fictitious);
  if (view.access === 'OWN_CONTRIBUTIONS_ONLY') paragraphs.push(T.ownContributionsOnly);
  if (view.dataOutdated) paragraphs.push(T.dataOutdated);
  return {
    // The regional tenant has no Pensionskasse (spec 000 section 1): its Vorsorgekasse signs.
    fund: d.tenant.pensionFund ? 'PK' : 'VK',
    title: T.title,
    documentDate: view.today,
    facts: [
      ...(view.contractNumber ? [{ label: T.fact.contract, value: view.contractNumber }] : []),
      { label: T.fact.dataDate, value: view.dataDate ? formatDate(view.dataDate) : T.fact.noDataDate },
    ],
    paragraphs,
    tables: [
      { heading: T.heading.results, rows: results },
      { heading: T.heading.range, rows: range },
      { heading: T.heading.capital, rows: capital },
      { heading: T.heading.inputs, rows: inputs },
      { heading: T.heading.assumptions, rows: assumptions },
    ],
    notes: [
      T.note.model,
      fill(T.note.lifeTable, { name: d.lifeTable.name }),
      fill(S.lifeTableDirection, { name: d.lifeTable.name }),
      fill(S.costExample, { cost: pct(PENSION_FUND_ASSET_COST_BP / 100), net: pct(d.input.expectedReturn), gross: pct(d.input.expectedReturn + PENSION_FUND_ASSET_COST_BP / 100) }),
      ...statePensionNotes(S, st, growth),
      S.statementDifference,
    ],
  };
}
