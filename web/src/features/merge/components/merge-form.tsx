import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CAPTCHA_HEADER } from '@contract/captcha';
import { MERGE_APPLICATION_PATH, requestMergeInput, requestPublicMergeInput, requiredMergeDocuments, type MergeSignatureType, type RequestMergeValues } from '@contract/merge';
import { formatInsuranceNumber } from '@contract/svnr';
import { Captcha, type useCaptcha } from '../../../components/ui/captcha';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { FileUpload } from '../../../components/ui/file-upload';
import { Notice } from '../../../components/ui/notice';
import { SignatureField } from '../../../components/ui/signature-field';
import { TextField } from '../../../components/ui/text-field';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import mergeCatalogue from '@contract/i18n/de/merge.json';
import { requiredKey } from '../../../lib/forms/required-text';
import { useRequestMerge, useRequestPublicMerge } from '../api/request-merge';

/** The form's values: the public variant's (a superset; the logged-in rule ignores `emailConfirmation` and `captcha`). */
type FormInput = z.input<typeof requestPublicMergeInput>;

/** What the form answers once the request is stored. */
export interface SentMerge {
  submittedOn: string;
  accountNumbers: string[];
  targetAccountNumber: string;
}

/** What the public form answers once the request is stored: the day, the receipt's address and the files stored with it. */
export interface SentPublicMerge {
  submittedOn: string;
  email: string;
  fileCount: number;
}

/** Who sends: the logged-in member (prefilled, `requestMerge`) or a visitor without a login (captcha, `requestPublicMerge`). */
export type MergeFormSender =
  | { kind: 'member'; person: { firstName: string; lastName: string; svnr: string; email: string | null }; onSent: (sent: SentMerge) => void }
  | { kind: 'public'; captcha: ReturnType<typeof useCaptcha>; onSent: (sent: SentPublicMerge) => void };

const FIELDS = [
  'firstName',
  'lastName',
  'svnr',
  'email',
  'emailConfirmation',
  'captcha',
  'consent',
  'termsAccepted',
  'signatureType',
  'signature',
  'idCopyIds',
  'signedFormIds',
] as const;

/**
 * The merge request form (spec 001 section 5 "Merge and upload"): first and last name, SVNR and e-mail (prefilled
 * from the person when logged in), the signature type (digital on the signature pad, or by hand with the signed form
 * uploaded), the ID copy, consent and terms. The public variant (`sender.kind` 'public', "merge with upload") adds the
 * e-mail confirmation and the captcha, uploads its files on the public path with the captcha, and sends
 * `requestPublicMerge`. Checked by the contract's `requestMergeInput` / `requestPublicMergeInput` before sending
 * (react-hook-form + zod); the server checks again and its refusals appear at the fields or above the button.
 */
