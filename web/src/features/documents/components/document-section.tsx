import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { graphql } from '../../../gql';
import type { DocumentCategory, DocumentSection_DocumentConnectionFragmentFragment } from '../../../gql/graphql';
import { stepOfCategory } from './document-categories';
import { DocumentTable } from './document-table';

export const DocumentSectionFragment = graphql(`
  fragment DocumentSection_DocumentConnectionFragment on DocumentConnection {
    totalCount
    unreadCount
    endCursor
    hasNextPage
    nodes {
      id
      ...DocumentTable_DocumentFragment
    }
  }
`);

interface DocumentSectionProps {
  category: DocumentCategory;
  connection: DocumentSection_DocumentConnectionFragmentFragment;
  /** Unread documents of the category (from the counts, which the mark-read mutation refreshes). */
  unread: number;
  onOpen: (id: string) => void;
  /** Shown under the table, for example "all documents" or "load more". */
  footer?: ReactNode;
}

/**
 * One category of the archive: heading with the number of documents and unread ones, a short explanation, then the
 * table or, for a category without documents, an empty state that says so.
 */
export function DocumentSection({ category, connection, unread, onOpen, footer }: DocumentSectionProps) {
  const { t } = useTranslation();
  const headingId = `documents-${stepOfCategory(category)}`;
  return (
    <section className="card document-section" aria-labelledby={headingId}>
      <div className="document-section__head">
        <h2 id={headingId}>{t(`documents.category.${category}.title`)}</h2>
        <p className="document-section__count">
          {t('documents.count', { count: connection.totalCount })}
          {unread > 0 ? (
            <>
              {', '}
              <span className="badge badge--new">{t('documents.unreadCount', { count: unread })}</span>
            </>
          ) : null}
        </p>
      </div>
      <p className="muted">{t(`documents.category.${category}.description`)}</p>
      {connection.nodes.length === 0 ? (
        <EmptyState>{t(`documents.category.${category}.empty`)}</EmptyState>
      ) : (
        <DocumentTable labelledBy={headingId} documents={connection.nodes} onOpen={onOpen} />
      )}
      {footer}
    </section>
  );
}
