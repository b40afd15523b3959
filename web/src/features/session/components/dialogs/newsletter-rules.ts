export type NewsletterAnswer = 'yes' | 'no';

export interface NewsletterChoice {
  pk: NewsletterAnswer | null;
  vk: NewsletterAnswer | null;
  termsAccepted: boolean;
}

/**
 * The rules of spec 000 section 2 (dialog 8): the terms checkbox is enabled only while a yes is chosen; submit is
 * disabled while loading, while a shown question is unanswered, or while a yes is chosen without the terms ticked.
 */
export function newsletterRules(choice: NewsletterChoice, shown: { pk: boolean; vk: boolean }, loading: boolean) {
  const anyYes = (shown.pk && choice.pk === 'yes') || (shown.vk && choice.vk === 'yes');
  const unanswered = (shown.pk && choice.pk === null) || (shown.vk && choice.vk === null);
  return {
    termsEnabled: anyYes,
    canSubmit: !loading && !unanswered && (!anyYes || choice.termsAccepted),
  };
}
