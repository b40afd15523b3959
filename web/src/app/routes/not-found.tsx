import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { NotFoundContext } from './layouts';

/** Shown for every address the tenant has no screen for; leads a logged-in member back to the overview. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const loggedIn = useOutletContext<NotFoundContext | undefined>()?.loggedIn ?? false;
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <div className="card narrow">
      <h1 tabIndex={-1}>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to={loggedIn ? paths.dashboard.getHref() : paths.root.getHref()}>
        {loggedIn ? t('notFound.toDashboard') : t('notFound.toStart')}
      </Link>
    </div>
  );
}
