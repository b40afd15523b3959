import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePensionAccount } from '../api/get-pension-account';
import { AccountPageFrame } from './account-page-frame';
import { PensionContractPanel } from './pension-contract-panel';
import { useStichtagRoute } from './use-stichtag-route';

/** /kontoinformation/pensionskasse[/:stichtag]: every Pensionskasse contract with its statement at the Stichtag. */
export function PensionAccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accountInfo.pension.pageTitle'));
  const { stichtag, invalid, select } = useStichtagRoute(paths.pensionAccount.getHref);
  const { data, previousData, loading, error, refetch } = usePensionAccount(stichtag, invalid);
  const shown = data ?? previousData;
  return (
    <AccountPageFrame
      heading={t('accountInfo.pension.heading')}
      intro={t('accountInfo.pension.intro')}
      invalidStichtag={invalid}
      latestHref={paths.pensionAccount.getHref()}
      items={shown?.me?.pensionContracts}
      loading={loading}
      failed={Boolean(error) || (shown !== undefined && !shown.me)}
      onRetry={() => void refetch()}
      emptyText={t('accountInfo.pension.empty')}
      renderItem={(contract) => (
        <PensionContractPanel key={contract.id} contract={contract} gender={shown?.me?.gender ?? 'DIVERSE'} stichtag={stichtag} onSelectStichtag={select} />
      )}
    />
  );
}
