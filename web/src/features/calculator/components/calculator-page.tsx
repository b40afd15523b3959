import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PENSION_FUND_ASSET_COST_BP, statePensionAssumptions, type CalculatorInput } from '@contract/calculator';
import { formatRevaluationFactor } from '@contract/legal-figures';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { CalculatorPage_QueryQuery } from '../../../gql/graphql';
import { formatDate, formatMoney, formatPercent } from '@contract/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePensionCalculator } from '../api/get-pension-calculator';
import { printCalculation } from '../api/print-calculation';
import { useProjectPension } from '../api/project-pension';
import '../calculator.css';
import { CalculatorForm, type CalculatorFormContext } from './calculator-form';
import { CalculatorResult } from './calculator-result';
import { TotalBar } from './total-bar';

type Calculator = CalculatorPage_QueryQuery['pensionCalculator'];

/**
 * /vorsorgerechner and the calculator-only mode /rechner (spec 001 sections 3, 5, 6; spec 000 section 2): the
 * restriction or the prefilled form, every assumption with the data's date, the result with its range, the capital
 * chart, the PDF of the shown result, and the fixed total bar. The prefilled inputs are calculated at once.
 */
export function CalculatorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('calculator.pageTitle'));
  const { data, loading, error, refetch } = usePensionCalculator();
  const calculator = data?.pensionCalculator;
  let body;
  if (error) body = <ErrorState onRetry={() => void refetch()} />;
  else if (loading || !calculator) body = <LoadingState />;
  else if (calculator.access === 'NONE' || !calculator.defaults) body = <Refusal refusal={calculator.refusal} />;
  else body = <CalculatorBody calculator={calculator} prefilled={calculator.defaults} />;
  // The intro speaks of the prefilled form: shown with the form only, not above a refusal (spec 001 section 6).
  const withForm = !error && calculator !== undefined && calculator.access !== 'NONE' && calculator.defaults !== null;
  return (
    <div className="calculator-page">
      <h1 tabIndex={-1}>{t('calculator.heading')}</h1>
      {withForm ? <p className="lead">{t('calculator.intro')}</p> : null}
      {body}
    </div>
  );
}

/** The prefilled inputs as a `ProjectPensionInput` (Apollo adds `__typename`, which an input type does not have). */
function withoutTypename(defaults: NonNullable<Calculator['defaults']>): CalculatorInput {
  const { __typename: _typename, ...input } = defaults;
  return input;
}

function Refusal({ refusal }: { refusal: Calculator['refusal'] }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning">
      <p className="state__title">{t('calculator.refusal.title')}</p>
      <p>{t(`calculator.refusal.${refusal ?? 'NO_VALID_CONTRACT_DATA'}`)}</p>
      <p>
        <Link to={paths.dashboard.getHref()}>{t('calculator.refusal.toDashboard')}</Link>
      </p>
    </Notice>
  );
}