export function MergeForm({ sender }: { sender: MergeFormSender }) {
  const { t } = useTranslation();
  const [sendMember, memberState] = useRequestMerge();
  const [sendPublic, publicState] = useRequestPublicMerge();
  const loading = memberState.loading || publicState.loading;
  const [refusal, setRefusal] = useState<string | null>(null);
  const captcha = sender.kind === 'public' ? sender.captcha : null;
  const captchaValue = captcha?.value ?? null;
  const headers = useMemo(() => (captchaValue ? { [CAPTCHA_HEADER]: captchaValue } : undefined), [captchaValue]);
  // The public variant's files go the public path (purpose upload-form, bound to the captcha; decision 0024).
  const purpose = sender.kind === 'public' ? 'upload-form' : 'merge-document';
  const idCopy = useFileUpload(purpose, { max: 5, ...(headers ? { headers } : {}) });
  const signedForm = useFileUpload(purpose, { max: 5, ...(headers ? { headers } : {}) });
  const person = sender.kind === 'member' ? sender.person : null;
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, RequestMergeValues>({
    resolver: (sender.kind === 'public' ? zodResolver(requestPublicMergeInput) : zodResolver(requestMergeInput)) as unknown as Resolver<FormInput, unknown, RequestMergeValues>,
    defaultValues: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      svnr: person ? formatInsuranceNumber(person.svnr) : '',
      email: person?.email ?? '',
      emailConfirmation: '',
      captcha: '',
      consent: false,
      termsAccepted: false,
      signature: null,
      idCopyIds: [],
      signedFormIds: [],
    },
  });
  const signatureType = useWatch({ control, name: 'signatureType' }) as MergeSignatureType | undefined;
  const required = requiredMergeDocuments(signatureType);

  // The uploaded files' ids are form values, so the contract's rule sees them.
  useEffect(() => {
    setValue(
      'idCopyIds',
      idCopy.files.map((f) => f.id),
      { shouldValidate: isSubmitted },
    );
  }, [idCopy.files, isSubmitted, setValue]);
  useEffect(() => {
    setValue(
      'signedFormIds',
      signedForm.files.map((f) => f.id),
      { shouldValidate: isSubmitted },
    );
  }, [signedForm.files, isSubmitted, setValue]);

  useEffect(() => {
    setValue('captcha', captchaValue ?? '');
  }, [captchaValue, setValue]);

  // An empty field is named (`merge.required.<field>`); every other code has one text.
  const text = (code: string | undefined, field?: string) => {
    if (!code) return undefined;
    const named = code === 'REQUIRED' && field ? requiredKey('merge', mergeCatalogue.merge.required, field) : undefined;
    return t((named ?? `merge.field.${code}`) as 'merge.field.INVALID', { defaultValue: t('merge.field.INVALID') });
  };

  const onSubmit = async () => {
    setRefusal(null);
    const v = getValues();
    const digital = v.signatureType === 'DIGITAL';
    const input = {
      firstName: v.firstName,
      lastName: v.lastName,
      svnr: v.svnr,
      email: v.email,
      consent: v.consent === true,
      termsAccepted: v.termsAccepted === true,
      signatureType: v.signatureType as MergeSignatureType,
      signature:
        digital && v.signature ? (v.signature.kind === 'DRAWN' ? { kind: 'DRAWN' as const, png: v.signature.png } : { kind: 'TYPED' as const, name: v.signature.name }) : null,
      idCopyIds: v.idCopyIds ?? [],
      signedFormIds: digital ? [] : (v.signedFormIds ?? []),
    };
    try {
      let answer;
      if (sender.kind === 'public') {
        const { data } = await sendPublic({ variables: { input: { ...input, emailConfirmation: v.emailConfirmation, captcha: v.captcha } } });
        answer = data?.requestPublicMerge;
        if (answer?.ok) return sender.onSent(answer.ok);
        // A used, expired or failed captcha, or files it does not hold: a new captcha, and the files again.
        if (answer?.error && (answer.error.code.startsWith('CAPTCHA_') || answer.error.code === 'ERROR_UPLOAD')) {
          idCopy.reset();
          signedForm.reset();
          void sender.captcha.renew();
        }
      } else {
        const { data } = await sendMember({ variables: { input } });
        answer = data?.requestMerge;
        if (answer?.ok) return sender.onSent(answer.ok.request);
      }
      const fieldErrors = answer?.error?.fieldErrors ?? [];
      for (const e of fieldErrors) if ((FIELDS as readonly string[]).includes(e.field)) setError(e.field as FieldPath<FormInput>, { type: 'server', message: e.code });
      if (answer?.error?.code !== 'ERROR_INVALID_INPUT' || fieldErrors.length === 0) {
        // RATE_LIMITED: the server's text names the time to wait (decision 0041).
        if (answer?.error?.code === 'RATE_LIMITED') setRefusal(answer.error.message);
        else setRefusal(answer?.error?.code ? t(`merge.error.${answer.error.code}`, { defaultValue: t('merge.error.global') }) : t('merge.error.global'));
      }
    } catch {
      setRefusal(t('merge.error.global'));
    }
  };

  return (
    <form className="card merge-card" noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading} aria-labelledby="merge-form-heading">
      <h2 id="merge-form-heading">{t('merge.form.heading')}</h2>
      <p className="muted">{t('merge.form.intro')}</p>
      <div className="merge-names">
        <TextField
          label={t('merge.form.firstName')}
          autoComplete="given-name"
          maxLength={60}
          registration={register('firstName')}
          error={text(errors.firstName?.message, 'firstName')}
        />
        <TextField
          label={t('merge.form.lastName')}
          autoComplete="family-name"
          maxLength={60}
          registration={register('lastName')}
          error={text(errors.lastName?.message, 'lastName')}
        />
      </div>
      <TextField
        label={t('merge.form.svnr')}
        hint={t('merge.form.svnrHint')}
        inputMode="numeric"
        maxLength={14}
        registration={register('svnr')}
        error={text(errors.svnr?.message, 'svnr')}
      />
      <TextField
        label={t('merge.form.email')}
        hint={t('merge.form.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={100}
        registration={register('email')}
        error={text(errors.email?.message, 'email')}
      />
      {captcha ? (
        <TextField
          label={t('merge.public.emailConfirmation')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={100}
          registration={register('emailConfirmation')}
          error={text(errors.emailConfirmation?.message, 'emailConfirmation')}
        />
      ) : null}
      <Controller
        control={control}
        name="signatureType"
        render={({ field }) => (
          <ChoiceGroup<MergeSignatureType>
            legend={t('merge.form.signatureType.legend')}
            value={(field.value as MergeSignatureType | undefined) ?? null}
            onChange={field.onChange}
            choices={(['DIGITAL', 'HANDWRITTEN'] as const).map((value) => ({
              value,
              label: t(`merge.form.signatureType.${value}`),
              hint: t(`merge.form.signatureType.${value}_hint`),
            }))}
          />
        )}
      />
      {errors.signatureType ? (
        <p className="field__error" role="alert">
          {text(errors.signatureType.message, 'signatureType')}
        </p>
      ) : null}
      {signatureType === 'HANDWRITTEN' ? (
        <section className="merge-printable" aria-labelledby="merge-printable-heading">
          <h3 id="merge-printable-heading" className="merge-printable__heading">
            {t('merge.form.printable.heading')}
          </h3>
          <ol className="merge-printable__steps">
            <li>
              {t('merge.form.printable.stepDownload')}{' '}
              <a href={captcha ? `${MERGE_APPLICATION_PATH}?blank=1` : MERGE_APPLICATION_PATH} download>
                {t(captcha ? 'merge.form.printable.linkBlank' : 'merge.form.printable.link')}
              </a>
            </li>
            <li>{t('merge.form.printable.stepSign')}</li>
            <li>{t('merge.form.printable.stepUpload')}</li>
          </ol>
        </section>
      ) : null}
      {signatureType === 'DIGITAL' ? <SignatureField control={control} legend={t('merge.form.signature.legend')} error={text(errors.signature?.message, 'signature')} /> : null}
      <fieldset className="document-fieldset">
        <legend className="document-fieldset__legend">{t('merge.form.documents.heading')}</legend>
        <p className="muted">
          {t('merge.form.documents.intro')}
          {/* Asked for only while the check is not done, never beside "abgeschlossen". */}
          {captcha && captcha.status !== 'solved' ? ` ${t('merge.public.solveCaptchaFirst')}` : null}
        </p>
        {captcha ? <Captcha captcha={captcha} fieldError={text(errors.captcha?.message, 'captcha')} /> : null}
        <FileUpload
          label={t('merge.form.documents.idCopyIds')}
          purpose={purpose}
          disabled={captcha ? captcha.status !== 'solved' : false}
          downloadable={!captcha}
          upload={idCopy}
          fieldError={idCopy.files.length > 0 ? undefined : text(errors.idCopyIds?.message, 'idCopyIds')}
        />
        {required.includes('signedFormIds') ? (
          <FileUpload
            label={t('merge.form.documents.signedFormIds')}
            purpose={purpose}
            disabled={captcha ? captcha.status !== 'solved' : false}
            downloadable={!captcha}
            upload={signedForm}
            fieldError={signedForm.files.length > 0 ? undefined : text(errors.signedFormIds?.message, 'signedFormIds')}
          />
        ) : null}
      </fieldset>
      <Controller control={control} name="consent" render={({ field }) => <Checkbox label={t('merge.form.consent')} checked={field.value === true} onChange={field.onChange} />} />
      {errors.consent ? (
        <p className="field__error" role="alert">
          {text(errors.consent.message)}
        </p>
      ) : null}
      <Controller
        control={control}
        name="termsAccepted"
        render={({ field }) => <Checkbox label={t('merge.form.terms')} checked={field.value === true} onChange={field.onChange} />}
      />
      {errors.termsAccepted ? (
        <p className="field__error" role="alert">
          {text(errors.termsAccepted.message)}
        </p>
      ) : null}
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <div className="merge-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={loading || idCopy.progress !== null || signedForm.progress !== null || (captcha !== null && captcha.status !== 'solved')}
        >
          {t('merge.form.send')}
        </button>
      </div>
    </form>
  );
}
