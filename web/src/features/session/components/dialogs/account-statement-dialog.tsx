import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../../components/ui/checkbox';
import { errorMessages, remoteLog } from '../../../../lib/remote-log';
import { useSetAccountStatementByMail } from '../../api/set-account-statement-by-mail';
import { ChoiceDialog } from './choice-dialog';
import { answeredStatus } from '../login-flow';
import type { FlowDialogCallbacks } from './flow-dialog-props';

/**
 * The Vorsorgekasse account statement by e-mail (spec 000 section 2, dialogs 6 and 10), with the express-info
 * checkbox (an e-mail as soon as the severance payout can be decided). `setAccountStatementByMail` answers the login
 * status again, which the flow handles (spec 000 section 4: "the response feeds the login-event handler"). On failure
 * the login event is ERROR (`onFailed`) and the error goes to the remote log (spec 000 section 4: "On failure the event
 * is ERROR and the error is logged").
 */
export function AccountStatementDialog({ onStatus, onFailed }: Pick<FlowDialogCallbacks, 'onStatus' | 'onFailed'>) {
  const { t } = useTranslation();
  const [expressInfo, setExpressInfo] = useState(false);
  const [save, { loading }] = useSetAccountStatementByMail();

  const submit = async (choice: 'mail' | 'post') => {
    try {
      const { data } = await save({ variables: { input: { byMail: choice === 'mail', notifyWhenPayoutPossible: expressInfo } } });
      if (!data) throw new Error('setAccountStatementByMail gave no answer');
      onStatus(answeredStatus(data.setAccountStatementByMail));
    } catch (error) {
      remoteLog('AccountStatementDialog', 'ERROR', ['setABPBPerMail failed', ...errorMessages(error)]);
      onFailed();
    }
  };

  return (
    <ChoiceDialog
      title={t('loginFlow.accountStatement.title')}
      legend={t('loginFlow.accountStatement.legend')}
      busy={loading}
      onSubmit={(choice) => void submit(choice)}
      choices={[
        { value: 'mail', label: t('loginFlow.accountStatement.byMail') },
        { value: 'post', label: t('loginFlow.accountStatement.byPost') },
      ]}
    >
      <Checkbox label={t('loginFlow.accountStatement.expressInfo')} hint={t('loginFlow.accountStatement.expressInfoHint')} checked={expressInfo} onChange={setExpressInfo} />
    </ChoiceDialog>
  );
}
