import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { EmailChangeStatus } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmEmailChange } from '../api/confirm-email-change';

type Outcome = EmailChangeStatus | 'FAILED';

const STATUSES: ReadonlySet<string> = new Set<EmailChangeStatus>(['SUCCESSFUL', 'ERROR_LINK_EXPIRED', 'ALREADY_USED', 'ERROR_MAIL_NOT_UNIQUE', 'ERROR']);

/** The outcome of the answer: the ok status, the error's code where it is a known status, otherwise FAILED. */
function outcomeOf(answer: { ok: { status: EmailChangeStatus } | null; error: { code: string } | null } | undefined): Outcome {
  if (answer?.ok) return answer.ok.status;
  const code = answer?.error?.code;
  return code !== undefined && STATUSES.has(code) ? (code as EmailChangeStatus) : 'FAILED';
}

/**
 * Public route `#/emailChange?token=…`: the link of the e-mail change mail. It confirms the change once on load
 * (`confirmEmailChange`, works without a session) and shows the outcome: success, link expired, already used, the
 * address taken meanwhile, or an invalid link.
 */
export function EmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm] = useConfirmEmailChange();
  const [outcome, setOutcome] = useState<Outcome | null>(token === '' ? 'ERROR' : null);
  useDocumentTitle(t('settings.emailChange.pageTitle'));

  // One call per token, also when React runs the effect twice: a second call would answer ALREADY_USED.
  const started = useRef<{ token: string; answer: Promise<Outcome> } | null>(null);
  useEffect(() => {
    if (token === '') return;
    if (started.current?.token !== token) {
      started.current = {
        token,
        answer: confirm({ variables: { token } }).then(
          ({ data }) => outcomeOf(data?.confirmEmailChange),
          () => 'FAILED' as const,
        ),
      };
    }
    let current = true;
    void started.current.answer.then((answer) => {
      if (current) setOutcome(answer);
    });
    return () => {
      current = false;
    };
  }, [token, confirm]);

  return (
    <div className="narrow">
      <h1 tabIndex={-1}>{t('settings.emailChange.heading')}</h1>
      {outcome === null ? (
        <LoadingState label={t('settings.emailChange.busy')} />
      ) : (
        <Notice tone={outcome === 'SUCCESSFUL' ? 'success' : 'error'}>{outcome === 'FAILED' ? t('settings.emailChange.failed') : t(`settings.emailChange.${outcome}`)}</Notice>
      )}
      {outcome === null ? null : (
        <ul className="link-list">
          <li>
            <Link to={paths.login.getHref()}>{t('settings.emailChange.toLogin')}</Link>
          </li>
          <li>
            <Link to={paths.settings.getHref()}>{t('settings.emailChange.toSettings')}</Link>
          </li>
        </ul>
      )}
    </div>
  );
}
