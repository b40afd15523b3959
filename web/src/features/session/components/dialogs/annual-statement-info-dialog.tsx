import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

/** Info dialog on letter versus portal for the yearly account information (spec 000 section 2, dialog 2). */
export function AnnualStatementInfoDialog({ onRead }: { onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog title={t('loginFlow.annualStatementInfo.title')}>
      <p>{t('loginFlow.annualStatementInfo.text')}</p>
      <p>{t('loginFlow.annualStatementInfo.next')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onRead}>
          {t('loginFlow.continue')}
        </button>
      </div>
    </ModalDialog>
  );
}
