import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../../components/ui/checkbox';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { graphql } from '../../../../gql';
import type { NewsletterDialog_PersonFragmentFragment } from '../../../../gql/graphql';
import { formatPersonName } from '../../../../lib/person-name';
import { useSetNewsletterConsent } from '../../api/set-newsletter-consent';
import { newsletterRules, type NewsletterAnswer, type NewsletterChoice } from './newsletter-rules';

export const NewsletterDialogPersonFragment = graphql(`
  fragment NewsletterDialog_PersonFragment on Person {
    gender
    titlePrefix
    firstName
    lastName
    titleSuffix
    email
  }
`);

/**
 * Newsletter consent (spec 000 section 2, dialog 8): greets the member by gender, titles and name, names the
 * e-mail address, and asks yes or no for each fund whose question is shown; `setNewsletterConsent` leaves the other
 * fund unchanged.
 */
export function NewsletterDialog({
  person,
  showPk,
  showVk,
  onAnswered,
  onFailed,
}: {
  person: NewsletterDialog_PersonFragmentFragment | null;
  showPk: boolean;
  showVk: boolean;
  onAnswered: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<NewsletterChoice>({ pk: null, vk: null, termsAccepted: false });
  const [save, { loading }] = useSetNewsletterConsent();
  const shown = { pk: showPk, vk: showVk };
  const { termsEnabled, canSubmit } = newsletterRules(choice, shown, loading || !person);

  const answer = (fund: 'pk' | 'vk') => (value: NewsletterAnswer) =>
    setChoice((current) => {
      const next = { ...current, [fund]: value };
      // Without any yes the consent is not needed: untick it along with disabling it.
      return newsletterRules(next, shown, false).termsEnabled ? next : { ...next, termsAccepted: false };
    });

  const submit = async () => {
    try {
      await save({
        variables: {
          pensionFund: showPk ? choice.pk === 'yes' : null,
          severanceFund: showVk ? choice.vk === 'yes' : null,
          termsAccepted: choice.termsAccepted,
        },
      });
      onAnswered();
    } catch {
      onFailed();
    }
  };

  const choices = [
    { value: 'yes' as const, label: t('loginFlow.yes') },
    { value: 'no' as const, label: t('loginFlow.no') },
  ];

  return (
    <ModalDialog title={t('loginFlow.newsletter.title')} busy={loading} busyLabel={t('loginFlow.busy')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void submit();
        }}
      >
        {person ? (
          <>
            <p className="modal__greeting">{t(`loginFlow.newsletter.greeting.${person.gender}`, { name: formatPersonName(person) })}</p>
            <p>{person.email ? t('loginFlow.newsletter.introEmail', { email: person.email }) : t('loginFlow.newsletter.intro')}</p>
          </>
        ) : null}
        {showPk ? <ChoiceGroup legend={t('loginFlow.newsletter.pensionFund')} value={choice.pk} onChange={answer('pk')} choices={choices} inline /> : null}
        {showVk ? <ChoiceGroup legend={t('loginFlow.newsletter.severanceFund')} value={choice.vk} onChange={answer('vk')} choices={choices} inline /> : null}
        <Checkbox
          label={t('loginFlow.newsletter.consent')}
          hint={t('loginFlow.newsletter.consentHint')}
          checked={choice.termsAccepted && termsEnabled}
          disabled={!termsEnabled}
          onChange={(termsAccepted) => setChoice((current) => ({ ...current, termsAccepted }))}
        />
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {t('loginFlow.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
