import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const BankDetailsSection_ChangeBankDetailsMutation = graphql(`
  mutation BankDetailsSection_ChangeBankDetails($input: ChangeBankDetailsInput!) {
    changeBankDetails(input: $input) {
      ok {
        person {
          id
          ...BankDetailsSection_PersonFragment
          ...ChangeHistorySection_PersonFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Stores new bank details; the answer's person refreshes the cached bank account and change log. */
export function useChangeBankDetails() {
  return useMutation(BankDetailsSection_ChangeBankDetailsMutation);
}
