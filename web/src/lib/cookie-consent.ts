/**
 * The cookie notice (spec 000 sections 2, 3 and 9): consent is the cookie `acceptCookies=1`, kept 31 days,
 * SameSite=Strict, path /. Web analytics runs only with it. Dismissing the notice with "necessary cookies only" sets
 * no cookie; the notice then stays hidden for the rest of the browser session (sessionStorage).
 */
export const CONSENT_COOKIE = 'acceptCookies';
/** 31 days in seconds (spec 000 section 9). */
export const CONSENT_MAX_AGE_SECONDS = 31 * 24 * 60 * 60;
/** sessionStorage key of a dismissed notice; the prerendered frame's start script reads it too (web/prerender-index.ts). */
export const DISMISSED_KEY = 'mvbv-cookie-notice-dismissed';

/** Whether `cookies` (a `document.cookie` string) holds the consent `acceptCookies=1`. */
export function hasConsentCookie(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim() === `${CONSENT_COOKIE}=1`);
}

/** The `document.cookie` assignment that stores the consent; `Secure` when the portal runs over HTTPS. */
export function consentCookie(secure: boolean): string {
  return `${CONSENT_COOKIE}=1; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function hasAcceptedCookies(): boolean {
  return typeof document !== 'undefined' && hasConsentCookie(document.cookie);
}

const listeners = new Set<() => void>();

/** Calls `listener` when the member accepts the cookies in this tab; returns the function that stops listening. */
export function onCookiesAccepted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Stores the consent cookie and tells the listeners (analytics starts then). */
export function acceptCookies(): void {
  document.cookie = consentCookie(location.protocol === 'https:');
  for (const listener of listeners) listener();
}

/** Hides the notice for this browser session without consenting. */
export function dismissCookieNotice(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused: the notice shows again on the next page load.
  }
}

export function cookieNoticeDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
