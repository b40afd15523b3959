import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useSetBenefitStatementDelivery } from '../../api/set-benefit-statement-delivery';

type Delivery = 'digital' | 'paper';

/**
 * Delivery of the Pensionskasse benefit statement (spec 000 section 2, dialog 5): digital or paper, asked while the
 * member has not decided; submit stays disabled until one is chosen.
 */
export function BenefitStatementDialog({ onAnswered, onFailed }: { onAnswered: () => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [save, { loading }] = useSetBenefitStatementDelivery();

  const submit = async (choice: Delivery) => {
    try {
      await save({ variables: { digital: choice === 'digital' } });
      onAnswered();
    } catch {
      onFailed();
    }
  };

  return (
    <ModalDialog title={t('loginFlow.benefitStatement.title')} busy={loading} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (delivery) void submit(delivery);
        }}
      >
        <ChoiceGroup
          legend={t('loginFlow.benefitStatement.legend')}
          value={delivery}
          onChange={setDelivery}
          choices={[
            { value: 'digital', label: t('loginFlow.benefitStatement.digital') },
            { value: 'paper', label: t('loginFlow.benefitStatement.paper') },
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
