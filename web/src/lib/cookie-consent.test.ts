import { describe, expect, it } from 'vitest';
import { consentCookie, hasConsentCookie } from './cookie-consent';

describe('consentCookie', () => {
  it('keeps the consent 31 days, SameSite=Strict, for the whole site', () => {
    expect(consentCookie(false)).toBe('acceptCookies=1; Max-Age=2678400; Path=/; SameSite=Strict');
    expect(consentCookie(true)).toBe('acceptCookies=1; Max-Age=2678400; Path=/; SameSite=Strict; Secure');
  });
});

describe('hasConsentCookie', () => {
  it('finds acceptCookies=1 among other cookies', () => {
    expect(hasConsentCookie('a=b; acceptCookies=1; c=d')).toBe(true);
    expect(hasConsentCookie('acceptCookies=1')).toBe(true);
  });

  it('does not take another value or a similar name for consent', () => {
    expect(hasConsentCookie('acceptCookies=0')).toBe(false);
    expect(hasConsentCookie('xacceptCookies=1')).toBe(false);
    expect(hasConsentCookie('')).toBe(false);
  });
});
