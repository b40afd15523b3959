import { graphql } from './gql';

/*
 * Fields every list of the workbench asks for (decision 0054), selected once. With fragment masking off
 * (codegen.ts), the fields stand in the answer's type as if written out.
 */

/** The member of an item: enough for "Lastname Firstname" and the SVNR. */
export const QueueMemberFields = graphql(`
  fragment QueueMemberFields on MemberRef {
    id
    firstName
    lastName
    svnr
  }
`);

/** A file of an item as a list shows it (without its bytes). */
export const QueueFileFields = graphql(`
  fragment QueueFileFields on FundFile {
    id
    fileName
    contentType
    sizeBytes
  }
`);

/** Where the next page starts. */
export const NextPageFields = graphql(`
  fragment NextPageFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
