import type { TFunction } from 'i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLAIM_OPTIONS, type ClaimOption } from '@contract/claims';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { Notice } from '../../../components/ui/notice';
import { formatDate, formatMoney } from '@contract/format';
import type { ClaimAccount, ClaimDraft } from './claim-draft';

interface ChooseValues {
  accountId: string;
  option: ClaimOption | null;
}

/**
 * Step 1 of `/gm`: the account (when several have a right to decide), its decision deadline, and the option. A
 * self-employed member's account does not offer the transfer to a pension fund (spec 001 section 6); an account with
 * a claim in progress offers nothing ("already submitted recently").
 */
export function ChooseStep({ accounts, draft, onNext }: { accounts: ClaimAccount[]; draft: ClaimDraft; onNext: (chosen: ChooseValues & { option: ClaimOption }) => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, formState } = useForm<ChooseValues>({ defaultValues: { accountId: draft.accountId, option: draft.option } });
  const accountId = useWatch({ control, name: 'accountId' });
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0]!;
  const allowed = CLAIM_OPTIONS.filter((o) => account.allowedOptions.includes(o));

  const onSubmit = (values: ChooseValues) => {
    if (!values.option || !allowed.includes(values.option)) {
      setError('option', { type: 'required', message: 'REQUIRED' }, { shouldFocus: true });
      return;
    }
    onNext({ accountId: account.id, option: values.option });
  };

  return (
    <form className="card claim-card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('claim.steps.choose')}</h2>
      {accounts.length > 1 ? (
        <Controller
          control={control}
          name="accountId"
          render={({ field }) => (
            <ChoiceGroup
              legend={t('claim.account.legend')}
              choices={accounts.map((a) => ({ value: a.id, label: accountLabel(t, a) }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ) : (
        <p>{accountLabel(t, account)}</p>
      )}
      {account.rightToDecideSince ? <p className="muted">{t('claim.account.since', { date: formatDate(account.rightToDecideSince) })}</p> : null}
      {account.decisionDeadline && account.decisionDaysLeft !== null && account.decisionDaysLeft >= 0 ? (
        <Notice tone="info">
          {t(account.rightToDecideReason === 'PENSION_START' ? 'claim.deadlinePension' : 'claim.deadline', {
            date: formatDate(account.decisionDeadline),
            count: account.decisionDaysLeft,
          })}
        </Notice>
      ) : null}
      {account.claimOpen ? (
        <Notice tone="warning">{t('claim.open', { account: account.accountNumber })}</Notice>
      ) : (
        <>
          <Controller
            control={control}
            name="option"
            render={({ field }) => (
              <ChoiceGroup
                legend={t('claim.option.legend')}
                choices={allowed.map((o) => ({ value: o, label: t(`claim.option.${o}`), hint: t(`claim.option.${o}_hint`) }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {formState.errors.option ? (
            <p className="field__error" role="alert">
              {t('claim.required.option')}
            </p>
          ) : null}
          {account.selfEmployed ? <p className="muted">{t('claim.option.selfEmployed')}</p> : null}
          <div className="claim-actions">
            <button type="submit" className="button button--primary">
              {t('claim.next')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

function accountLabel(t: TFunction, a: ClaimAccount): string {
  return String(t('claim.account.label', { account: a.accountNumber, amount: formatMoney(a.entitlement ?? 0), date: a.stichtag ? formatDate(a.stichtag) : '–' }));
}
