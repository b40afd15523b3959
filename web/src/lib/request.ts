/**
 * The request conventions of spec 000 section 7, in one place. Apollo's HttpLink uses `portalFetch` as its `fetch`;
 * plain `rest/{method}` calls use `restCall`. Both:
 * - send cookies (`credentials: 'include'`), `X-Application-Version: Portal` and `Accept-Language` (the `lng` query
 *   parameter's language, default `de`);
 * - give up after 180000 ms (`AbortSignal.timeout`);
 * - raise `Error('Invalid HTTP-Status-Code <status>')` on any non-OK status (opaque answers excepted);
 * - on HTTP 406 (session failure) and 423 (session timeout) also notify the session-end listeners, which send the
 *   member to /login with the matching notice.
 */

import { DEFAULT_LANGUAGE, queryParam, requestedLanguage, resolveLanguage, type AddressParts } from './url-params';

/** Request time-out of spec 000 section 9. */
export const REQUEST_TIMEOUT_MS = 180_000;

/** Value of the `X-Application-Version` header (spec 000 section 7: "an application-version marker set to the portal"). */
export const APPLICATION_VERSION = 'Portal';

/**
 * Why a session ended: `failure` (HTTP 406), `timeout` (HTTP 423 or `SESSION_TIMEOUT`), `unauthenticated` (no session),
 * `settingsChanged` (`UNAUTHENTICATED` with `extensions.reason` `SETTINGS_CHANGED`: the password was changed elsewhere).
 */
export type SessionEndReason = 'failure' | 'timeout' | 'unauthenticated' | 'settingsChanged';

type SessionEndListener = (reason: SessionEndReason) => void;

const sessionEndListeners = new Set<SessionEndListener>();

/** Registers a listener for the end of the session; returns the function that removes it. */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** Tells every session-end listener that the session has ended. */
export function notifySessionEnd(reason: SessionEndReason): void {
  for (const listener of sessionEndListeners) listener(reason);
}

/**
 * The portal language: the `lng` query parameter (in the page's query string or in the hash route's query string)
 * when it names a supported language, else `de` (spec 000 section 1). Without an `lng` in the current address, the
 * language the page was opened with is kept (the hash router drops the parameter on navigation).
 */
export function portalLanguage(location: AddressParts | undefined = globalThis.location): string {
  const requested = queryParam('lng', location);
  return requested === null ? (requestedLanguage() ?? DEFAULT_LANGUAGE) : resolveLanguage(requested);
}

function timeoutSignal(signal: AbortSignal | null | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** `fetch` with the portal's conventions; resolves with the OK response, otherwise throws (see the module comment). */
export async function portalFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('X-Application-Version', APPLICATION_VERSION);
  headers.set('Accept-Language', portalLanguage());
  const response = await fetch(input, {
    ...init,
    headers,
    credentials: 'include',
    signal: timeoutSignal(init.signal),
  });
  if (!response.ok && response.type !== 'opaque') {
    if (response.status === 406) notifySessionEnd('failure');
    if (response.status === 423) notifySessionEnd('timeout');
    throw new Error('Invalid HTTP-Status-Code ' + response.status);
  }
  return response;
}

/** Reads a reply: an empty body gives `null`, JSON is parsed, anything else is returned as text. */
export async function readReply(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Body of a REST call: form fields (form-urlencoded), `FormData` (multipart) or any other value (JSON). */
export type RestBody = URLSearchParams | FormData | Record<string, unknown> | unknown[];

/**
 * POSTs to the legacy `rest/{method}` (relative base path, spec 000 section 7) and returns the reply read by
 * `readReply`. The caller checks the shape of the answer.
 */
export async function restCall(method: string, body?: RestBody): Promise<unknown> {
  const init: RequestInit = { method: 'POST' };
  if (body instanceof URLSearchParams || body instanceof FormData) {
    init.body = body; // fetch sets the form-urlencoded or multipart content type itself
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  return readReply(await portalFetch(`rest/${encodeURIComponent(method)}`, init));
}

/** `extensions.code` values of GraphQL errors that end the session (server/modules/person/person.graphql `me`). */
const SESSION_END_CODES: Record<string, SessionEndReason> = {
  UNAUTHENTICATED: 'unauthenticated',
  SESSION_TIMEOUT: 'timeout',
};

/**
 * Notifies the session-end listeners when one of `errors` carries `UNAUTHENTICATED` or `SESSION_TIMEOUT` in
 * `extensions.code`; returns the reason, or null when none of them ends the session.
 */
export function handleGraphQLErrors(errors: ReadonlyArray<{ extensions?: Record<string, unknown> | null | undefined }>): SessionEndReason | null {
  for (const error of errors) {
    const code = error.extensions?.['code'];
    const settingsChanged = code === 'UNAUTHENTICATED' && error.extensions?.['reason'] === 'SETTINGS_CHANGED';
    const reason = settingsChanged ? 'settingsChanged' : typeof code === 'string' ? SESSION_END_CODES[code] : undefined;
    if (reason) {
      notifySessionEnd(reason);
      return reason;
    }
  }
  return null;
}