function CalculatorBody({ calculator, prefilled }: { calculator: Calculator; prefilled: NonNullable<Calculator['defaults']> }) {
  const { t } = useTranslation();
  const defaults = useMemo(() => withoutTypename(prefilled), [prefilled]);
  const [execute, { data, loading, error }] = useProjectPension();
  const [shownInput, setShownInput] = useState<CalculatorInput | null>(null);
  const [printState, setPrintState] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Whether the shown result still belongs to the form's inputs: `outdated` after a change (marked, the fixed bar
  // hidden), `cleared` after a refused submit (result and bar hidden), `current` after a calculation.
  const [resultState, setResultState] = useState<'current' | 'outdated' | 'cleared'>('current');
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const access = calculator.access as CalculatorFormContext['access'];
  const context = useMemo<CalculatorFormContext>(
    () => ({
      today: calculator.today,
      calculationDate: calculator.calculationDate,
      gender: calculator.gender,
      employerContributions: access === 'FULL',
      access,
      earliestRetirementDate: calculator.earliestRetirementDate,
      latestRetirementDate: calculator.latestRetirementDate,
      earliestPaymentEndDate: calculator.earliestPaymentEndDate,
      statutoryRetirementDate: calculator.statutoryRetirementDate,
    }),
    [calculator, access],
  );

  const calculate = (input: CalculatorInput) => {
    void execute({ variables: { input } }).then((r) => {
      if (r.data?.projectPension.ok) {
        setShownInput(input);
        setResultState('current');
      }
    });
  };
  // The prefilled inputs are calculated once, so the member sees a result at once.
  useEffect(() => {
    void execute({ variables: { input: defaults } }).then((r) => {
      if (r.data?.projectPension.ok) setShownInput(defaults);
    });
  }, [execute, defaults]);

  const answer = data?.projectPension;
  const projection = answer?.ok && resultState !== 'cleared' ? answer.projection : null;
  const scenarios = projection?.scenarios ?? [];
  const expected = scenarios.find((s) => s.scenario === 'EXPECTED');

  const print = async () => {
    if (!shownInput) return;
    setPrintState('busy');
    try {
      await printCalculation(shownInput);
      setPrintState('idle');
    } catch {
      setPrintState('failed');
    }
  };

  return (
    <div className="calculator-body">
      {calculator.dataDate ? <p>{t('calculator.dataDate', { date: formatDate(calculator.dataDate) })}</p> : <p>{t('calculator.noData')}</p>}
      {calculator.dataOutdated ? <Notice tone="warning">{t('calculator.dataOutdated')}</Notice> : null}
      {access === 'OWN_CONTRIBUTIONS_ONLY' ? <Notice tone="info">{t('calculator.restricted')}</Notice> : null}
      {access === 'FICTITIOUS' ? <Notice tone="info">{t('calculator.fictitious', { percent: formatPercent(defaults.expectedReturn) })}</Notice> : null}
      <CalculatorForm
        context={context}
        defaults={defaults}
        busy={loading}
        serverErrors={answer && !answer.ok ? answer.fieldErrors : []}
        onCalculate={calculate}
        onInvalid={() => setResultState('cleared')}
        onEdit={() => setResultState((state) => (state === 'current' ? 'outdated' : state))}
      />
      {error ? <ErrorState /> : null}
      {projection ? (
        <>
          {resultState === 'outdated' ? (
            <Notice tone="warning">
              <p>{t('calculator.result.outdated')}</p>
            </Notice>
          ) : null}
          <CalculatorResult projection={projection} calculationInterestRate={calculator.calculationInterestRate} rangeSpread={calculator.rangeSpread} headingRef={resultHeading} />
          <p>
            <button type="button" className="button button--secondary" onClick={() => void print()} disabled={printState === 'busy'}>
              {printState === 'busy' ? t('calculator.result.printing') : t('calculator.result.print')}
            </button>
          </p>
          {printState === 'failed' ? <Notice tone="error">{t('calculator.result.printFailed')}</Notice> : null}
        </>
      ) : null}
      <section className="calculator-assumptions" aria-labelledby="calculator-assumptions-heading">
        <h2 id="calculator-assumptions-heading">{t('calculator.assumptions.heading')}</h2>
        <ul>
          <li>{t('calculator.assumptions.calculationDate', { date: formatDate(calculator.calculationDate) })}</li>
          <li>{t('calculator.assumptions.lifeTable', { name: calculator.lifeTable.name })}</li>
          <li>{t('calculator.assumptions.interest', { rate: formatPercent(calculator.calculationInterestRate) })}</li>
          <li>{t('calculator.assumptions.severance')}</li>
          <li>
            {t('calculator.assumptions.costExample', {
              cost: formatPercent(PENSION_FUND_ASSET_COST_BP / 100),
              net: formatPercent((shownInput ?? defaults).expectedReturn),
              gross: formatPercent((shownInput ?? defaults).expectedReturn + PENSION_FUND_ASSET_COST_BP / 100),
            })}
          </li>
          <StatePensionAssumptionItems calculationDate={calculator.calculationDate} input={shownInput ?? defaults} revaluedCredit={projection?.revaluedAccountCredit ?? null} />
          <li>{t('calculator.assumptions.range', { spread: formatPercent(calculator.rangeSpread) })}</li>
          <li>{t('calculator.assumptions.gross')}</li>
        </ul>
        <p>{t('calculator.assumptions.lifeTableDirection', { name: calculator.lifeTable.name })}</p>
        <p>{t('calculator.assumptions.statementDifference')}</p>
      </section>
      {expected && resultState === 'current' ? (
        <TotalBar
          monthly={expected.totalMonthly}
          low={scenarios[0]!.totalMonthly}
          high={scenarios[scenarios.length - 1]!.totalMonthly}
          onShowResult={() => {
            resultHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            resultHeading.current?.focus({ preventScroll: true });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The state pension's assumptions (decision 0043): the year's Höchstbeitragsgrundlage and its assumed growth, the
 * Aufwertungszahl of the first 1 January after the calculation date (or the assumed one), and, with a result, what
 * the entered Pensionskonto credit is worth at the state pension start. Growth is the income growth of the shown
 * result's input (the prefilled one before the first result).
 */
function StatePensionAssumptionItems({ calculationDate, input, revaluedCredit }: { calculationDate: string; input: CalculatorInput; revaluedCredit: number | null }) {
  const { t } = useTranslation();
  const st = statePensionAssumptions(calculationDate, input.incomeGrowthRate);
  const growth = formatPercent(st.growthPercent);
  return (
    <>
      <li>{t('calculator.assumptions.state', { capMonthly: formatMoney(st.capMonthlyCents), capYearly: formatMoney(st.capYearlyCents), year: st.capYear, growth })}</li>
      <li>
        {st.revaluationFactorPermille === null
          ? t('calculator.assumptions.revaluationAssumed', { year: st.revaluationYear, growth })
          : t('calculator.assumptions.revaluation', { year: st.revaluationYear, factor: formatRevaluationFactor(st.revaluationFactorPermille), growth })}
        {revaluedCredit !== null && input.accountCredit > 0
          ? ` ${t('calculator.assumptions.revaluedCredit', { credit: formatMoney(input.accountCredit), revalued: formatMoney(revaluedCredit) })}`
          : null}
      </li>
    </>
  );
}
