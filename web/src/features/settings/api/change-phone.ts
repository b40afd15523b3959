import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PhoneSection_ChangePhoneMutation = graphql(`
  mutation PhoneSection_ChangePhone($input: ChangePhoneInput!) {
    changePhone(input: $input) {
      ok
      code
      fieldErrors {
        field
        code
      }
      person {
        id
        ...PhoneSection_PersonFragment
        ...ChangeHistorySection_PersonFragment
      }
    }
  }
`);

/** Changes (or removes) the phone number; the answer's person refreshes the cached number and change log. */
export function useChangePhone() {
  return useMutation(PhoneSection_ChangePhoneMutation);
}
