import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Notice } from '../../../components/ui/notice';
import { SignatureField } from '../../../components/ui/signature-field';
import type { SignatureValue } from '@contract/signature';
import { TextField } from '../../../components/ui/text-field';
import { useSubmitSeveranceClaim } from '../api/submit-severance-claim';
import type { ClaimAccount, ClaimDraft, SentClaim } from './claim-draft';
import { PayoutAmounts, payoutAmounts, sentPayoutAmounts } from './payout-amounts';
import { claimFieldText } from './field-error';
import { documentIdsOf, type ClaimDocuments } from './claim-documents';
import { offeredClaimDocuments } from '@contract/claims';

interface ConfirmValues {
  confirmed: boolean;
  currentPassword: string;
  signature: SignatureValue | null;
}

/**
 * Step 3 of `/gm`: the summary of steps 1 and 2, the amounts of a payout, the confirmation and, for a payout, the
 * current password (step-up, server/modules/session/step-up.ts; the server decides whether a recent eID login stands in).
 * The server's refusals are shown with their catalogue texts; "already submitted recently" stays on this step.
 */
export function ConfirmStep({
  account,
  draft,
  documents,
  onBack,
  onSent,
}: {
  account: ClaimAccount;
  draft: ClaimDraft;
  documents: ClaimDocuments;
  onBack: () => void;
  onSent: (claim: SentClaim) => void;
}) {
  const { t } = useTranslation();
  const [submit, { loading }] = useSubmitSeveranceClaim();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<ConfirmValues>({ defaultValues: { confirmed: false, currentPassword: '', signature: null } });
  const { errors } = formState;
  const option = draft.option!;
  const payout = option === 'PAYOUT';

  const onSubmit = async (values: ConfirmValues) => {
    setRefusal(null);
    if (!values.signature) setError('signature', { type: 'rule', message: 'SIGNATURE_EMPTY' });
    if (!values.confirmed) setError('confirmed', { type: 'rule', message: 'NOT_CONFIRMED' });
    if (!values.signature || !values.confirmed) return;
    try {
      const { data } = await submit({
        variables: {
          input: {
            accountId: draft.accountId,
            option,
            institutionName: draft.institutionName || null,
            policyNumber: draft.policyNumber || null,
            payoutType: payout ? draft.payoutType : null,
            iban: draft.iban || null,
            bic: draft.bic || null,
            street: draft.street || null,
            postcode: draft.postcode || null,
            city: draft.city || null,
            country: payout && draft.payoutType === 'CASH_ORDER' ? 'AT' : null,
            confirmed: true,
            currentPassword: payout ? values.currentPassword : null,
            signature: values.signature.kind === 'DRAWN' ? { kind: 'DRAWN', png: values.signature.png } : { kind: 'TYPED', name: values.signature.name },
            ...documentIdsOf(documents, option, payout ? draft.payoutType : null),
          },
        },
      });
      const answer = data?.submitSeveranceClaim;
      if (answer?.ok) {
        const { claim } = answer.ok;
        return onSent({
          option,
          submittedOn: claim.submittedOn,
          dueDate: claim.dueDate,
          payoutType: payout ? draft.payoutType : null,
          amounts: payout ? sentPayoutAmounts(claim) : null,
        });
      }
      const password = answer?.error?.fieldErrors.find((e) => e.field === 'currentPassword');
      const signature = answer?.error?.fieldErrors.find((e) => e.field === 'signature');
      if (password) setError('currentPassword', { type: 'server', message: password.code }, { shouldFocus: true });
      else if (signature) setError('signature', { type: 'server', message: signature.code });
      else
        setRefusal(
          answer?.error?.code && answer.error.code !== 'ERROR_INVALID_INPUT'
            ? t(`claim.error.${answer.error.code}`, { defaultValue: t('claim.error.global') })
            : t('claim.error.global'),
        );
    } catch {
      setRefusal(t('claim.error.global'));
    }
  };

  const rows: Array<[string, string]> = [
    [t('claim.summary.account'), account.accountNumber],
    [t('claim.summary.option'), t(`claim.option.${option}`)],
  ];
  if (draft.institutionName && option !== 'KEEP' && !payout) rows.push([t('claim.summary.institution'), draft.institutionName]);
  if (option === 'TRANSFER_SUPPLEMENTARY_INSURANCE') rows.push([t('claim.summary.policyNumber'), draft.policyNumber]);
  if (payout && draft.payoutType) rows.push([t('claim.summary.payoutType'), t(`claim.payoutType.${draft.payoutType}`)]);
  if (payout && draft.payoutType === 'BANK_TRANSFER') {
    rows.push([t('claim.summary.iban'), draft.iban]);
    if (draft.bic) rows.push([t('claim.summary.bic'), draft.bic]);
  }
  if (payout && draft.payoutType === 'CASH_ORDER') rows.push([t('claim.summary.address'), `${draft.street}, ${draft.postcode} ${draft.city}`]);
  if (option !== 'KEEP') {
    for (const field of offeredClaimDocuments(option, payout ? draft.payoutType : null)) {
      const files = documents[field].files;
      rows.push([
        t(`claim.documents.${field}`),
        files.length === 0 ? t('claim.documents.none') : t('claim.documents.summary', { count: files.length, names: files.map((f) => f.fileName).join(', ') }),
      ]);
    }
  }

  return (
    <form className="card claim-card" noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading}>
      <h2>{t('claim.steps.confirm')}</h2>
      <h3>{t('claim.summary.heading')}</h3>
      <dl className="claim-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="claim-summary__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {payout ? <PayoutAmounts amounts={payoutAmounts(account, draft.payoutType)} payoutType={draft.payoutType} /> : null}
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <SignatureField control={control} legend={t('claim.signature.legend')} error={claimFieldText(t, errors.signature?.message)} />
      <Controller control={control} name="confirmed" render={({ field }) => <Checkbox label={t('claim.confirmed')} checked={field.value} onChange={field.onChange} />} />
      {errors.confirmed ? (
        <p className="field__error" role="alert">
          {claimFieldText(t, errors.confirmed.message)}
        </p>
      ) : null}
      {payout ? (
        <TextField
          label={t('claim.stepUp.currentPassword')}
          hint={t('claim.stepUp.hint')}
          type="password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={claimFieldText(t, errors.currentPassword?.message, 'currentPassword')}
        />
      ) : null}
      <div className="claim-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('claim.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('claim.send')}
        </button>
      </div>
    </form>
  );
}
