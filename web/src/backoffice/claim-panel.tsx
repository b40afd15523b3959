import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { ClaimDocuments } from './claim-documents';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { ClaimPanel_FundClaimFragmentFragment as PanelClaim, SeveranceClaimStatus } from './gql/graphql';

/**
 * What the panel shows of a claim (decision 0068): member, account, option, status, due and definite date, bank or
 * institution, the signature step (DRAWN: the drawing is among the documents; TYPED: the typed name), the documents and
 * who works on it (decision 0058). The queue's list spreads it in each row, and `setClaimStatus` answers it, so Apollo's
 * cache updates the open panel with the server's answer.
 */
graphql(`
  fragment ClaimPanel_FundClaimFragment on FundClaim {
    ...QueueItemFields
    status
    option
    accountNumber
    dueDate
    definiteDate
    member {
      svnr
      firstName
      lastName
    }
    bank {
      iban
      holder
    }
    institution {
      name
    }
    signatureKind
    signatureName
    documents {
      ...ClaimDocuments_FundClaimDocumentFragment
    }
  }
`);

const SetClaimStatusMutation = graphql(`
  mutation BackofficeSetClaimStatus($input: SetClaimStatusInput!) {
    setClaimStatus(input: $input) {
      ok {
        claim {
          ...ClaimPanel_FundClaimFragment
        }
      }
      error {
        code
        message
      }
    }
  }
`);

/**
 * The next steps the panel offers from a status, as spec 001 section 4 lists them; the server decides (the
 * transition table and the four-eyes rule in server/modules/claims/claims.status.ts) and its refusal is shown.
 */
const OFFERED: Record<SeveranceClaimStatus, SeveranceClaimStatus[]> = {
  NEW: ['CHECKING', 'INFORMATION_NEEDED'],
  CHECKING: ['CHECKED', 'INFORMATION_NEEDED'],
  CHECKED: ['PRE_TRANSFER', 'INFORMATION_NEEDED'],
  PRE_TRANSFER: ['POST_TRANSFER', 'INFORMATION_NEEDED'],
  POST_TRANSFER: [],
  INFORMATION_NEEDED: ['CHECKING'],
};

const KNOWN_ERRORS = new Set([
  'TRANSITION_NOT_ALLOWED',
  'ROLE_NOT_ALLOWED',
  'FOUR_EYES_REQUIRED',
  'DEFINITE_DATE_REQUIRED',
  'DEFINITE_DATE_IN_PAST',
  'DEFINITE_DATE_AFTER_DUE_DATE',
  'MESSAGE_REQUIRED',
  'MEMBER_HAS_NOT_ANSWERED',
] as const);
type KnownError = typeof KNOWN_ERRORS extends Set<infer T> ? T : never;

/**
 * One claim of the queue (decision 0054; read-only when `canChange` is false, as for the auditor): member, account, option, bank or institution, due and definite date, and the
 * next steps as buttons calling `setClaimStatus` — CHECKED with a definite date, INFORMATION_NEEDED with the message
 * to the member. A refusal (for example the four-eyes rule's) shows the catalogue's text; nothing changed then.
 */
