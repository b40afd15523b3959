import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { VrgReport_VrgReportFragmentFragment } from '../../../gql/graphql';

export const VrgReportFragment = graphql(`
  fragment VrgReport_VrgReportFragment on VrgReport {
    year
    title
    paragraphs
  }
`);

/**
 * The investment reports of a VRG (the API offers them as text, not as a download): the newest in full, the earlier
 * ones, newest first, in one disclosure (`<details>`) that is closed at first.
 */
export function VrgReports({ reports, headingId }: { reports: readonly VrgReport_VrgReportFragmentFragment[]; headingId: string }) {
  const { t } = useTranslation();
  const [latest, ...earlier] = reports;
  return (
    <section className="investment-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('investment.report.heading')}</h3>
      {latest ? (
        <article className="vrg-report">
          <h4>{latest.title}</h4>
          {latest.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </article>
      ) : (
        <p className="muted">{t('investment.report.none')}</p>
      )}
      {earlier.length > 0 ? (
        <details className="vrg-report__earlier">
          <summary>{t('investment.report.earlier', { count: earlier.length })}</summary>
          {earlier.map((report) => (
            <article key={report.year} className="vrg-report__details">
              <h4>{report.title}</h4>
              {report.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </article>
          ))}
        </details>
      ) : null}
    </section>
  );
}
