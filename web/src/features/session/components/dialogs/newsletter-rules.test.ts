import { describe, expect, it } from 'vitest';
import { newsletterRules } from './newsletter-rules';

const both = { pk: true, vk: true };

describe('newsletterRules', () => {
  it('keeps submit disabled while a shown question is unanswered', () => {
    expect(newsletterRules({ pk: null, vk: null, termsAccepted: false }, both, false)).toEqual({ termsEnabled: false, canSubmit: false });
    expect(newsletterRules({ pk: 'no', vk: null, termsAccepted: false }, both, false).canSubmit).toBe(false);
  });

  it('enables the terms checkbox only while a yes is chosen', () => {
    expect(newsletterRules({ pk: 'yes', vk: null, termsAccepted: false }, both, false).termsEnabled).toBe(true);
    expect(newsletterRules({ pk: 'no', vk: 'no', termsAccepted: false }, both, false).termsEnabled).toBe(false);
  });

  it('needs the terms ticked when a yes is chosen', () => {
    expect(newsletterRules({ pk: 'yes', vk: 'no', termsAccepted: false }, both, false).canSubmit).toBe(false);
    expect(newsletterRules({ pk: 'yes', vk: 'no', termsAccepted: true }, both, false).canSubmit).toBe(true);
    expect(newsletterRules({ pk: 'no', vk: 'no', termsAccepted: false }, both, false).canSubmit).toBe(true);
  });

  it('ignores the question of a fund that is not shown', () => {
    const vkOnly = { pk: false, vk: true };
    expect(newsletterRules({ pk: null, vk: 'no', termsAccepted: false }, vkOnly, false).canSubmit).toBe(true);
    expect(newsletterRules({ pk: 'yes', vk: 'no', termsAccepted: false }, vkOnly, false)).toEqual({ termsEnabled: false, canSubmit: true });
  });

  it('keeps submit disabled while loading', () => {
    expect(newsletterRules({ pk: 'no', vk: 'no', termsAccepted: false }, both, true).canSubmit).toBe(false);
  });
});
