import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_TERMS_VERSION } from '@contract/consent';
import loginFlow from '@contract/i18n/de/login-flow.json';

/**
 * The consent records name the version of the newsletter consent text (schema/contract/consent.ts). A changed text
 * with the old version would make old records claim a text the member never saw, so the text's fingerprint is pinned
 * to its version here: change both together.
 */
const VERSIONS: Record<string, string> = {
  'newsletter-2026-01': 'de95886713b1e42fbb3d1365870fd19bb7d14aea694c173971d44c205ef9a91a',
};

describe('newsletter consent text version', () => {
  it('names the text shown in the login dialog', () => {
    const fingerprint = createHash('sha256').update(loginFlow.loginFlow.newsletter.consent).digest('hex');
    expect(VERSIONS[NEWSLETTER_TERMS_VERSION], 'the consent text changed: give it a new NEWSLETTER_TERMS_VERSION and pin it here').toBe(fingerprint);
  });
});
