import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';
import type { WorkItemKind } from './gql/graphql';

/**
 * The answer of `assignToMe` and `releaseAssignment` (one result type): the item and its assignee (null after a
 * release), or the refusal.
 */
graphql(`
  fragment AssignToMe_WorkAssignmentResultFragment on WorkAssignmentResult {
    ok {
      kind
      id
      assignee {
        staffId
        name
      }
    }
    error {
      code
      message
    }
  }
`);

const AssignToMeMutation = graphql(`
  mutation BackofficeAssignToMe($input: WorkItemInput!) {
    assignToMe(input: $input) {
      ...AssignToMe_WorkAssignmentResultFragment
    }
  }
`);

const ReleaseAssignmentMutation = graphql(`
  mutation BackofficeReleaseAssignment($input: WorkItemInput!) {
    releaseAssignment(input: $input) {
      ...AssignToMe_WorkAssignmentResultFragment
    }
  }
`);

const KNOWN_ERRORS = ['ALREADY_ASSIGNED', 'ASSIGNED_TO_OTHER', 'NOT_ASSIGNED', 'STAFF_ONLY'] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];

interface AssignToMeProps {
  kind: WorkItemKind;
  id: string;
  /** The item's `assignee` as its list selected it (`assignee { name }`). */
  assignee: { name: string } | null | undefined;
  /** False for a role without the area's write scope (the auditor): the assignee is shown, no button. */
  canChange: boolean;
  /** The list queries to read again after a change, so the row and the panel show the new assignee. */
  refetchQueries: string[];
}

/**
 * "Mir zuweisen" (decision 0058): shows who works on an item ("Zugewiesen: <Name>") and offers to take it or to
 * release it, with `assignToMe` / `releaseAssignment` of the fund's API. The server decides; its refusal (someone
 * else's item, for example) is shown in German from the catalogue. Used by every queue's panel (QueueView renders it
 * with the queue's kind), the claim panel and the message thread; a list query selects `assignee { name }` for it.
 */
export function AssignToMe({ kind, id, assignee, canChange, refetchQueries }: AssignToMeProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [assign, assigning] = useMutation(AssignToMeMutation, { refetchQueries, awaitRefetchQueries: true });
  const [release, releasing] = useMutation(ReleaseAssignmentMutation, { refetchQueries, awaitRefetchQueries: true });
  const busy = assigning.loading || releasing.loading;
  const show = (error: { code: string } | null | undefined) =>
    setRefusal(
      error ? ((KNOWN_ERRORS as readonly string[]).includes(error.code) ? t(`backoffice.assign.error.${error.code as KnownError}`) : t('backoffice.assign.error.other')) : null,
    );

  const onAssign = async () => {
    const { data } = await assign({ variables: { input: { kind, id } } }).catch(() => ({ data: undefined }));
    show(data ? data.assignToMe.error : { code: 'other' });
  };
  const onRelease = async () => {
    const { data } = await release({ variables: { input: { kind, id } } }).catch(() => ({ data: undefined }));
    show(data ? data.releaseAssignment.error : { code: 'other' });
  };

  return (
    <div className="backoffice-assign">
      <p className="backoffice-assign__who">{assignee ? t('backoffice.assign.assignedTo', { name: assignee.name }) : t('backoffice.assign.nobody')}</p>
      {canChange ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void (assignee ? onRelease() : onAssign())}>
          {assignee ? t('backoffice.assign.release') : t('backoffice.assign.assignToMe')}
        </button>
      ) : null}
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
    </div>
  );
}
