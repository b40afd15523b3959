import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { passwordLostSchema, type PasswordLostFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { ErrorSummary } from './error-summary';
import { applyServerFieldErrors } from './form-errors';
import { BackToLogin, EmailField, LastNameField, SubmitAction, SvnrField, TermsField } from './registration-fields';
import './registration.css';
import { useFormSummary } from './use-form-summary';

const ID = {
  svnr: 'pwd-lost-svnr',
  email: 'pwd-lost-email',
  lastName: 'pwd-lost-last-name',
  termsAccepted: 'pwd-lost-terms',
} as const;
const FIELDS = ['svnr', 'email', 'lastName', 'termsAccepted'] as const;

/** Answers that end the form with a panel of their own (the variants of spec 001 section 2). */
type Outcome = 'SUCCESSFUL' | 'LETTER_SENT' | 'MAIL_NOT_FOUND' | 'REGISTRATION_CODE_NEEDED';
/** Answers shown as a message about the whole form. */
type FormStatus = 'ERROR_ALREADY_REQUESTED' | 'ERROR_ALREADY_REQUESTED_LETTER' | 'ERROR_NO_VALID_CONTRACT' | 'ERROR_NO_ACTIVE_ACCESS' | 'MAINTENANCE' | 'ERROR';

function isOutcome(status: string): status is Outcome {
  return status === 'SUCCESSFUL' || status === 'LETTER_SENT' || status === 'MAIL_NOT_FOUND' || status === 'REGISTRATION_CODE_NEEDED';
}

const FORM_STATUSES: readonly string[] = ['ERROR_ALREADY_REQUESTED', 'ERROR_NO_VALID_CONTRACT', 'ERROR_NO_ACTIVE_ACCESS', 'MAINTENANCE'] satisfies FormStatus[];
/** A refusal with its own message; any other code (a newer server's) shows the generic ERROR text. */
const formStatusOf = (code: string): FormStatus => (FORM_STATUSES.includes(code) ? (code as FormStatus) : 'ERROR');

/**
 * /pwdLost (spec 001 sections 2, 5 and 8 "Password lost"): social insurance number, e-mail, last name and the terms;
 * `requestPasswordReset` mails a reset link (24 hours). Variants: the access has no e-mail ("mail not found": a
 * first password by post, with which the member registers again and adds the address), the person has no access yet
 * ("registration code": registration or ordering a code). Number not found and a differing e-mail are shown at their
 * fields; the other answers above the form.
 */
export function PwdLostPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('registration.pwdLost.pageTitle'));
  const [request, { loading }] = useRequestPasswordReset();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formStatus, setFormStatus] = useState<FormStatus | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  const {
    register: field,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<PasswordLostFormInput>({
    resolver: zodResolver(passwordLostSchema),
    defaultValues: { svnr: '', email: '', lastName: '', termsAccepted: false },
    shouldFocusError: false,
  });
  const formProblem = formStatus ? t(`registration.pwdLost.status.${formStatus}`) : null;
  const summary = useFormSummary<PasswordLostFormInput>({ errors, fields: FIELDS.map((name) => ({ name, id: ID[name] })), formProblem });

  useEffect(() => {
    if (outcome) outcomeHeading.current?.focus();
  }, [outcome]);

  const send = async (values: PasswordLostFormInput, addEmail: boolean) => {
    setFormStatus(null);
    try {
      const { data } = await request({
        variables: {
          input: {
            svnr: values.svnr,
            email: values.email,
            lastName: values.lastName,
            termsAccepted: values.termsAccepted === true,
            addEmail,
          },
        },
      });
      const result = data?.requestPasswordReset;
      if (!result) throw new Error('requestPasswordReset gave no answer');
      const status = result.ok?.status ?? result.error?.code ?? 'ERROR';
      if (isOutcome(status)) {
        summary.reset();
        setOutcome(status);
        return;
      }
      setOutcome(null);
      if (status === 'INVALID_INPUT') applyServerFieldErrors(result.error?.fieldErrors ?? [], FIELDS, setError);
      else if (status === 'ERROR_NOT_FOUND') setError('svnr', { type: 'server', message: 'registration.pwdLost.status.ERROR_NOT_FOUND' });
      else if (status === 'ERROR_MAIL_DIFFERS') setError('email', { type: 'server', message: 'registration.pwdLost.status.ERROR_MAIL_DIFFERS' });
      // A repeated request by e-mail mentions the e-mail only; with "add e-mail" it was a letter.
      else if (status === 'ERROR_ALREADY_REQUESTED' && addEmail) setFormStatus('ERROR_ALREADY_REQUESTED_LETTER');
      else setFormStatus(formStatusOf(status));
      summary.failed();
    } catch {
      setFormStatus('ERROR');
      summary.failed();
    }
  };

  const outcomePanel = (heading: string, body: ReactNode) => (
    <section aria-labelledby="pwd-lost-outcome">
      <h2 id="pwd-lost-outcome" ref={outcomeHeading} tabIndex={-1}>
        {heading}
      </h2>
      {body}
    </section>
  );

  const renderOutcome = (value: Outcome) => {
    switch (value) {
      case 'SUCCESSFUL':
        return outcomePanel(t('registration.pwdLost.sentHeading'), <Notice tone="success">{t('registration.pwdLost.sent')}</Notice>);
      case 'LETTER_SENT':
        return outcomePanel(t('registration.pwdLost.letterHeading'), <Notice tone="success">{t('registration.pwdLost.letter')}</Notice>);
      case 'MAIL_NOT_FOUND':
        return outcomePanel(
          t('registration.pwdLost.mailNotFoundHeading'),
          <>
            <p>{t('registration.pwdLost.mailNotFound')}</p>
            <div className="registration-actions">
              <button type="button" className="button button--primary" disabled={loading} onClick={() => void send(getValues(), true)}>
                {t('registration.pwdLost.addEmail')}
              </button>
            </div>
          </>,
        );
      case 'REGISTRATION_CODE_NEEDED':
        return outcomePanel(
          t('registration.pwdLost.registrationCodeHeading'),
          <>
            <p>{t('registration.pwdLost.registrationCode')}</p>
            <div className="registration-actions">
              <Link className="button button--primary" to={paths.registration.getHref()}>
                {t('registration.pwdLost.toRegistration')}
              </Link>
              <Link className="button button--secondary" to={paths.orderRegistrationCode.getHref()}>
                {t('registration.pwdLost.toOrderCode')}
              </Link>
            </div>
          </>,
        );
    }
  };

  return (
    <div className="card registration-page">
      <h1 tabIndex={-1}>{t('registration.pwdLost.heading')}</h1>
      {outcome ? (
        <>
          {formProblem ? <Notice tone="error">{formProblem}</Notice> : null}
          {renderOutcome(outcome)}
        </>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(
            (values) => send(values, false),
            () => summary.failed(),
          )}
          aria-busy={loading}
        >
          <ErrorSummary items={summary.items} focusKey={summary.attempt} />
          <p className="lead">{t('registration.pwdLost.intro')}</p>
          <SvnrField id={ID.svnr} field={field('svnr')} error={summary.fieldError('svnr')} />
          <EmailField id={ID.email} label={t('registration.field.email')} field={field('email')} error={summary.fieldError('email')} />
          <LastNameField id={ID.lastName} field={field('lastName')} error={summary.fieldError('lastName')} />
          <TermsField id={ID.termsAccepted} field={field('termsAccepted')} error={summary.fieldError('termsAccepted')} />
          <SubmitAction label={t('registration.pwdLost.submit')} busy={loading} />
        </form>
      )}
      <BackToLogin />
      {loading ? <BusyOverlay label={t('registration.pwdLost.busy')} /> : null}
    </div>
  );
}
