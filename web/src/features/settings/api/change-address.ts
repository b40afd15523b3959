import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const AddressSection_ChangeAddressMutation = graphql(`
  mutation AddressSection_ChangeAddress($input: ChangeAddressInput!) {
    changeAddress(input: $input) {
      ok {
        person {
          id
          ...AddressSection_PersonFragment
          ...ChangeHistorySection_PersonFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Changes the postal address; the answer's person refreshes the cached address and change log. */
export function useChangeAddress() {
  return useMutation(AddressSection_ChangeAddressMutation);
}
