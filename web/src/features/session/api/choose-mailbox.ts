import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const MailboxDialog_ChooseMailboxMutation = graphql(`
  mutation MailboxDialog_ChooseMailbox($type: MailboxType!, $dutyId: ID) {
    chooseMailbox(type: $type, dutyId: $dutyId) {
      ok {
        type
        dutyId
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Chooses the mailbox: ASP with one of the member's duties, or AWB_LB (own portal). */
export function useChooseMailbox() {
  return useMutation(MailboxDialog_ChooseMailboxMutation);
}
