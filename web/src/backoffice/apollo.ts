import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import introspection from './gql/possible-types';
import { staffFetch } from './staff-session';

/**
 * The workbench's Apollo client: the fund's endpoint (decision 0053) with the staff session cookie (decision 0054;
 * `credentials: 'same-origin'`, `Content-Type: application/json` as the endpoint requires for cookie-carried POSTs).
 * Documents are sent as text: the fund's endpoint checks each root field's scope, not an allow-list.
 */
export function createBackofficeClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/fund/graphql', credentials: 'same-origin', fetch: staffFetch }),
    // The implementers of each interface of the fund's schema (generated), so `...QueueItemFields` (a fragment on
    // `WorkItem`) matches `MergeRequest`, `Mandate`, … when the cache reads a list back.
    cache: new InMemoryCache({ possibleTypes: introspection.possibleTypes }),
  });
}
