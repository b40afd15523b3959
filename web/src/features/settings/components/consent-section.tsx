import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Notice } from '../../../components/ui/notice';
import { graphql } from '../../../gql';
import type { ConsentSection_PersonFragmentFragment } from '../../../gql/graphql';
import { useSetAccountStatementByMail, useSetBenefitStatementDelivery, useSetNewsletterConsent } from '../api/set-preferences';
import { SettingsSection } from './settings-section';

export const ConsentSectionFragment = graphql(`
  fragment ConsentSection_PersonFragment on Person {
    preferences {
      newsletterPk
      newsletterVk
      benefitStatementDigital
      accountStatementByMail
    }
    pensionContracts {
      id
    }
    severanceAccounts {
      id
    }
  }
`);

const consentSchema = z.object({
  newsletterPk: z.boolean(),
  newsletterVk: z.boolean(),
  benefitStatementDigital: z.boolean(),
  accountStatementByMail: z.boolean(),
});
type ConsentValues = z.infer<typeof consentSchema>;

function CheckboxField({ control, name, label, hint }: { control: Control<ConsentValues>; name: keyof ConsentValues; label: string; hint?: string }) {
  return <Controller control={control} name={name} render={({ field }) => <Checkbox label={label} hint={hint} checked={field.value} onChange={field.onChange} />} />;
}

interface ConsentSectionProps {
  person: ConsentSection_PersonFragmentFragment;
  /** The tenant has a Pensionskasse (the regional tenant has none). */
  pensionFundOffered: boolean;
}

/**
 * Newsletter per fund and electronic delivery (spec 001 section 2 "Profile"): only the funds the member has (and the
 * tenant offers) are asked; the benefit statement of the Pensionskasse digital or on paper, the account statement of
 * the Vorsorgekasse by e-mail. Only what changed is sent, through the same mutations as the login-time dialogs.
 */
export function ConsentSection({ person, pensionFundOffered }: ConsentSectionProps) {
  const { t } = useTranslation();
  const hasPension = pensionFundOffered && person.pensionContracts.length > 0;
  const hasSeverance = person.severanceAccounts.length > 0;
  const stored: ConsentValues = {
    newsletterPk: person.preferences.newsletterPk === true,
    newsletterVk: person.preferences.newsletterVk === true,
    benefitStatementDigital: person.preferences.benefitStatementDigital === true,
    accountStatementByMail: person.preferences.accountStatementByMail,
  };
  const [setNewsletterConsent, newsletterState] = useSetNewsletterConsent();
  const [setBenefitStatementDelivery, benefitState] = useSetBenefitStatementDelivery();
  const [setAccountStatementByMail, accountState] = useSetAccountStatementByMail();
  const [result, setResult] = useState<'changed' | 'unchanged' | null>(null);
  const [failed, setFailed] = useState(false);
  const { control, handleSubmit, reset } = useForm<ConsentValues>({ resolver: zodResolver(consentSchema), defaultValues: stored });
  const loading = newsletterState.loading || benefitState.loading || accountState.loading;

  if (!hasPension && !hasSeverance) return null;

  const onSubmit = async (values: ConsentValues) => {
    setResult(null);
    setFailed(false);
    const changedPk = hasPension && values.newsletterPk !== stored.newsletterPk;
    const changedVk = hasSeverance && values.newsletterVk !== stored.newsletterVk;
    const changedBenefit = hasPension && values.benefitStatementDigital !== stored.benefitStatementDigital;
    const changedAccount = hasSeverance && values.accountStatementByMail !== stored.accountStatementByMail;
    if (!changedPk && !changedVk && !changedBenefit && !changedAccount) {
      setResult('unchanged');
      return;
    }
    try {
      if (changedPk || changedVk) {
        const { data } = await setNewsletterConsent({
          variables: { pensionFund: changedPk ? values.newsletterPk : null, severanceFund: changedVk ? values.newsletterVk : null },
        });
        if (!data?.setNewsletterConsent.ok) throw new Error('newsletter not stored');
      }
      if (changedBenefit) {
        const { data } = await setBenefitStatementDelivery({ variables: { digital: values.benefitStatementDigital } });
        if (!data?.setBenefitStatementDelivery.ok) throw new Error('delivery not stored');
      }
      if (changedAccount) {
        // The answer's login status does not matter here: the choice is stored once the call answers.
        const { data } = await setAccountStatementByMail({ variables: { input: { byMail: values.accountStatementByMail } } });
        if (!data) throw new Error('account statement not stored');
      }
      reset(values);
      setResult('changed');
    } catch {
      setFailed(true);
    }
  };

  return (
    <SettingsSection id="consent" title={t('settings.consent.heading')} success={result ? t(`settings.consent.${result}`) : null}>
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading} className="settings-form">
        <fieldset className="settings-fieldset">
          <legend>{t('settings.consent.newsletterLegend')}</legend>
          <p className="field__hint">{t('settings.consent.newsletterHint')}</p>
          {hasPension ? <CheckboxField control={control} name="newsletterPk" label={t('settings.consent.newsletterPk')} /> : null}
          {hasSeverance ? <CheckboxField control={control} name="newsletterVk" label={t('settings.consent.newsletterVk')} /> : null}
        </fieldset>
        <fieldset className="settings-fieldset">
          <legend>{t('settings.consent.deliveryLegend')}</legend>
          {hasPension ? <CheckboxField control={control} name="benefitStatementDigital" label={t('settings.consent.benefitStatementDigital')} /> : null}
          {hasSeverance ? <CheckboxField control={control} name="accountStatementByMail" label={t('settings.consent.accountStatementByMail')} /> : null}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.consent.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
