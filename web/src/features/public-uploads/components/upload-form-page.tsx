import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CAPTCHA_HEADER } from '@contract/captcha';
import { UPLOAD_FORM_MAX_FILES, UPLOAD_FORM_MESSAGE_MAX, UPLOAD_FORM_NAME_MAX, type UploadFormInput } from '@contract/public-uploads';
import { Captcha, useCaptcha } from '../../../components/ui/captcha';
import { FileUpload } from '../../../components/ui/file-upload';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSubmitUploadForm } from '../api/submit-upload-form';
import '../upload-form.css';

/** The form's own fields: what it sends but the uploads and the captcha, which come from their widgets. */
type Values = Omit<UploadFormInput, 'fileIds' | 'captcha'>;

type FieldName = keyof Values | 'fileIds' | 'captcha';

/**
 * /upload-formular, the plain upload form (spec 000 routes table; spec 001 sections 5 and 8; decision 0024): public,
 * also for a logged-in member. The captcha is solved in the browser when the page opens; each chosen file is then
 * uploaded at once (progress shown) with that captcha, and sending the form uses the captcha up. Refusals appear at
 * their field, form-level ones (maintenance, technical error) above the button.
 */
export function UploadFormPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('uploadForm.title'));
  const captcha = useCaptcha();
  const headers = useMemo(() => (captcha.value ? { [CAPTCHA_HEADER]: captcha.value } : undefined), [captcha.value]);
  const upload = useFileUpload('upload-form', { max: UPLOAD_FORM_MAX_FILES, ...(headers ? { headers } : {}) });
  const [submit, { loading }] = useSubmitUploadForm();
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: { firstName: '', lastName: '', svnr: '', email: '', emailConfirmation: '', message: '', termsAccepted: false },
  });

  useEffect(() => {
    if (sentTo) doneHeading.current?.focus();
  }, [sentTo]);

  const onSubmit = async (values: Values) => {
    setServerErrors({});
    setFormError(null);
    try {
      const { data } = await submit({ variables: { input: { ...values, fileIds: upload.files.map((f) => f.id), captcha: captcha.value ?? '' } } });
      const result = data?.submitUploadForm;
      if (result?.ok) {
        setSentTo(result.ok.email);
        reset();
        upload.reset();
        void captcha.renew();
        return;
      }
      const error = result?.error;
      if (!error) throw new Error('submitUploadForm gave no answer');
      const byField: Partial<Record<FieldName, string>> = {};
      for (const f of error.fieldErrors) byField[f.field as FieldName] ??= f.message;
      if (error.code.startsWith('CAPTCHA_') || error.code === 'UPLOAD_ERROR') {
        byField[error.code === 'UPLOAD_ERROR' ? 'fileIds' : 'captcha'] = error.message;
        upload.reset();
        void captcha.renew();
      }
      setServerErrors(byField);
      if (error.fieldErrors.length === 0 && !byField.captcha && !byField.fileIds) setFormError(error.message);
    } catch {
      setFormError(t('uploadForm.error.TECHNICAL_ERROR'));
    }
  };

  if (sentTo) {
    return (
      <div className="card upload-form-page">
        <h1 ref={doneHeading} tabIndex={-1}>
          {t('uploadForm.success.title')}
        </h1>
        <Notice tone="success">{t('uploadForm.success.text', { email: sentTo })}</Notice>
        <button type="button" className="button button--primary" onClick={() => setSentTo(null)}>
          {t('uploadForm.success.again')}
        </button>
      </div>
    );
  }

  return (
    <div className="card upload-form-page">
      <h1 tabIndex={-1}>{t('uploadForm.title')}</h1>
      <p className="lead">{t('uploadForm.intro')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading}>
        <div className="upload-form-page__row">
          <TextField
            label={t('uploadForm.firstName')}
            registration={register('firstName')}
            error={serverErrors.firstName}
            autoComplete="given-name"
            maxLength={UPLOAD_FORM_NAME_MAX}
          />
          <TextField
            label={t('uploadForm.lastName')}
            registration={register('lastName')}
            error={serverErrors.lastName}
            autoComplete="family-name"
            maxLength={UPLOAD_FORM_NAME_MAX}
          />
        </div>
        <TextField
          label={t('uploadForm.svnr')}
          hint={t('uploadForm.svnrHint')}
          registration={register('svnr')}
          error={serverErrors.svnr}
          autoComplete="off"
          maxLength={16}
          narrow
        />
        <TextField label={t('uploadForm.email')} type="email" inputMode="email" registration={register('email')} error={serverErrors.email} autoComplete="email" maxLength={100} />
        <TextField
          label={t('uploadForm.emailConfirmation')}
          type="email"
          inputMode="email"
          registration={register('emailConfirmation')}
          error={serverErrors.emailConfirmation}
          autoComplete="email"
          maxLength={100}
        />
        <div className={serverErrors.message ? 'field field--invalid' : 'field'}>
          <label htmlFor="upload-form-message" className="field__label">
            {t('uploadForm.message')}
          </label>
          <textarea
            id="upload-form-message"
            className="field__input"
            rows={4}
            maxLength={UPLOAD_FORM_MESSAGE_MAX}
            aria-invalid={Boolean(serverErrors.message)}
            aria-describedby={serverErrors.message ? 'upload-form-message-error' : undefined}
            {...register('message')}
          />
          {serverErrors.message ? (
            <p id="upload-form-message-error" className="field__error">
              {serverErrors.message}
            </p>
          ) : null}
        </div>
        <Captcha captcha={captcha} fieldError={serverErrors.captcha} />
        <FileUpload
          label={t('uploadForm.files')}
          purpose="upload-form"
          upload={upload}
          fieldError={serverErrors.fileIds}
          disabled={captcha.status !== 'solved'}
          downloadable={false}
        />
        <div className={serverErrors.termsAccepted ? 'field field--invalid checkbox' : 'checkbox'}>
          <input
            id="upload-form-terms"
            type="checkbox"
            aria-invalid={Boolean(serverErrors.termsAccepted)}
            aria-describedby={serverErrors.termsAccepted ? 'upload-form-terms-error' : undefined}
            {...register('termsAccepted')}
          />
          <div>
            <label htmlFor="upload-form-terms">{t('uploadForm.terms')}</label>{' '}
            <Link to={paths.nutzung.getHref()} target="_blank" rel="noopener">
              {t('uploadForm.termsLink')}
              <span className="visually-hidden"> {t('layout.newTab')}</span>
            </Link>
            {serverErrors.termsAccepted ? (
              <p id="upload-form-terms-error" className="field__error">
                {serverErrors.termsAccepted}
              </p>
            ) : null}
          </div>
        </div>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={loading || upload.progress !== null || captcha.status !== 'solved'}>
          {loading ? t('uploadForm.sending') : t('uploadForm.submit')}
        </button>
      </form>
    </div>
  );
}
