import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { CASH_ORDER_EXTRA_WORKING_DAYS, CLAIM_DOCUMENT_FIELD_NAMES, PAYOUT_TYPES, submitSeveranceClaimInput, type ClaimDocumentField } from '@contract/claims';
import { IbanBicFields } from '../../../components/ui/bank-code-fields';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { TextField } from '../../../components/ui/text-field';
import { placeRuleErrors } from '../../../lib/forms/rule-field-errors';
import { zodFieldErrors } from '@contract/field-errors';
import { formatMoney } from '@contract/format';
import type { ClaimAccount, ClaimDraft } from './claim-draft';
import { PayoutAmounts, payoutAmounts } from './payout-amounts';
import { claimFieldText } from './field-error';
import { ClaimDocumentFields, documentIdsOf, documentsUploading, type ClaimDocuments } from './claim-documents';

/** Fields of step 2; a code of the shared rules on any other field is not this step's. */
const STEP_FIELDS = ['institutionName', 'policyNumber', 'payoutType', 'iban', 'bic', 'street', 'postcode', 'city', 'country'] as const;
type StepField = (typeof STEP_FIELDS)[number];

/**
 * Step 2 of `/gm`: the data the chosen option needs, checked by the shared rules (@contract/claims): the receiving
 * institution of a transfer (and the policy number of a supplementary pension insurance); for a payout the way
 * (bank transfer with IBAN and optional BIC, or cash order to an Austrian address with its cost and the longer
 * time), and the 6 % tax in euros; and the documents the option needs (uploaded at once, with progress).
 */
export function DataStep({
  account,
  draft,
  documents,
  onBack,
  onNext,
}: {
  account: ClaimAccount;
  draft: ClaimDraft;
  documents: ClaimDocuments;
  onBack: (values: ClaimDraft) => void;
  onNext: (values: ClaimDraft) => void;
}) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, setError, getValues, formState } = useForm<ClaimDraft>({ defaultValues: draft });
  const payoutType = useWatch({ control, name: 'payoutType' });
  const { errors } = formState;
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<ClaimDocumentField, string>>>({});
  const option = draft.option!;

  const onSubmit = (values: ClaimDraft) => {
    const checked = submitSeveranceClaimInput.safeParse({ ...values, ...documentIdsOf(documents, option, values.payoutType), confirmed: true });
    const issues = checked.error?.issues ?? [];
    const missing = zodFieldErrors(issues, { fields: CLAIM_DOCUMENT_FIELD_NAMES, codeOf: (message) => message });
    setDocumentErrors(Object.fromEntries(missing.map((error) => [error.field, error.code])));
    if (checked.success) return onNext(values);
    const fieldOf = (field: string) => (!(STEP_FIELDS as readonly string[]).includes(field) ? null : field === 'country' ? 'postcode' : (field as Exclude<StepField, 'country'>));
    if (placeRuleErrors<ClaimDraft>(issues, setError, { fieldOf }) === 0 && missing.length === 0) onNext(values);
  };

  const transfer = option === 'TRANSFER_PENSION_FUND' || option === 'TRANSFER_SUPPLEMENTARY_INSURANCE' || option === 'TRANSFER_VORSORGEKASSE';
  return (
    <form className="card claim-card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('claim.steps.data')}</h2>
      <p className="muted">{t(`claim.option.${option}`)}</p>
      {option === 'KEEP' ? <p>{t('claim.option.KEEP_hint')}</p> : null}
      {transfer ? (
        <TextField
          label={t('claim.institutionName')}
          registration={register('institutionName')}
          error={claimFieldText(t, errors.institutionName?.message, 'institutionName')}
          maxLength={100}
        />
      ) : null}
      {option === 'TRANSFER_SUPPLEMENTARY_INSURANCE' ? (
        <TextField
          label={t('claim.policyNumber')}
          registration={register('policyNumber')}
          error={claimFieldText(t, errors.policyNumber?.message, 'policyNumber')}
          maxLength={30}
          narrow
        />
      ) : null}
      {option === 'PAYOUT' ? (
        <>
          <Controller
            control={control}
            name="payoutType"
            render={({ field }) => (
              <ChoiceGroup
                legend={t('claim.payoutType.legend')}
                choices={PAYOUT_TYPES.map((p) => ({
                  value: p,
                  label: t(`claim.payoutType.${p}`),
                  hint: p === 'CASH_ORDER' ? t('claim.payoutType.CASH_ORDER_hint', { cost: formatMoney(account.cashOrderCost), days: CASH_ORDER_EXTRA_WORKING_DAYS }) : undefined,
                }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.payoutType ? (
            <p className="field__error" role="alert">
              {claimFieldText(t, errors.payoutType?.message, 'payoutType')}
            </p>
          ) : null}
          {payoutType === 'BANK_TRANSFER' ? (
            <>
              <IbanBicFields
                control={control}
                iban={{ label: t('claim.iban'), hint: t('claim.ibanHint'), error: claimFieldText(t, errors.iban?.message, 'iban') }}
                bic={{ label: t('claim.bic'), optionalLabel: t('claim.optional'), hint: t('claim.bicHint'), error: claimFieldText(t, errors.bic?.message, 'bic') }}
              />
            </>
          ) : null}
          {payoutType === 'CASH_ORDER' ? (
            <>
              <p className="muted">{t('claim.cashOrderCountry')}</p>
              <TextField
                label={t('claim.street')}
                autoComplete="street-address"
                registration={register('street')}
                error={claimFieldText(t, errors.street?.message, 'street')}
                maxLength={100}
              />
              <TextField
                label={t('claim.postcode')}
                autoComplete="postal-code"
                inputMode="numeric"
                narrow
                registration={register('postcode')}
                error={claimFieldText(t, errors.postcode?.message, 'postcode')}
                maxLength={4}
              />
              <TextField
                label={t('claim.city')}
                autoComplete="address-level2"
                registration={register('city')}
                error={claimFieldText(t, errors.city?.message, 'city')}
                maxLength={60}
              />
            </>
          ) : null}
          <PayoutAmounts amounts={payoutAmounts(account, payoutType)} payoutType={payoutType} />
        </>
      ) : null}
      {option !== 'KEEP' ? <ClaimDocumentFields documents={documents} option={option} payoutType={payoutType} errors={documentErrors} /> : null}
      <div className="claim-actions">
        <button type="button" className="button" onClick={() => onBack(getValues())}>
          {t('claim.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={documentsUploading(documents)}>
          {t('claim.next')}
        </button>
      </div>
    </form>
  );
}
