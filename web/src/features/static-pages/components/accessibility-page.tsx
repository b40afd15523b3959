import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { accessibilityComplaints, accessibilityContact } from '../../../config/links';
import { hasScreen, routeAvailable, tenantIdOf, tenantRouteKeys } from '../../../config/paths';
import { formatDate } from '@contract/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAccessibilityStatement } from '../api/get-accessibility';
import '../static-pages.css';

/** Date of the self-assessment behind the statement (ISO); update it with every review. */
export const STATEMENT_DATE = '2026-11-22';

/**
 * /barrierefreiheit, the Erklärung zur Barrierefreiheit in the structure the Web-Zugänglichkeits-Gesetz (WZG)
 * and the EU model statement ask for: scope, conformance status (WCAG 2.1 AA, EN 301 549: partly conformant),
 * the contents that are not accessible and why, how the statement was made, the feedback contact, and the
 * enforcement procedure at the FFG complaints office. Public, linked from the footer of both tenants.
 */
export function AccessibilityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('staticPages.accessibility.pageTitle'));
  const { data, error, refetch } = useAccessibilityStatement();
  if (!data) return error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  const tenant = tenantIdOf(data.clientConfig.tenant);
  const contact = accessibilityContact[tenant];

  return (
    <div className="static-page">
      <h1 tabIndex={-1}>{t('staticPages.accessibility.heading')}</h1>
      <article className="static-page__article card">
        <p>{t('staticPages.accessibility.intro', { origin: window.location.origin })}</p>

        <h2>{t('staticPages.accessibility.status.heading')}</h2>
        <p>{t('staticPages.accessibility.status.text')}</p>

        <h2>{t('staticPages.accessibility.limitations.heading')}</h2>
        <p>{t('staticPages.accessibility.limitations.text')}</p>
        <ul>
          {tenantRouteKeys[tenant].some((key) => !hasScreen(key)) ? (
            <li>
              {routeAvailable(tenant, 'sitemap') ? t('staticPages.accessibility.limitations.notYetAvailable') : t('staticPages.accessibility.limitations.notYetAvailableNoSitemap')}
            </li>
          ) : null}
          <li>{t('staticPages.accessibility.limitations.thirdParty')}</li>
        </ul>

        <h2>{t('staticPages.accessibility.preparation.heading')}</h2>
        <p>{t('staticPages.accessibility.preparation.text', { date: formatDate(STATEMENT_DATE) })}</p>

        <h2>{t('staticPages.accessibility.feedback.heading')}</h2>
        <p>{t('staticPages.accessibility.feedback.text')}</p>
        <dl className="static-page__contact">
          <div>
            <dt>{t('staticPages.accessibility.feedback.mail')}</dt>
            <dd>
              <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
            </dd>
          </div>
          <div>
            <dt>{t('staticPages.accessibility.feedback.phone')}</dt>
            <dd>
              <a href={contact.phoneHref}>{contact.phone}</a>
            </dd>
          </div>
        </dl>

        <h2>{t('staticPages.accessibility.enforcement.heading')}</h2>
        <p>{t('staticPages.accessibility.enforcement.text')}</p>
        <p>
          <a href={accessibilityComplaints.ffgForm}>{t('staticPages.accessibility.enforcement.link')}</a>
        </p>
        <address className="static-page__address">
          {t('staticPages.accessibility.enforcement.name')}
          <br />
          {t('staticPages.accessibility.enforcement.street')}
          <br />
          {t('staticPages.accessibility.enforcement.city')}
        </address>
      </article>
    </div>
  );
}
