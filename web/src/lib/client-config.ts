import { createContext, useContext } from 'react';
import type { AppShellAnswer } from './served-config';

/** The client configuration of spec 000 section 3 as `AppShell_Query` answers it. */
export type ClientConfigData = AppShellAnswer['clientConfig'];

/** Provided by the app around its router (web/src/app/app.tsx). */
export const ClientConfigContext = createContext<ClientConfigData | null>(null);

/**
 * The client configuration the app started with: from the page (server/http/served-config.ts) or from the server's
 * answer. Null outside the app (the build's prerender, web/src/prerender/frames.tsx).
 */
export function useClientConfig(): ClientConfigData | null {
  return useContext(ClientConfigContext);
}
