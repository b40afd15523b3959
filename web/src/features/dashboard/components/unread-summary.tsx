import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BOARD_INBOX_STEP, paths, routeAvailable, type TenantId } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { UnreadSummary_PersonFragmentFragment } from '../../../gql/graphql';

export const UnreadSummaryFragment = graphql(`
  fragment UnreadSummary_PersonFragment on Person {
    unreadMessageCount
    unreadDocumentCount
    unreadBoardMessageCount
    supervisoryBoardSeats {
      fund
    }
  }
`);

/**
 * What is new for the member: unread inbox messages (linked to the inbox), unread supervisory-board messages (linked
 * to the board inbox; board members only) and unread documents (linked to the archive), each only where its screen
 * exists on the tenant (`routeAvailable`); nothing when none does. `boardOnly` (a board member without own contract or
 * account, decision 0026) leaves out the member inbox and the documents.
 */
export function UnreadSummary({ person, tenant, boardOnly = false }: { person: UnreadSummary_PersonFragmentFragment; tenant: TenantId; boardOnly?: boolean }) {
  const { t } = useTranslation();
  const board = person.supervisoryBoardSeats.length > 0;
  const items = [
    !boardOnly && routeAvailable(tenant, 'inboxMessages')
      ? { href: paths.inboxMessages.getHref(), count: person.unreadMessageCount, text: t('dashboard.unread', { count: person.unreadMessageCount }) }
      : null,
    board && routeAvailable(tenant, 'inbox')
      ? {
          href: paths.inbox.getHref(BOARD_INBOX_STEP),
          count: person.unreadBoardMessageCount,
          text: t('dashboard.unreadBoard', { count: person.unreadBoardMessageCount }),
        }
      : null,
    !boardOnly && routeAvailable(tenant, 'documents')
      ? { href: paths.documents.getHref(), count: person.unreadDocumentCount, text: t('dashboard.unreadDocuments', { count: person.unreadDocumentCount }) }
      : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return null;
  return (
    <section className="unread-summary" aria-labelledby="unread-summary-title">
      <h2 id="unread-summary-title" className="visually-hidden">
        {t('dashboard.unreadHeading')}
      </h2>
      <ul className="unread-summary__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="unread-summary__item">
              <span className="unread-summary__count" aria-hidden="true">
                {item.count}
              </span>
              <span>{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
