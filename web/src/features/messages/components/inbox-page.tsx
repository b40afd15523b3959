import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../inbox.css';
import '../../../components/ui/side-nav.css';
import { FormsPage } from './forms/forms-page';
import { useInboxTabs } from '../api/inbox';
import { BOARD_STEP, FOLDER_OF_STEP, FORMS_STEP, NEW_STEP } from './inbox-steps';
import { MessageDetail } from './message-detail';
import { MessageList } from './message-list';
import { NewMessageForm } from './new-message-form';

/**
 * The inbox's navigation (the current one marked with `aria-current`): received, sent, new message and forms for a
 * member; the supervisory-board inbox only for a board member; a board member without own contract or account sees
 * only the board inbox (spec 001 sections 1 and 6; decision 0026).
 */
function InboxNav({ step }: { step: string }) {
  const { t } = useTranslation();
  const tabs = useInboxTabs();
  const member = tabs?.member ?? true;
  const items = [
    ...(member
      ? ([
          ['posteingang', t('inbox.nav.received')],
          ['gesendet', t('inbox.nav.sent')],
        ] as const)
      : []),
    ...(tabs?.board ? ([[BOARD_STEP, t('inbox.nav.board')]] as const) : []),
    ...(member
      ? ([
          [NEW_STEP, t('inbox.nav.new')],
          [FORMS_STEP, t('forms.heading')],
        ] as const)
      : []),
  ];
  return (
    <nav className="inbox-nav" aria-label={t('inbox.nav.label')}>
      <ul>
        {items.map(([key, label]) => (
          <li key={key}>
            <Link className="side-nav__link inbox-nav__link" to={paths.inbox.getHref(key)} aria-current={step === key ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /postfach/posteingang, /postfach/gesendet, /postfach/aufsichtsrat, /postfach/neu, /postfach/formulare[/{form}] and
 * /postfach/{step}/{id} (spec 001 sections 2 to 6): the received, sent and supervisory-board lists, the new-message
 * form and a message's detail. An unknown step says so.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const params = useParams();
  const step = params.step ?? 'posteingang';
  const folder = FOLDER_OF_STEP[step];
  const title =
    step === FORMS_STEP
      ? t('forms.heading')
      : step === NEW_STEP
        ? t('inbox.new.title')
        : params.id
          ? t('inbox.detail.title')
          : folder === 'SENT'
            ? t('inbox.nav.sent')
            : folder === 'BOARD'
              ? t('inbox.nav.board')
              : t('inbox.nav.received');
  useDocumentTitle(`${title} – ${t('inbox.heading')}`);
  const tabs = useInboxTabs();
  let body: ReactNode;
  // The board inbox of a person without a current seat: the server refuses it (FORBIDDEN, decision 0026); the
  // screen says why, in the catalogue's words, instead of asking and failing to load.
  if (folder === 'BOARD' && !tabs) body = <LoadingState />;
  else if (folder === 'BOARD' && !tabs?.board) body = <Notice tone="warning">{t('inbox.error.BOARD_FORBIDDEN')}</Notice>;
  else if (step === NEW_STEP && !params.id) body = <NewMessageForm />;
  else if (step === FORMS_STEP) body = <FormsPage slug={params.id} />;
  else if (folder && params.id) body = <MessageDetail id={params.id} step={step} />;
  else if (folder) body = <MessageList folder={folder} />;
  else
    body = (
      <Notice tone="warning">
        {t('inbox.unknownStep')} <Link to={paths.inboxMessages.getHref()}>{t('inbox.nav.received')}</Link>
      </Notice>
    );
  return (
    <div className="inbox-page">
      <h1 tabIndex={-1}>{t('inbox.heading')}</h1>
      <div className="side-nav-layout inbox-layout">
        <InboxNav step={step} />
        <div className="inbox-layout__main">{body}</div>
      </div>
    </div>
  );
}
