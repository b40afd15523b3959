import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { useSetPrizeDraw } from '../../api/set-prize-draw';

type Answer = 'yes' | 'no';

/**
 * Prize draw of the Vorsorgekasse (spec 000 section 2, dialog 9): yes or no with the participation conditions;
 * submit stays disabled until one is chosen.
 */
export function PrizeDrawDialog({ onAnswered, onFailed }: { onAnswered: () => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const conditionsId = useId();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [save, { loading }] = useSetPrizeDraw();

  const submit = async (choice: Answer) => {
    try {
      await save({ variables: { participate: choice === 'yes' } });
      onAnswered();
    } catch {
      onFailed();
    }
  };

  return (
    <ModalDialog title={t('loginFlow.prizeDraw.title')} describedBy={conditionsId} busy={loading} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (answer) void submit(answer);
        }}
      >
        <ChoiceGroup
          legend={t('loginFlow.prizeDraw.legend')}
          value={answer}
          onChange={setAnswer}
          choices={[
            { value: 'yes', label: t('loginFlow.prizeDraw.yes') },
            { value: 'no', label: t('loginFlow.prizeDraw.no') },
          ]}
        />
        <section className="modal__conditions" aria-labelledby={`${conditionsId}-title`}>
          <h3 id={`${conditionsId}-title`}>{t('loginFlow.prizeDraw.conditionsTitle')}</h3>
          <p id={conditionsId}>{t('loginFlow.prizeDraw.conditions')}</p>
        </section>
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={!answer || loading}>
            {t('loginFlow.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
