import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useSynchronizeLoginData } from '../../api/synchronize-login-data';
import { answeredStatus } from '../login-flow';
import type { FlowDialogCallbacks } from './flow-dialog-props';

/** First-login data-sync notice (spec 000 section 2, dialog 3); continuing calls `synchronizeLoginData`. */
export function DataSyncDialog({ onStatus, onFailed }: Pick<FlowDialogCallbacks, 'onStatus' | 'onFailed'>) {
  const { t } = useTranslation();
  const [synchronize, { loading }] = useSynchronizeLoginData();

  const submit = async () => {
    try {
      const { data } = await synchronize();
      if (!data) throw new Error('synchronizeLoginData gave no answer');
      onStatus(answeredStatus(data.synchronizeLoginData));
    } catch {
      onFailed();
    }
  };

  return (
    <ModalDialog title={t('loginFlow.dataSync.title')} busy={loading} busyLabel={t('loginFlow.busy')}>
      <p>{t('loginFlow.dataSync.text')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={() => void submit()} disabled={loading}>
          {t('loginFlow.dataSync.submit')}
        </button>
      </div>
    </ModalDialog>
  );
}
