import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const UploadFormPage_SubmitMutation = graphql(`
  mutation UploadFormPage_Submit($input: SubmitUploadFormInput!) {
    submitUploadForm(input: $input) {
      ok {
        fileCount
        email
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends the public upload form (`submitUploadForm`, public). */
export function useSubmitUploadForm() {
  return useMutation(UploadFormPage_SubmitMutation);
}
