import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { DashboardWelcome_PersonFragmentFragment } from '../../../gql/graphql';
import { formatPersonName } from '../../../lib/person-name';

export const DashboardWelcomeFragment = graphql(`
  fragment DashboardWelcome_PersonFragment on Person {
    gender
    titlePrefix
    firstName
    lastName
    titleSuffix
  }
`);

/** Greeting by gender, titles and name. */
export function DashboardWelcome({ person }: { person: DashboardWelcome_PersonFragmentFragment }) {
  const { t } = useTranslation();
  return (
    <div className="welcome">
      <h1 tabIndex={-1}>{t(`dashboard.greeting.${person.gender}`, { name: formatPersonName(person) })}</h1>
      <p className="lead">{t('dashboard.intro')}</p>
    </div>
  );
}
