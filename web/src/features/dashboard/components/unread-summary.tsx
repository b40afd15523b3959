import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, tenantOffers, type TenantId } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { UnreadSummary_PersonFragmentFragment } from '../../../gql/graphql';

export const UnreadSummaryFragment = graphql(`
  fragment UnreadSummary_PersonFragment on Person {
    unreadMessageCount
    unreadDocumentCount
  }
`);

/**
 * What is new for the member: unread inbox messages (linked to the inbox) and, on a tenant with the documents
 * archive, unread documents (linked to the archive).
 */
export function UnreadSummary({ person, tenant }: { person: UnreadSummary_PersonFragmentFragment; tenant: TenantId }) {
  const { t } = useTranslation();
  const withDocuments = tenantOffers(tenant, 'documents');
  return (
    <section className="unread-summary" aria-labelledby="unread-summary-title">
      <h2 id="unread-summary-title" className="visually-hidden">
        {t('dashboard.unreadHeading')}
      </h2>
      <ul className="unread-summary__list">
        <li>
          <Link to={paths.inboxMessages.getHref()} className="unread-summary__item">
            <span className="unread-summary__count" aria-hidden="true">
              {person.unreadMessageCount}
            </span>
            <span>{t('dashboard.unread', { count: person.unreadMessageCount })}</span>
          </Link>
        </li>
        {withDocuments ? (
          <li>
            <Link to={paths.documents.getHref()} className="unread-summary__item">
              <span className="unread-summary__count" aria-hidden="true">
                {person.unreadDocumentCount}
              </span>
              <span>{t('dashboard.unreadDocuments', { count: person.unreadDocumentCount })}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
