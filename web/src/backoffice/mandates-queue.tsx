import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime, formatMoney } from '@contract/format';
import { graphql } from './gql';
import type { MandateStatus } from './gql/graphql';
import { QueueView, stepRefetch } from './queue-parts';
import { nameOf } from './queue-shared';
import { NoteSteps } from './queue-step';
import { useQueue, useStatusFilter } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

/** What the queue's row and panel show of a mandate (decision 0068); `setMandateStatus` answers it. */
graphql(`
  fragment MandatesQueue_MandateFragment on Mandate {
    ...QueueItemFields
    member {
      ...QueueMemberFields
    }
    contractNumber
    type
    status
    amount
    iban
    accountOwner
    startDate
    endDate
    mandateReference
    createdAt
  }
`);

const MandatesQuery = graphql(`
  query BackofficeMandates($status: [MandateStatus!], $after: String) {
    mandates(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          ...MandatesQueue_MandateFragment
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

const SetMandateStatusMutation = graphql(`
  mutation BackofficeSetMandateStatus($input: SetMandateStatusInput!) {
    setMandateStatus(input: $input) {
      ok {
        ...MandatesQueue_MandateFragment
      }
      error {
        code
      }
    }
  }
`);

const MANDATE_STATUSES: readonly MandateStatus[] = ['ACTIVE', 'CANCELLED', 'COLLECTED', 'LAPSED'];
const MANDATE_ERRORS = ['MEMBER_ONLY', 'TRANSITION_NOT_ALLOWED', 'NOTE_TOO_LONG'] as const;

/** Own-contribution mandates (spec 001 section 3): an ACTIVE one marked LAPSED, or a one-off COLLECTED. */
export function MandatesQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { variables, filter } = useStatusFilter('ACTIVE', MANDATE_STATUSES, (s) => t(`backoffice.queues.mandateStatus.${s}`));
  const queue = useQueue(MandatesQuery, 'mandates', variables);
  const [change, changing] = useMutation(SetMandateStatusMutation, { refetchQueries: stepRefetch('mandates') });
  const offered = (m: { status: MandateStatus; type: string }): ('LAPSED' | 'COLLECTED')[] =>
    m.status !== 'ACTIVE' ? [] : m.type === 'ONE_OFF' ? ['COLLECTED', 'LAPSED'] : ['LAPSED'];
  return (
    <QueueView
      queue="mandates"
      canChange={canChange}
      filter={filter}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.mandateAmount'), t('backoffice.queues.status')]}
      rows={queue.rows(
        (node) => nameOf(node.member),
        (node) => [
          formatLocalDateTime(node.createdAt),
          t(`backoffice.queues.mandateType.${node.type}`),
          formatMoney(node.amount),
          t(`backoffice.queues.mandateStatus.${node.status}`),
        ],
      )}
      {...queue.view}
      panel={(open) => ({
        heading: `${t('backoffice.queues.item.mandates')} – ${nameOf(open.member)}`,
        facts: [
          [t('backoffice.queues.svnr'), open.member.svnr],
          [t('backoffice.queues.mandateContract'), open.contractNumber],
          [t('backoffice.queues.kind'), t(`backoffice.queues.mandateType.${open.type}`)],
          [t('backoffice.queues.mandateAmount'), formatMoney(open.amount)],
          [t('backoffice.queues.mandateIban'), open.iban],
          [t('backoffice.queues.mandateOwner'), open.accountOwner],
          [t('backoffice.queues.mandateStart'), formatDate(open.startDate)],
          [t('backoffice.queues.mandateReference'), open.mandateReference],
          [t('backoffice.queues.status'), t(`backoffice.queues.mandateStatus.${open.status}`)],
        ],
        steps: (
          <NoteSteps
            key={queue.opened}
            steps={canChange ? offered(open).map((to) => ({ to, label: t(`backoffice.queues.mandateTo.${to}`) })) : []}
            note={{ label: t('backoffice.queues.mandateNote'), rows: 2 }}
            busy={changing.loading}
            send={(to, note) => change({ variables: { input: { mandateId: open.id, status: to, note } } }).then(({ data }) => data?.setMandateStatus)}
            success={(ok) => t('backoffice.queues.mandateChanged', { status: t(`backoffice.queues.mandateStatus.${ok.status}`) })}
            refusals={{ known: MANDATE_ERRORS, text: (code) => t(`backoffice.queues.mandateError.${code}`) }}
          />
        ),
      })}
    />
  );
}
