import { useTranslation } from 'react-i18next';
import { useSetBenefitStatementDelivery } from '../../api/set-benefit-statement-delivery';
import { ChoiceDialog } from './choice-dialog';

/**
 * Delivery of the Pensionskasse benefit statement (spec 000 section 2, dialog 5): digital or paper, asked while the
 * member has not decided; submit stays disabled until one is chosen.
 */
export function BenefitStatementDialog({ onAnswered, onFailed }: { onAnswered: () => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const [save, { loading }] = useSetBenefitStatementDelivery();

  const submit = async (choice: 'digital' | 'paper') => {
    try {
      await save({ variables: { digital: choice === 'digital' } });
      onAnswered();
    } catch {
      onFailed();
    }
  };

  return (
    <ChoiceDialog
      title={t('loginFlow.benefitStatement.title')}
      legend={t('loginFlow.benefitStatement.legend')}
      busy={loading}
      onSubmit={(choice) => void submit(choice)}
      choices={[
        { value: 'digital', label: t('loginFlow.benefitStatement.digital') },
        { value: 'paper', label: t('loginFlow.benefitStatement.paper') },
      ]}
    />
  );
}
