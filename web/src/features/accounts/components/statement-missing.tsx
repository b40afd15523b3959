import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/ui/notice';
import { formatDate } from '@contract/format';

/**
 * Shown instead of a statement: for a requested date without a statement, with a link to the newest one; without a
 * requested date, the contract has no statement yet.
 */
export function StatementMissing({ stichtag, latestHref }: { stichtag: string | undefined; latestHref: string }) {
  const { t } = useTranslation();
  if (!stichtag) return <Notice>{t('accountInfo.stichtag.noStatements')}</Notice>;
  return (
    <Notice tone="warning">
      {t('accountInfo.stichtag.noStatement', { date: formatDate(stichtag) })} <Link to={latestHref}>{t('accountInfo.stichtag.toLatest')}</Link>
    </Notice>
  );
}