export function ClaimPanel({ claim, canChange, onClose }: { claim: PanelClaim; canChange: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dateId = useId();
  const messageId = useId();
  const [definiteDate, setDefiniteDate] = useState('');
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [setStatus, { loading }] = useMutation(SetClaimStatusMutation, { refetchQueries: ['BackofficeClaims'] });
  const name = `${claim.member.firstName} ${claim.member.lastName}`;
  const offered = canChange ? OFFERED[claim.status] : [];

  const step = async (status: SeveranceClaimStatus) => {
    const input = {
      claimId: claim.id,
      status,
      ...(status === 'CHECKED' ? { definiteDate } : {}),
      ...(status === 'INFORMATION_NEEDED' ? { messageToMember: message } : {}),
    };
    const { data } = await setStatus({ variables: { input } });
    const error = data?.setClaimStatus.error;
    if (error) {
      setOutcome({ tone: 'error', text: KNOWN_ERRORS.has(error.code as KnownError) ? t(`backoffice.claim.error.${error.code as KnownError}`) : t('backoffice.claim.error.other') });
    } else if (data?.setClaimStatus.ok) {
      setOutcome({ tone: 'success', text: t('backoffice.claim.done', { status: t(`backoffice.claims.statusName.${data.setClaimStatus.ok.claim.status}`) }) });
    }
  };

  return (
    <section className="card backoffice-claim" aria-labelledby={`${dateId}-heading`}>
      <h2 id={`${dateId}-heading`}>{t('backoffice.claim.heading', { name })}</h2>
      <dl className="backoffice-claim__facts">
        <dt>{t('backoffice.claim.svnr')}</dt>
        <dd>{claim.member.svnr}</dd>
        <dt>{t('backoffice.claim.account')}</dt>
        <dd>{claim.accountNumber}</dd>
        <dt>{t('backoffice.claim.option')}</dt>
        <dd>{t(`backoffice.claims.optionName.${claim.option as 'PAYOUT'}`)}</dd>
        <dt>{t('backoffice.claim.status')}</dt>
        <dd>{t(`backoffice.claims.statusName.${claim.status}`)}</dd>
        <dt>{t('backoffice.claim.dueDate')}</dt>
        <dd>{formatDate(claim.dueDate)}</dd>
        <dt>{t('backoffice.claim.definiteDate')}</dt>
        <dd>{claim.definiteDate ? formatDate(claim.definiteDate) : '–'}</dd>
        <dt>{claim.institution ? t('backoffice.claim.institution') : t('backoffice.claim.bank')}</dt>
        <dd>{claim.institution ? claim.institution.name : claim.bank ? `${claim.bank.holder}, ${claim.bank.iban}` : t('backoffice.claim.noBank')}</dd>
        <dt>{t('backoffice.claim.signature')}</dt>
        <dd>
          {claim.signatureKind === 'TYPED'
            ? t('backoffice.claim.signatureTyped', { name: claim.signatureName ?? '' })
            : claim.signatureKind === 'DRAWN'
              ? t('backoffice.claim.signatureDrawn')
              : t('backoffice.claim.signatureNone')}
        </dd>
      </dl>
      <h3>{t('backoffice.claimDocuments.heading')}</h3>
      <ClaimDocuments documents={claim.documents} />
      <AssignToMe kind="CLAIM" id={claim.id} assignee={claim.assignee} canChange={canChange} refetchQueries={['BackofficeClaims']} />
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {offered.length > 0 ? (
        <>
          <h3>{t('backoffice.claim.steps')}</h3>
          {offered.includes('CHECKED') ? (
            <div className="field">
              <label htmlFor={dateId} className="field__label">
                {t('backoffice.claim.dateLabel')}
              </label>
              <input id={dateId} type="date" className="field__input field__input--narrow" value={definiteDate} onChange={(event) => setDefiniteDate(event.target.value)} />
            </div>
          ) : null}
          {offered.includes('INFORMATION_NEEDED') ? (
            <div className="field">
              <label htmlFor={messageId} className="field__label">
                {t('backoffice.claim.messageLabel')}
              </label>
              <textarea id={messageId} className="field__input" rows={3} maxLength={5000} value={message} onChange={(event) => setMessage(event.target.value)} />
            </div>
          ) : null}
          <div className="backoffice-claim__steps">
            {offered.map((status) => (
              <button key={status} type="button" className="button button--primary" disabled={loading} onClick={() => void step(status)}>
                {t('backoffice.claim.toStatus', { status: t(`backoffice.claims.statusName.${status}`) })}
              </button>
            ))}
          </div>
        </>
      ) : null}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('backoffice.claim.close')}
      </button>
    </section>
  );
}
