import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PhoneSection_ChangePhoneMutation = graphql(`
  mutation PhoneSection_ChangePhone($input: ChangePhoneInput!) {
    changePhone(input: $input) {
      ok {
        person {
          id
          ...PhoneSection_PersonFragment
          ...ChangeHistorySection_PersonFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Changes (or removes) the phone number; the answer's person refreshes the cached number and change log. */
export function useChangePhone() {
  return useMutation(PhoneSection_ChangePhoneMutation);
}
