/**
 * The content of the calculator's PDF (`webportal/calcprint`, issue 17 item 6): inputs, assumptions and results of
 * one projection, with the same figures the screen shows (both come from `projectPension` over the same input).
 * Pure: formatting only.
 */
import { formatDate, formatEuro, formatPercentBp } from '@contract/format';
import type { LetterContent, LetterLine } from '../documents/pdf/letter';
import { PAYMENTS_PER_YEAR, RANGE_SPREAD_BP, SEVERANCE_CONTRIBUTION_RATE_BP, SEVERANCE_FEE_BP, type LifeTable, type ProjectionResult, type Scenario } from './calculator.rules';
import type { CalculatorInput } from '@contract/calculator';
import type { CalculatorView } from './calculator.view';

export interface CalculatorPrintData {
  view: CalculatorView;
  input: CalculatorInput;
  projection: ProjectionResult;
  startCapitalCents: number;
  lifeTable: LifeTable;
}

/** German names of the scenarios, as on screen. */
export const SCENARIO_LABELS: Record<Scenario, string> = { PESSIMISTIC: 'Pessimistisch', EXPECTED: 'Erwartet', OPTIMISTIC: 'Optimistisch' };

const pct = (percent: number) => formatPercentBp(Math.round(percent * 100));
const yesNo = (b: boolean) => (b ? 'ja' : 'nein');
const ageText = (months: number) => `${Math.floor(months / 12)} Jahre${months % 12 ? ` und ${months % 12} Monate` : ''}`;

