import { useTranslation } from 'react-i18next';
import { useSetAnnualStatementDelivery } from '../../api/set-annual-statement-delivery';
import { ChoiceDialog } from './choice-dialog';
import { answeredStatus } from '../login-flow';
import type { FlowDialogCallbacks } from './flow-dialog-props';

/**
 * Delivery of the yearly contribution and capital information (spec 000 section 2, dialog 4): digital (in the
 * portal) or on paper; submit stays disabled until one is chosen. Sent with `setAnnualStatementDelivery`.
 */
export function AnnualStatementDeliveryDialog({ onStatus, onFailed }: Pick<FlowDialogCallbacks, 'onStatus' | 'onFailed'>) {
  const { t } = useTranslation();
  const [save, { loading }] = useSetAnnualStatementDelivery();

  const submit = async (choice: 'digital' | 'paper') => {
    try {
      const { data } = await save({ variables: { input: { viaPortal: choice === 'digital' } } });
      if (!data) throw new Error('setAnnualStatementDelivery gave no answer');
      onStatus(answeredStatus(data.setAnnualStatementDelivery));
    } catch {
      onFailed();
    }
  };

  return (
    <ChoiceDialog
      title={t('loginFlow.annualStatementDelivery.title')}
      legend={t('loginFlow.annualStatementDelivery.legend')}
      busy={loading}
      onSubmit={(choice) => void submit(choice)}
      choices={[
        { value: 'digital', label: t('loginFlow.annualStatementDelivery.digital'), hint: t('loginFlow.annualStatementDelivery.digitalHint') },
        { value: 'paper', label: t('loginFlow.annualStatementDelivery.paper'), hint: t('loginFlow.annualStatementDelivery.paperHint') },
      ]}
    />
  );
}
