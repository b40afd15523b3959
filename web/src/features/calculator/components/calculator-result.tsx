import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import type { CalculatorPage_ProjectQuery } from '../../../gql/graphql';
import { formatPercent } from '@contract/format';
import { CapitalChart } from './capital-chart';
import { AmountTableHead } from '../../../components/ui/amount-table';

type Projection = NonNullable<CalculatorPage_ProjectQuery['projectPension']['projection']>;

interface CalculatorResultProps {
  projection: Projection;
  calculationInterestRate: number;
  rangeSpread: number;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The result block (spec 000 section 2): yearly and monthly amounts of pension fund pension, severance pension, state
 * pension, other income and the total for the expected return; the pessimistic/expected/optimistic range; detail
 * toggles per fund; the capital chart with its table.
 */
export function CalculatorResult({ projection, calculationInterestRate, rangeSpread, headingRef }: CalculatorResultProps) {
  const { t } = useTranslation();
  const expected = projection.scenarios.find((s) => s.scenario === 'EXPECTED')!;
  const rows = [
    ['pensionFund', expected.pensionFundYearly],
    ['severance', expected.severanceYearly],
    ['state', expected.stateYearly],
    ['other', expected.otherYearly],
  ] as const;
  const years = Math.floor(projection.ageAtRetirementMonths / 12);
  const months = projection.ageAtRetirementMonths % 12;
  return (
    <section className="calculator-result" aria-labelledby="calculator-result-heading">
      <h2 id="calculator-result-heading" tabIndex={-1} ref={headingRef}>
        {t('calculator.result.heading')}
      </h2>
      <div className="table-scroll">
        <table className="amount-table calculator-result__table">
          <caption>{t('calculator.result.caption')}</caption>
          <AmountTableHead label={t('calculator.result.source')} amounts={[t('calculator.result.yearly'), t('calculator.result.monthly')]} />
          <tbody>
            {rows.map(([key, yearly]) => (
              <tr key={key}>
                <th scope="row">{t(`calculator.result.${key}`)}</th>
                <td className="amount-table__amount">
                  <Money cents={yearly} />
                </td>
                <td className="amount-table__amount">
                  <Money cents={Math.round(yearly / 14)} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="amount-table__total">
              <th scope="row">{t('calculator.result.total')}</th>
              <td className="amount-table__amount">
                <Money cents={expected.totalYearly} />
              </td>
              <td className="amount-table__amount">
                <Money cents={expected.totalMonthly} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>

      <h3>{t('calculator.result.rangeHeading')}</h3>
      <p>{t('calculator.result.rangeText', { spread: formatPercent(rangeSpread) })}</p>
      <div className="table-scroll">
        <table className="amount-table calculator-result__range">
          <caption className="visually-hidden">{t('calculator.result.rangeCaption')}</caption>
          <AmountTableHead label={t('calculator.result.scenario')} amounts={[t('calculator.result.monthly')]} />
          <tbody>
            {projection.scenarios.map((s) => (
              <tr key={s.scenario} className={s.scenario === 'EXPECTED' ? 'amount-table__total' : undefined}>
                <th scope="row">{t(`calculator.result.${s.scenario}`)}</th>
                <td className="amount-table__amount">
                  <Money cents={s.totalMonthly} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <details className="calculator-result__details">
        <summary>{t('calculator.result.pensionFundDetails')}</summary>
        <dl className="calculator-result__facts">
          <dt>{t('calculator.result.capitalAtRetirement')}</dt>
          <dd>
            <Money cents={expected.pensionFundCapital} />
          </dd>
          <dt>{t('calculator.result.ageAtRetirement')}</dt>
          <dd>{t('calculator.result.age', { years, months })}</dd>
          <dt>{t('calculator.result.calculationInterestRate')}</dt>
          <dd>{formatPercent(calculationInterestRate)}</dd>
          <dt>{t('calculator.result.annuityFactor')}</dt>
          <dd>{projection.annuityFactor.toFixed(4).replace('.', ',')}</dd>
        </dl>
      </details>
      <details className="calculator-result__details">
        <summary>{t('calculator.result.severanceDetails')}</summary>
        <dl className="calculator-result__facts">
          <dt>{t('calculator.result.capitalAtRetirement')}</dt>
          <dd>
            <Money cents={expected.severanceCapital} />
          </dd>
          <dt>{t('calculator.result.severanceRate')}</dt>
          <dd>{formatPercent(1.53)}</dd>
          <dt>{t('calculator.result.severanceFee')}</dt>
          <dd>{formatPercent(0.7)}</dd>
        </dl>
      </details>
      <CapitalChart points={projection.capitalPath} />
    </section>
  );
}
