import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSeveranceAccount } from '../api/get-severance-account';
import { AccountPageFrame } from './account-page-frame';
import { SeveranceAccountPanel } from './severance-account-panel';
import { useStichtagRoute } from './use-stichtag-route';

/** /kontoinformation/vorsorgekasse[/:stichtag]: every Vorsorgekasse account with its statement at the Stichtag. */
export function SeveranceAccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accountInfo.severance.pageTitle'));
  const { stichtag, invalid, select } = useStichtagRoute(paths.severanceAccount.getHref);
  const { data, previousData, loading, error, refetch } = useSeveranceAccount(stichtag, invalid);
  const shown = data ?? previousData;
  return (
    <AccountPageFrame
      heading={t('accountInfo.severance.heading')}
      intro={t('accountInfo.severance.intro')}
      invalidStichtag={invalid}
      latestHref={paths.severanceAccount.getHref()}
      items={shown?.me?.severanceAccounts}
      loading={loading}
      failed={Boolean(error) || (shown !== undefined && !shown.me)}
      onRetry={() => void refetch()}
      emptyText={t('accountInfo.severance.empty')}
      renderItem={(account) => <SeveranceAccountPanel key={account.id} account={account} stichtag={stichtag} onSelectStichtag={select} />}
    />
  );
}
