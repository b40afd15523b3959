import { useTranslation } from 'react-i18next';
import { withLng } from '../../../lib/url-params';

/**
 * The annual statement at 31.12. of the shown statement (spec 001 section 3: Leistungsnachweis of the Pensionskasse,
 * Kontonachricht of the Vorsorgekasse) as a PDF download from the documents archive. Nothing on a tenant without
 * the archive (the API answers `document: null` there).
 */
export function AnnualStatementLink({ document }: { document: { title: string; downloadUrl: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!document) return null;
  return (
    <p className="annual-statement-link">
      <a href={withLng(document.downloadUrl)} download>
        {t('accountInfo.statement.download', { title: document.title })}
      </a>
    </p>
  );
}
