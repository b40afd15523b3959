import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths, tenantIdOf } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTerms } from '../api/get-terms';
import '../static-pages.css';

/** The sections of the terms, in order; each has `staticPages.terms.<id>.heading` and `.text`. */
const SECTIONS = ['scope', 'access', 'security', 'delivery', 'availability', 'dataRetention', 'changes'] as const;
type SectionId = (typeof SECTIONS)[number];

const sectionId = (id: SectionId) => `nutzung-${id}`;

/**
 * Moves focus to a section heading: with the hash router an in-page anchor (`#nutzung-scope`) would be read as a
 * route, so the contents links focus and scroll instead (as the skip links do).
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: SectionId) {
  const heading = document.getElementById(sectionId(id));
  if (!heading) return;
  event.preventDefault();
  heading.focus();
  heading.scrollIntoView({ block: 'start' });
}

/**
 * /nutzung, the terms of use (spec 000 section 2), public. Links to it open a new tab. The main tenant shows a
 * contents sidebar on the left; the regional tenant shows the terms without it (spec 000 section 2 "/nutzung
 * (without left sidebar)"). The data-retention section names the facts of spec 000 section 9 and spec 001
 * section 9 as the server states them (`retentionFacts`; README "Readings of the spec chosen": login data until
 * deactivation plus 10 years).
 */
export function TermsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('staticPages.terms.pageTitle'));
  const { data, error, refetch } = useTerms();
  if (!data) return error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  const withSidebar = tenantIdOf(data.clientConfig.tenant) === 'main';
  const facts = data.retentionFacts;

  const body = (
    <article className="static-page__article card">
      {SECTIONS.map((id, index) => (
        <section key={id} aria-labelledby={sectionId(id)}>
          <h2 id={sectionId(id)} tabIndex={-1}>
            {index + 1}. {t(`staticPages.terms.${id}.heading`)}
          </h2>
          <p>{t(`staticPages.terms.${id}.text`)}</p>
          {id === 'dataRetention' ? (
            <ul className="terms__facts">
              <li>{t('staticPages.terms.dataRetention.loginData', { count: facts.loginDataYearsAfterDeactivation })}</li>
              <li>{t('staticPages.terms.dataRetention.logFiles', { count: facts.logFileDays })}</li>
              <li>{t('staticPages.terms.dataRetention.retention', { count: facts.maxRetentionYears })}</li>
              <li>{t('staticPages.terms.dataRetention.access', { count: facts.accessYearsAfterPayout })}</li>
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );

  return (
    <div className={withSidebar ? 'static-page static-page--with-sidebar' : 'static-page'}>
      <h1 tabIndex={-1}>{t('staticPages.terms.heading')}</h1>
      <p className="lead">{t('staticPages.terms.intro')}</p>
      {withSidebar ? (
        <div className="static-page__columns">
          <nav className="static-page__sidebar" aria-label={t('staticPages.terms.contents')}>
            <h2 className="static-page__sidebar-title">{t('staticPages.terms.contents')}</h2>
            <ol>
              {SECTIONS.map((id) => (
                <li key={id}>
                  <a href={`#${paths.nutzung.getHref()}`} onClick={(event) => jumpTo(event, id)}>
                    {t(`staticPages.terms.${id}.heading`)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {body}
        </div>
      ) : (
        body
      )}
    </div>
  );
}
