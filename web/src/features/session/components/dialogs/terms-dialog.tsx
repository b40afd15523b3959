import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../../components/ui/checkbox';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { paths } from '../../../../config/paths';
import { useAcceptTerms } from '../../api/accept-terms';
import { useLogOut } from '../../api/log-out';
import { answeredStatus, type TermsStatus } from '../login-flow';
import type { FlowDialogCallbacks } from './flow-dialog-props';

/**
 * Terms and privacy acceptance (spec 000 section 2, dialog 1): the terms in a scroll area (356 px high, section 9),
 * a checkbox, and `acceptTerms` with the status that asked. Declining tells the server, ends the pending session and
 * stops the login.
 */
export function TermsDialog({
  previousStatus,
  onStatus,
  onFailed,
  onDeclined,
}: { previousStatus: TermsStatus; onDeclined: () => void } & Pick<FlowDialogCallbacks, 'onStatus' | 'onFailed'>) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const [acceptTerms, { loading }] = useAcceptTerms();
  const [logOut, { loading: loggingOut }] = useLogOut();
  const sections = [
    [t('loginFlow.terms.section1Title'), t('loginFlow.terms.section1')],
    [t('loginFlow.terms.section2Title'), t('loginFlow.terms.section2')],
    [t('loginFlow.terms.section3Title'), t('loginFlow.terms.section3')],
    [t('loginFlow.terms.section4Title'), t('loginFlow.terms.section4')],
  ] as const;

  const answer = async (accept: boolean) => {
    try {
      const { data } = await acceptTerms({ variables: { input: { previousStatus, accepted: accept } } });
      if (!accept) {
        await logOut().catch(() => undefined);
        onDeclined();
        return;
      }
      if (!data) throw new Error('acceptTerms gave no answer');
      onStatus(answeredStatus(data.acceptTerms));
    } catch {
      onFailed();
    }
  };

  return (
    <ModalDialog title={t('loginFlow.terms.title')} size="wide" busy={loading || loggingOut} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (accepted) void answer(true);
        }}
      >
        <p>{t(`loginFlow.terms.intro.${previousStatus}`)}</p>
        <section className="terms-scroll" tabIndex={0} aria-label={t('loginFlow.terms.textLabel')}>
          {sections.map(([title, text]) => (
            <div key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          ))}
        </section>
        <p>
          <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
            {t('loginFlow.terms.fullText')} <span className="visually-hidden">{t('layout.newTab')}</span>
          </a>
        </p>
        <Checkbox label={t('loginFlow.terms.accept')} checked={accepted} onChange={setAccepted} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => void answer(false)} disabled={loading || loggingOut}>
            {t('loginFlow.terms.decline')}
          </button>
          <button type="submit" className="button button--primary" disabled={!accepted || loading || loggingOut}>
            {t('loginFlow.terms.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
