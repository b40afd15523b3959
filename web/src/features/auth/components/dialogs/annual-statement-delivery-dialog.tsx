import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useSetAnnualStatementDelivery } from '../../api/set-annual-statement-delivery';
import type { FlowDialogCallbacks } from './flow-dialog-props';

type Delivery = 'digital' | 'paper';

/**
 * Delivery of the yearly contribution and capital information (spec 000 section 2, dialog 4): digital (in the
 * portal) or on paper; submit stays disabled until one is chosen. Sent with `setAnnualStatementDelivery`.
 */
export function AnnualStatementDeliveryDialog({ onStatus, onFailed }: Pick<FlowDialogCallbacks, 'onStatus' | 'onFailed'>) {
  const { t } = useTranslation();
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [save, { loading }] = useSetAnnualStatementDelivery();

  const submit = async (choice: Delivery) => {
    try {
      const { data } = await save({ variables: { viaPortal: choice === 'digital' } });
      if (!data) throw new Error('setAnnualStatementDelivery gave no answer');
      onStatus(data.setAnnualStatementDelivery.status);
    } catch {
      onFailed();
    }
  };

  return (
    <ModalDialog title={t('loginFlow.annualStatementDelivery.title')} busy={loading} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (delivery) void submit(delivery);
        }}
      >
        <ChoiceGroup
          legend={t('loginFlow.annualStatementDelivery.legend')}
          value={delivery}
          onChange={setDelivery}
          choices={[
            { value: 'digital', label: t('loginFlow.annualStatementDelivery.digital'), hint: t('loginFlow.annualStatementDelivery.digitalHint') },
            { value: 'paper', label: t('loginFlow.annualStatementDelivery.paper'), hint: t('loginFlow.annualStatementDelivery.paperHint') },
          ]}
        />
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={!delivery || loading}>
            {t('loginFlow.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
