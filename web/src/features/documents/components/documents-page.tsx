import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { DocumentCategory, DocumentCategoryNav_PersonFragmentFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CATEGORY_PAGE_SIZE, useDocumentCategory } from '../api/get-document-category';
import { OVERVIEW_PAGE_SIZE, useDocumentsOverview } from '../api/get-documents-overview';
import { useMarkDocumentRead } from '../api/mark-document-read';
import '../../../components/ui/side-nav.css';
import '../documents.css';
import { categoryOfStep, stepOfCategory, visibleCategories } from './document-categories';
import { DocumentCategoryNav } from './document-category-nav';
import { DocumentSection } from './document-section';

/**
 * /dokumente[/{step}] (spec 001 section 2 "Documents", main tenant only): without a step the overview with the newest
 * documents of every category; with a step one category with all its documents. An unknown step says so and links
 * to the overview.
 */
export function DocumentsPage() {
  const { step } = useParams();
  const { t } = useTranslation();
  const category = step === undefined ? undefined : categoryOfStep(step);
  useDocumentTitle(category ? t('documents.categoryPageTitle', { category: t(`documents.category.${category}.title`) }) : t('documents.pageTitle'));
  let body: ReactNode;
  if (step === undefined) body = <DocumentsOverview />;
  else if (category) body = <DocumentCategoryView category={category} />;
  else
    body = (
      <Notice tone="warning">
        {t('documents.unknownCategory')} <Link to={paths.documents.getHref()}>{t('documents.toOverview')}</Link>
      </Notice>
    );
  return (
    <div className="documents-page">
      <h1 tabIndex={-1}>{t('documents.heading')}</h1>
      <p className="lead">{t('documents.intro')}</p>
      {body}
    </div>
  );
}

function UnreadLine({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p className="documents-page__unread">{t('documents.unreadTotal', { count })}</p>;
}

/** Both views of the archive: the unread line, then the category navigation beside (wide) or above (narrow) the sections. */
function DocumentsLayout({ me, children }: { me: DocumentCategoryNav_PersonFragmentFragment & { unreadDocumentCount: number }; children: ReactNode }) {
  return (
    <div className="side-nav-layout documents-layout">
      <UnreadLine count={me.unreadDocumentCount} />
      <DocumentCategoryNav person={me} />
      <div className="documents-layout__main">{children}</div>
    </div>
  );
}

/** Unread documents of a category from the person's counts (refreshed by markDocumentRead). */
function unreadOf(counts: readonly { category: DocumentCategory; unread: number }[], category: DocumentCategory): number {
  return counts.find((count) => count.category === category)?.unread ?? 0;
}

function DocumentsOverview() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useDocumentsOverview(false);
  const me = data?.me;
  const [markRead] = useMarkDocumentRead(me?.id);
  if (error || (data && !me)) return <ErrorState onRetry={() => void refetch()} />;
  if (loading || !me) return <LoadingState />;
  const onOpen = (id: string) => void markRead({ variables: { id } }).catch(() => undefined);
  // The visible categories in the archive's order (document-categories.ts), each with the newest documents it answers.
  const sections = visibleCategories(me.documentCounts).flatMap((category) => {
    const connection = me.documentCounts.find((count) => count.category === category)?.newest;
    return connection ? [{ category, connection }] : [];
  });
  return (
    <DocumentsLayout me={me}>
      {sections.map(({ category, connection }) => (
        <DocumentSection
          key={category}
          category={category}
          connection={connection}
          unread={unreadOf(me.documentCounts, category)}
          onOpen={onOpen}
          footer={
            connection.totalCount > OVERVIEW_PAGE_SIZE ? (
              <p className="document-section__more">
                <Link to={paths.documents.getHref(stepOfCategory(category))}>
                  {t('documents.showAll', {
                    count: connection.totalCount,
                    category: t(`documents.category.${category}.title`),
                  })}
                </Link>
              </p>
            ) : null
          }
        />
      ))}
    </DocumentsLayout>
  );
}

function DocumentCategoryView({ category }: { category: DocumentCategory }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useDocumentCategory(category);
  const me = data?.me;
  const [markRead] = useMarkDocumentRead(me?.id);
  if (error && !me) return <ErrorState onRetry={() => void refetch()} />;
  if (data && !me) return <ErrorState onRetry={() => void refetch()} />;
  if (!me) return <LoadingState />;
  const onOpen = (id: string) => void markRead({ variables: { id } }).catch(() => undefined);
  const connection = me.documents;
  const loadMore = () =>
    void fetchMore({
      variables: { after: connection.endCursor, first: CATEGORY_PAGE_SIZE },
      updateQuery: (previous, { fetchMoreResult }) => {
        if (!previous.me || !fetchMoreResult.me) return previous as typeof fetchMoreResult;
        return {
          ...fetchMoreResult,
          me: {
            ...fetchMoreResult.me,
            documents: {
              ...fetchMoreResult.me.documents,
              nodes: [...previous.me.documents.nodes, ...fetchMoreResult.me.documents.nodes],
            },
          },
        };
      },
    }).catch(() => undefined);
  return (
    <DocumentsLayout me={me}>
      <DocumentSection
        category={category}
        connection={connection}
        unread={unreadOf(me.documentCounts, category)}
        onOpen={onOpen}
        footer={
          <>
            {error ? <ErrorState onRetry={loadMore} /> : null}
            {connection.hasNextPage ? (
              <button type="button" className="button button--secondary" onClick={loadMore} disabled={loading}>
                {loading ? t('state.wait') : t('documents.loadMore')}
              </button>
            ) : null}
            <p className="document-section__more">
              <Link to={paths.documents.getHref()}>{t('documents.toOverview')}</Link>
            </p>
          </>
        }
      />
    </DocumentsLayout>
  );
}
