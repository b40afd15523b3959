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
    unreadMessageCount
  }
`);

/** Greeting by gender, titles and name, and the number of unread messages. */
export function DashboardWelcome({ person }: { person: DashboardWelcome_PersonFragmentFragment }) {
  const { t } = useTranslation();
  return (
    <div className="welcome">
      <h1 tabIndex={-1}>{t(`dashboard.greeting.${person.gender}`, { name: formatPersonName(person) })}</h1>
      <p className="lead">{t('dashboard.intro')}</p>
      <p className="welcome__unread">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.6 7 12 11.2 18.4 7H5.6z"
          />
        </svg>
        {t('dashboard.unread', { count: person.unreadMessageCount })}
      </p>
    </div>
  );
}
