import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { createApolloClient } from './apollo';

/**
 * The app's one Apollo Client (one cache for every screen). This module and Apollo Client with it are a chunk of
 * their own, loaded through `loadApollo` (web/src/app/load-apollo.ts): the login form shows without them
 * (decision 0034).
 */
export const client = createApolloClient();

/** Apollo's provider with the app's client, around every screen that reads or writes through Apollo's hooks. */
export function WithApollo({ children }: { children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
