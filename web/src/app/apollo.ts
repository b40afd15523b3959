import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import introspection from '../gql/possible-types';
import { handleGraphQLErrors, portalFetch } from '../lib/request';

/**
 * Sends a persisted document by its hash only (`extensions.persistedQuery.sha256Hash`, no query text): codegen embeds
 * the hash of each document in `__meta__.hash` and lists the documents in persisted-documents.json, the server's
 * allow-list. A document without an embedded hash is sent as text.
 */
const persistedDocumentLink = new ApolloLink((operation, forward) => {
  const hash = (operation.query as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  if (typeof hash === 'string') {
    operation.extensions.persistedQuery = { version: 1, sha256Hash: hash };
    operation.setContext({ http: { includeQuery: false, includeExtensions: true } });
  }
  return forward(operation);
});

/** `UNAUTHENTICATED` and `SESSION_TIMEOUT` from `me` end the session: the listeners send the member to /login. */
const sessionErrorLink = new ErrorLink(({ error }) => {
  if (CombinedGraphQLErrors.is(error)) handleGraphQLErrors(error.errors);
});

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([sessionErrorLink, persistedDocumentLink, new HttpLink({ uri: '/graphql', fetch: portalFetch })]),
    cache: new InMemoryCache({
      // The implementers of each interface, so that `...MutationError` on `Error` matches every `XError`.
      possibleTypes: introspection.possibleTypes,
      typePolicies: {
        // Singletons without an id: merge what different queries select instead of replacing it.
        Query: { fields: { clientConfig: { merge: true }, session: { merge: true } } },
      },
    }),
  });
}
