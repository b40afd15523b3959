/**
 * Consent texts whose acceptance the portal records (decision 0021; spec 000 section 2 dialog 8 "Newsletter
 * consent ... plus a terms checkbox"). Each stored decision names the version of the text the member saw
 * (`consent_records.text_version`), so the fund can later show what was agreed to.
 *
 * Bump the version whenever the consent text `loginFlow.newsletter.consent` (schema/contract/i18n/de/login-flow.json)
 * changes; tests/unit/consent.test.ts fails until the version and the text's fingerprint are updated together.
 */
export const NEWSLETTER_TERMS_VERSION = 'newsletter-2026-01';

/** What a consent record is about. */
export type ConsentSubject = 'NEWSLETTER_PK' | 'NEWSLETTER_VK';

/** Where the decision was made: the login-time dialog, the settings screen, or the legacy REST `setNewsletter`. */
export type ConsentChannel = 'LOGIN_DIALOG' | 'SETTINGS' | 'REST';
