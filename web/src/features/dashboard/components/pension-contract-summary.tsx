import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { Money } from '../../../components/ui/money';
import { graphql } from '../../../gql';
import type { Gender, PensionContractSummary_PensionContractFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';

export const PensionContractSummaryFragment = graphql(`
  fragment PensionContractSummary_PensionContractFragment on PensionContract {
    contractNumber
    vrgName
    role
    employer {
      id
      name
    }
    statement {
      stichtag
      totalCapital
    }
  }
`);

/** A Pensionskasse contract on the dashboard: contract data and the latest total capital. */
export function PensionContractSummary({
  contract,
  gender,
}: {
  contract: PensionContractSummary_PensionContractFragmentFragment;
  /** The member's gender: the role reads "Anwartschaftsberechtigte" or "Anwartschaftsberechtigter". */
  gender: Gender;
}) {
  const { t } = useTranslation();
  return (
    <article className="card summary-card">
      <h3>{t('dashboard.pension.contract', { number: contract.contractNumber })}</h3>
      <DescriptionList
        className="description-list--compact"
        items={[
          { key: 'employer', term: t('dashboard.pension.employer'), value: contract.employer.name },
          { key: 'vrg', term: t('dashboard.pension.vrg'), value: contract.vrgName },
          { key: 'role', term: t('dashboard.pension.role'), value: t(`enums.ContractRoleByGender.${contract.role}.${gender}`) },
        ]}
      />
      {contract.statement ? (
        <p className="key-figure">
          <span className="key-figure__label">{t('dashboard.pension.totalCapital')}</span>
          <span className="key-figure__value">
            <Money cents={contract.statement.totalCapital} />
          </span>
          <span className="key-figure__date">{t('dashboard.asOf', { date: formatDate(contract.statement.stichtag) })}</span>
        </p>
      ) : (
        <p className="muted">{t('dashboard.noStatement')}</p>
      )}
    </article>
  );
}
