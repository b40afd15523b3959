import type { AppShell_QueryQuery } from '../gql/graphql';

/** The client configuration the app starts with (the answer of `AppShell_Query`, web/src/app/api/get-app-shell.ts). */
export type AppShellAnswer = AppShell_QueryQuery;

/** The id of the JSON data block the server writes into the page (server/http/served-config.ts). */
const ELEMENT_ID = 'client-config';

function isAppShellAnswer(value: unknown): value is AppShellAnswer {
  const config = (value as { clientConfig?: Record<string, unknown> } | null)?.clientConfig;
  return (config?.tenant === 'MAIN' || config?.tenant === 'REGIONAL') && typeof config.idleWarningSeconds === 'number';
}

let served: AppShellAnswer | null | undefined;

/**
 * The answer of `AppShell_Query` the server put into the page (a `<script type="application/json">` data block,
 * decision 0034), read once; null without one (the development server, a page from before) or when it is not
 * such an answer: the app then asks over GraphQL.
 */
export function servedAppShell(): AppShellAnswer | null {
  if (served !== undefined) return served;
  served = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return served;
  try {
    const value: unknown = JSON.parse(text);
    if (isAppShellAnswer(value)) served = value;
  } catch {
    // not JSON: ask over GraphQL
  }
  return served;
}
