import type { MergePage_QueryQuery } from '../../web/src/gql/graphql';
import { graphql } from '../gql';
import type { RequestMergeInput } from '../gql/graphql';
import { pngBytes } from '../helpers/files';

/** The member's data and merge eligibility as the web's merge page reads them (web/src/features/merge/api). */
export { MergePage_Query as ELIGIBILITY } from '../../web/src/features/merge/api/get-merge-page';
/** What the request leaves in the inbox and the documents (tests/helpers/inbox-operations.ts). */
export { CLAIM_CONFIRMATIONS as CONFIRMATIONS, RECEIVED_MESSAGES as INBOX } from '../helpers/inbox-operations';
/** A severance claim beside the merge, as the claim page sends it (tests/api/claims-operations.ts). */
export { SUBMIT_CLAIM as CLAIM } from './claims-operations';

/** The merge suite's request (merge.test.ts), answered as the web's page confirms it and with its status. */
export const REQUEST = graphql(`
  mutation MergeRequest($input: RequestMergeInput!) {
    requestMerge(input: $input) {
      ok {
        request {
          status
          ...MergePage_MergeRequestFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
/** A drawn signature as the signature pad sends it (a PNG data URL). */
const PNG_SIGNATURE = `data:image/png;base64,${pngBytes(120).toString('base64')}`;

/** The member as the merge page reads them (`ELIGIBILITY`). */
export type MergeMember = NonNullable<MergePage_QueryQuery['me']>;

/**
 * A complete, digitally signed merge request of `person` with the page's prefill (name, SVNR, e-mail), consent and
 * terms accepted, over `extra` (the uploads' ids to be added there; spec 001 section 2 "Merge").
 */
export function digitalMergeRequest(person: MergeMember, extra: Partial<RequestMergeInput> = {}): RequestMergeInput {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    svnr: person.svnr,
    email: person.email!,
    consent: true,
    termsAccepted: true,
    signatureType: 'DIGITAL',
    signature: { kind: 'DRAWN', png: PNG_SIGNATURE },
    ...extra,
  };
}
