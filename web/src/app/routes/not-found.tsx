import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shown for every address the tenant has no screen for. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <div className="card narrow">
      <h1 tabIndex={-1}>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.root.getHref()}>
        {t('notFound.toStart')}
      </Link>
    </div>
  );
}
