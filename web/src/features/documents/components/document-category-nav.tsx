import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { DocumentCategoryNav_PersonFragmentFragment } from '../../../gql/graphql';
import { DOCUMENT_CATEGORIES, visibleCategories } from './document-categories';
import '../../../components/ui/side-nav.css';

export const DocumentCategoryNavFragment = graphql(`
  fragment DocumentCategoryNav_PersonFragment on Person {
    documentCounts {
      category
      total
      unread
    }
  }
`);

/**
 * Navigation between the overview and the categories (`/dokumente/{step}`), each with its number of documents and,
 * as text, how many are new. The current page is marked with `aria-current="page"` (NavLink).
 */
export function DocumentCategoryNav({ person }: { person: DocumentCategoryNav_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const countOf = (category: string) => person.documentCounts.find((count) => count.category === category);
  return (
    <nav className="document-nav" aria-label={t('documents.nav.label')}>
      <ul>
        <li>
          <NavLink to={paths.documents.getHref()} end className="side-nav__link document-nav__link">
            {t('documents.nav.overview')}
          </NavLink>
        </li>
        {DOCUMENT_CATEGORIES.filter(({ category }) => visibleCategories(person.documentCounts).includes(category)).map(({ category, step }) => {
          const count = countOf(category);
          return (
            <li key={category}>
              <NavLink to={paths.documents.getHref(step)} className="side-nav__link document-nav__link">
                <span>{t(`documents.category.${category}.title`)}</span>
                <span className="document-nav__count">
                  {count && count.unread > 0
                    ? t('documents.nav.countWithNew', {
                        documents: t('documents.count', { count: count.total }),
                        unread: count.unread,
                      })
                    : t('documents.nav.count', { documents: t('documents.count', { count: count?.total ?? 0 }) })}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
