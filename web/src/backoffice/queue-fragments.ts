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

/**
 * What the queue's table and panel read of every item (`QueueView`, `useQueue`): its id and who works on it
 * (the fund's interface `WorkItem`, decision 0058).
 */
export const QueueItemFields = graphql(`
  fragment QueueItemFields on WorkItem {
    id
    assignee {
      name
    }
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

/**
 * A file of an item, with its bytes only when the operation's `$withBytes` is true: a queue's list query read again
 * for the open item alone (`first: 1`) when a file is shown (decision 0055: bytes only when selected).
 */
export const QueueFileWithBytesFields = graphql(`
  fragment QueueFileWithBytesFields on FundFile {
    ...QueueFileFields
    contentBase64 @include(if: $withBytes)
  }
`);

/** Where the next page starts. */
export const NextPageFields = graphql(`
  fragment NextPageFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
