import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const FormsPage_InfoQuery = graphql(`
  query FormsPage_Info {
    me {
      id
      email
      formInfo {
        kinds
        earliestPensionStart
        bankDataFunds
      }
    }
  }
`);

/** The forms the member may send, the earliest pension start for a call sent today and the funds bank data may name. */
export function useFormInfo() {
  return useQuery(FormsPage_InfoQuery, { fetchPolicy: 'cache-and-network' });
}

export const FormsPage_SubmitMutation = graphql(`
  mutation FormsPage_Submit($input: SubmitFormInput!) {
    submitForm(input: $input) {
      ok {
        kind
        message {
          ...MessageList_MessageFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends a form; the sent folder is fetched again so the form's message shows at once. */
export function useSubmitForm() {
  return useMutation(FormsPage_SubmitMutation, { refetchQueries: ['InboxList_Query'] });
}