/** The letter content of a calculation. */
export function calculatorPrintLetter(d: CalculatorPrintData): LetterContent {
  const { view, input: i, projection: p } = d;
  const expected = p.scenarios.find((s) => s.scenario === 'EXPECTED')!;
  const inputs: LetterLine[] = [
    { label: 'Geburtsdatum', value: formatDate(i.birthDate) },
    { label: 'Pensionsantritt', value: formatDate(i.retirementDate) },
    { label: 'Pensionskapital zum Berechnungsstichtag', value: formatEuro(d.startCapitalCents) },
  ];
  if (view.access === 'FULL') {
    inputs.push(
      { label: 'Arbeitgeberbeitrag jährlich', value: formatEuro(i.employerAnnualContribution) },
      { label: 'Arbeitgeberbeitrag bis', value: formatDate(i.employerPaymentEnd) },
      { label: 'Steigerung Arbeitgeberbeitrag', value: pct(i.employerGrowthRate) },
    );
  }
  inputs.push(
    { label: 'Eigenbeitrag jährlich', value: formatEuro(i.ownAnnualContribution) },
    { label: 'Eigenbeitrag von – bis', value: `${formatDate(i.ownContributionStart)} – ${formatDate(i.ownContributionEnd)}` },
    { label: 'Steigerung Eigenbeitrag', value: pct(i.ownGrowthRate) },
    { label: 'Übertragungsbetrag', value: i.transferAmount > 0 && i.transferDate ? `${formatEuro(i.transferAmount)} am ${formatDate(i.transferDate)}` : formatEuro(0) },
    { label: 'Erwartete Veranlagungsrendite', value: pct(i.expectedReturn) },
    { label: 'Vorsorgekasse berücksichtigt', value: yesNo(i.severanceActive) },
    { label: 'Abfertigungsanwartschaft', value: formatEuro(i.severanceCapital) },
    { label: 'Laufende Beiträge zur Vorsorgekasse', value: yesNo(i.severanceContributing) },
    { label: 'Kapital anderer Kassen', value: formatEuro(i.otherFundsCapital) },
    { label: 'Beiträge anderer Kassen jährlich', value: formatEuro(i.otherFundsAnnualContribution) },
    { label: 'Bruttojahreseinkommen', value: formatEuro(i.yearlyGrossIncome) },
    { label: 'Einkommenssteigerung', value: pct(i.incomeGrowthRate) },
    { label: 'Beginn der staatlichen Pension', value: formatDate(i.statePensionStart) },
    { label: 'Gesamtgutschrift Pensionskonto', value: formatEuro(i.accountCredit) },
    { label: 'Sonstiges Jahreseinkommen', value: formatEuro(i.otherYearlyIncome) },
  );
  const results: LetterLine[] = [
    { label: 'Pensionskassenpension jährlich', value: formatEuro(expected.pensionFundYearlyCents) },
    { label: 'Abfertigungspension jährlich', value: formatEuro(expected.severanceYearlyCents) },
    { label: 'Staatliche Pension jährlich', value: formatEuro(expected.stateYearlyCents) },
    { label: 'Sonstiges Einkommen jährlich', value: formatEuro(expected.otherYearlyCents) },
    { label: 'Gesamtpension jährlich', value: formatEuro(expected.totalYearlyCents), strong: true },
    { label: `Gesamtpension monatlich (${PAYMENTS_PER_YEAR}-mal)`, value: formatEuro(expected.totalMonthlyCents), strong: true },
  ];
  const range: LetterLine[] = p.scenarios.map((s) => ({ label: `${SCENARIO_LABELS[s.scenario]}: Gesamtpension monatlich`, value: formatEuro(s.totalMonthlyCents) }));
  const capital: LetterLine[] = [
    { label: 'Pensionskapital bei Pensionsantritt', value: formatEuro(expected.pensionFundCapitalCents) },
    { label: 'Abfertigungskapital bei Pensionsantritt', value: formatEuro(expected.severanceCapitalCents) },
  ];
  const assumptions: LetterLine[] = [
    { label: 'Berechnungsstichtag', value: formatDate(view.calculationDate) },
    { label: 'Stand der Daten', value: view.dataDate ? formatDate(view.dataDate) : 'keine Kontodaten' },
    { label: 'Alter bei Pensionsantritt', value: ageText(p.ageAtRetirementMonths) },
    { label: 'Rechnungszins', value: formatPercentBp(view.calculationInterestBp) },
    { label: 'Rentenbarwertfaktor (14 Auszahlungen)', value: p.annuityFactor.toFixed(4).replace('.', ',') },
    { label: 'Sterbetafel', value: `${d.lifeTable.name} (Statistik Austria)` },
    { label: 'Bandbreite der Rendite', value: `± ${formatPercentBp(RANGE_SPREAD_BP)}` },
    { label: 'Beitrag zur Vorsorgekasse', value: `${formatPercentBp(SEVERANCE_CONTRIBUTION_RATE_BP)} des Bruttoeinkommens` },
    { label: 'Verwaltungskosten Vorsorgekasse', value: `${formatPercentBp(SEVERANCE_FEE_BP)} pro Jahr` },
    { label: 'Pensionskonto', value: '1,78 % der Beitragsgrundlage pro Jahr' },
  ];
  const paragraphs = [
    `Sie haben am ${formatDate(view.today)} mit dem Vorsorgerechner Ihre künftige Pension berechnet. Diese Aufstellung ` +
      'zeigt Ihre Eingaben, alle Annahmen und das Ergebnis. Alle Beträge sind Bruttobeträge.',
  ];
  if (view.access === 'FICTITIOUS') {
    paragraphs.push('Sie haben keinen Anspruch gegenüber der Pensionskasse: Die Pensionskassenpension ist fiktiv (Rendite zuzüglich Kostenbonus).');
  }
  if (view.access === 'OWN_CONTRIBUTIONS_ONLY') paragraphs.push('Für Ihren Vertrag berücksichtigt der Rechner nur Eigenbeiträge.');
  if (view.dataOutdated) paragraphs.push('Ihre Kontodaten sind älter als 15 Monate; das Ergebnis kann daher stärker abweichen.');
  return {
    fund: 'PK',
    title: 'Ihre Vorsorgeberechnung',
    documentDate: view.today,
    facts: [
      ...(view.contractNumber ? [{ label: 'Vertrag', value: view.contractNumber }] : []),
      { label: 'Stand der Daten', value: view.dataDate ? formatDate(view.dataDate) : '–' },
    ],
    paragraphs,
    tables: [
      { heading: 'Ergebnis (erwartete Rendite)', rows: results },
      { heading: 'Bandbreite', rows: range },
      { heading: 'Kapital', rows: capital },
      { heading: 'Ihre Eingaben', rows: inputs },
      { heading: 'Annahmen', rows: assumptions },
    ],
    notes: [
      'Eine Modellrechnung, keine Zusage: Renditen, Einkommen und Gesetze können sich ändern.',
      `Die Verrentung verwendet eine öffentliche Sterbetafel (${d.lifeTable.name}, Statistik Austria), nicht die ` +
        'lizenzierte Rechnungsgrundlage der Pensionskasse (AVÖ 2018-P); Ihre tatsächliche Pension wird damit abweichen.',
      'Die staatliche Pension folgt der Pensionskonto-Regel (1,78 % je Jahr) ohne Aufwertung und ohne Höchstbeitragsgrundlage.',
    ],
  };
}
