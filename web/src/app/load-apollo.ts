import { withTimeout } from '../lib/with-timeout';
import type * as ApolloRuntimeModule from './apollo-runtime';

/** The Apollo chunk: the app's client and its provider (web/src/app/apollo-runtime.tsx). */
export type ApolloRuntime = typeof ApolloRuntimeModule;

let runtime: ApolloRuntime | undefined;
let loading: Promise<ApolloRuntime> | undefined;

/**
 * Loads Apollo Client (once; a failed load is tried again on the next call). Every screen's route loads it beside
 * the screen (web/src/app/router.tsx); the login page only when it needs it: at once for the session check, an
 * activation link or the electronic-ID answer, else at the member's first key, tap or click in the form
 * (decision 0034). Fails with ChunkLoadTimeoutError after 120 s, as a screen's chunk does.
 */
export function loadApollo(): Promise<ApolloRuntime> {
  loading ??= withTimeout(import('./apollo-runtime')).then(
    (loaded) => (runtime = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Apollo's chunk when it has loaded, else undefined (nothing is started). */
export function loadedApollo(): ApolloRuntime | undefined {
  return runtime;
}
