import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, type Choice } from '../../../../components/ui/choice-group';
import { LoadingState } from '../../../../components/ui/loading-state';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { graphql } from '../../../../gql';
import type { MailboxDialog_ServiceDutyFragmentFragment } from '../../../../gql/graphql';
import { useChooseMailbox } from '../../api/choose-mailbox';
import { useServiceDuties } from '../../api/get-service-duties';

export const MailboxDialogServiceDutyFragment = graphql(`
  fragment MailboxDialog_ServiceDutyFragment on ServiceDuty {
    id
    customerDesignation
    functionGroups
  }
`);

/** Value of the "own portal" choice; the duties use their ids. */
const OWN_PORTAL = 'own';

/** A duty as the dialog lists it: customer designation, then the function groups joined by commas (spec 000 section 2). */
export function dutyChoice(duty: MailboxDialog_ServiceDutyFragmentFragment): Choice<string> {
  return { value: duty.id, label: duty.customerDesignation, hint: duty.functionGroups.join(', ') };
}

/**
 * Mailbox choice (spec 000 section 2, dialog 7): the member's own personal portal, or one of the service duties.
 * `chooseMailbox` is sent as ASP with the chosen duty, or AWB_LB when no duty is chosen.
 */
export function MailboxDialog({ onChosen, onFailed }: { onChosen: () => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useServiceDuties();
  const [choice, setChoice] = useState<string>(OWN_PORTAL);
  const [chooseMailbox, { loading }] = useChooseMailbox();

  // Without the duties the choice cannot be offered: the login stops and asks to log in again.
  useEffect(() => {
    if (error) onFailed();
  }, [error, onFailed]);

  const submit = async () => {
    try {
      const dutyId = choice === OWN_PORTAL ? null : choice;
      const { data: answer } = await chooseMailbox({ variables: dutyId ? { type: 'ASP', dutyId } : { type: 'AWB_LB' } });
      if (!answer?.chooseMailbox.ok) throw new Error('chooseMailbox refused the choice');
      onChosen();
    } catch {
      onFailed();
    }
  };

  const choices: Choice<string>[] = [
    { value: OWN_PORTAL, label: t('loginFlow.mailbox.own'), hint: t('loginFlow.mailbox.ownHint') },
    ...(data?.serviceDuties ?? []).map(dutyChoice),
  ];

  return (
    <ModalDialog title={t('loginFlow.mailbox.title')} busy={loading} busyLabel={t('loginFlow.busy')}>
      {!data ? (
        <LoadingState />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ChoiceGroup legend={t('loginFlow.mailbox.legend')} value={choice} onChange={setChoice} choices={choices} />
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={loading}>
              {t('loginFlow.continue')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
