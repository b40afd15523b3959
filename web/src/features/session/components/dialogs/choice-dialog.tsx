import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, type Choice } from '../../../../components/ui/choice-group';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

/**
 * The shared frame of the login-time delivery questions (spec 000 section 2, dialogs 4 to 6): a static modal with
 * one required choice, optional extra fields, and a submit button that stays disabled until a choice is made.
 */
export function ChoiceDialog<V extends string>(props: { title: string; legend: string; choices: Choice<V>[]; busy: boolean; onSubmit: (choice: V) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<V | null>(null);
  return (
    <ModalDialog title={props.title} busy={props.busy} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) props.onSubmit(choice);
        }}
      >
        <ChoiceGroup legend={props.legend} value={choice} onChange={setChoice} choices={props.choices} />
        {props.children}
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={!choice || props.busy}>
            {t('loginFlow.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
