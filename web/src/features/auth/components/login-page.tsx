import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { externalLinks } from '../../../config/links';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoginPage } from '../api/get-login-page';
import { LoginForm } from './login-form';
import { RegistrationBox } from './registration-box';
import { VersionLine } from './version-line';

/** Notices the login page shows when another screen sends the member here (spec 000 section 2 "Notices"). */
export type LoginNotice = 'timeout' | 'failure' | 'loggedOut';

function noticeOf(state: unknown): LoginNotice | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return notice === 'timeout' || notice === 'failure' || notice === 'loggedOut' ? notice : null;
}

/**
 * The login screen: a quiet session check first (a valid session goes to the dashboard), then the form, the links,
 * and for the main tenant the registration box and the version line.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data, loading } = useLoginPage();
  useDocumentTitle(t('login.pageTitle'));

  if (data?.session.loggedIn) return <Navigate to={paths.dashboard.getHref()} replace />;
  if (loading) return <LoadingState label={t('login.checkingSession')} />;

  const notice = noticeOf(location.state);
  const isMainTenant = data?.clientConfig.tenant !== 'REGIONAL';
  const newTab = t('layout.newTab');

  return (
    <div className="login-page">
      <section className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title" tabIndex={-1}>
          {t('login.heading')}
        </h1>
        <p className="lead">{t('login.intro')}</p>
        {notice ? (
          <Notice tone={notice === 'loggedOut' ? 'success' : 'warning'}>{t(`login.notice.${notice}`)}</Notice>
        ) : null}
        <LoginForm />
        <nav aria-label={t('login.links.label')}>
          <ul className="link-list">
            <li>
              <a href={`#${paths.pwdLost.getHref()}`}>{t('login.links.pwdLost')}</a>
            </li>
            <li>
              <a href={`#${paths.registration.getHref()}`}>{t('login.links.registration')}</a>
            </li>
            <li>
              <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
                {t('login.links.termsOfUse')} <span className="visually-hidden">{newTab}</span>
              </a>
            </li>
            <li>
              <a href={externalLinks.help}>{t('login.links.help')}</a>
            </li>
          </ul>
        </nav>
      </section>
      {isMainTenant ? <RegistrationBox /> : null}
      {data && isMainTenant ? <VersionLine config={data.clientConfig} /> : null}
    </div>
  );
}
