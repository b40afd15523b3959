import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { registerSchema, type RegisterFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCheckRegistration, useRegister } from '../api/register';
import { ErrorSummary } from './error-summary';
import { applyServerFieldErrors } from './form-errors';
import { PasswordField, TextField } from './form-fields';
import { PasswordChecklist } from './password-checklist';
import { BackToLogin, CodeKindChoice, EmailField, SvnrField, TermsField } from './registration-fields';
import './registration.css';
import { Steps } from './steps';
import { useFormSummary } from './use-form-summary';

type Stage = 'data' | 'terms' | 'verify';
type CodeKind = 'REGISTRATION_CODE' | 'FIRST_PASSWORD';

const ID = {
  svnr: 'registration-svnr',
  code: 'registration-code',
  email: 'registration-email',
  emailConfirmation: 'registration-email-confirmation',
  password: 'registration-password',
  passwordConfirmation: 'registration-password-confirmation',
  passwordRules: 'registration-password-rules',
  termsAccepted: 'registration-terms',
} as const;

/** The fields of step 1 in screen order; `termsAccepted` is on step 2. */
const DATA_FIELDS = ['svnr', 'code', 'email', 'emailConfirmation', 'password', 'passwordConfirmation'] as const satisfies readonly Path<RegisterFormInput>[];
const ALL_FIELDS = [...DATA_FIELDS, 'termsAccepted'] as const;

/** The GraphQL `RegisterInput` of the form's values. */
function registerInput(values: RegisterFormInput) {
  return {
    svnr: values.svnr,
    code: values.code,
    email: values.email,
    emailConfirmation: values.emailConfirmation,
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    termsAccepted: values.termsAccepted === true,
  };
}

/** Statuses shown as a message about the whole form. */
type FormStatus = 'ERROR_NO_VALID_CONTRACT' | 'MAINTENANCE' | 'ERROR';

/**
 * /registration (spec 001 sections 2, 4, 5 and 8): first registration with the social insurance number and the
 * registration code or first password from the letter.
 * 1. Enter data: SVNR (check digit), code or first password, e-mail twice, password twice with the live rules.
 * 2. Terms of use: the main points, a link to the full text, the acceptance checkbox; submit calls `register`.
 * 3. E-mail verification notice: the activation link (48 hours) went to the address; it opens /activation.
 * 4. Already registered (ALREADY_REGISTERED): a modal dialog leading to the login or password lost.
 * 5. Success: the activation link's login page confirms the activated access.
 * The rules are the shared zod schema of the server (`registerSchema`); the server's field errors and statuses are
 * shown at the field they concern (`aria-invalid`, `aria-describedby`) and in a summary that takes the focus.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('registration.pageTitle'));
  const [stage, setStage] = useState<Stage>('data');
  const [codeKind, setCodeKind] = useState<CodeKind>('REGISTRATION_CODE');
  const [codeStatus, setCodeStatus] = useState<'ERROR_CODE_INVALID' | 'ERROR_CODE_USED' | null>(null);
  const [formStatus, setFormStatus] = useState<FormStatus | null>(null);
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState('');
  const [register, { loading: registering }] = useRegister();
  const [checkRegistration, { loading: checking }] = useCheckRegistration();
  const loading = registering || checking;

  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { svnr: '', code: '', email: '', emailConfirmation: '', password: '', passwordConfirmation: '', termsAccepted: false },
    shouldFocusError: false,
  });
  const {
    register: field,
    handleSubmit,
    trigger,
    setError,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';
  const typedSvnr = useWatch({ control, name: 'svnr' }) ?? '';

  // A new step moves the focus to its heading, so screen readers announce it (a route change does this in Root).
  // Going back to step 1 because of errors focuses the error summary instead.
  const stageHeading = useRef<HTMLHeadingElement>(null);
  const firstStage = useRef(true);
  const [stageFocus, setStageFocus] = useState<'heading' | 'summary'>('heading');
  useEffect(() => {
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    if (stageFocus === 'heading') stageHeading.current?.focus();
  }, [stage, stageFocus]);

  const formProblem = formStatus ? t(`registration.status.${formStatus}`) : null;
  const summary = useFormSummary<RegisterFormInput>({
    errors,
    fields: (stage === 'terms' ? ['termsAccepted' as const] : DATA_FIELDS).map((name) => ({ name, id: ID[name] })),
    formProblem,
  });

  const stepIndex = stage === 'data' ? 0 : stage === 'terms' ? 1 : 2;
  const steps = [
    { key: 'data', label: t('registration.steps.data') },
    { key: 'terms', label: t('registration.steps.terms') },
    { key: 'verify', label: t('registration.steps.verify') },
    { key: 'done', label: t('registration.steps.done') },
  ];

  const goToData = () => {
    if (stage !== 'data') setStageFocus('summary');
    setStage('data');
    summary.failed();
  };

  /** Shows a refusal of `checkRegistration` or `register` where it belongs (field, code links, dialog, form). */
  const showRefusal = (error: { code: string; fieldErrors: ReadonlyArray<{ field: string; code: string }> } | null) => {
    const { code, fieldErrors } = error ?? { code: 'ERROR', fieldErrors: [] };
    switch (code) {
      case 'ALREADY_REGISTERED':
        setAlreadyRegistered(true);
        return;
      case 'INVALID_INPUT': {
        applyServerFieldErrors(fieldErrors, ALL_FIELDS, setError);
        const onData = fieldErrors.some((error) => (DATA_FIELDS as readonly string[]).includes(error.field));
        if (onData) goToData();
        else summary.failed();
        return;
      }
      case 'ERROR_CODE_INVALID':
      case 'ERROR_CODE_USED':
        setCodeStatus(code);
        setError('code', { type: 'server', message: `registration.status.${code}` });
        goToData();
        return;
      case 'ERROR_NO_VALID_CONTRACT':
      case 'MAINTENANCE':
        setFormStatus(code);
        summary.failed();
        return;
      default:
        setFormStatus('ERROR');
        summary.failed();
    }
  };

  /** Step 1 done: the form's rules, then the server's checks (code, password with name/e-mail/SVNR, e-mail taken). */
  const onNext = async () => {
    setFormStatus(null);
    setCodeStatus(null);
    if (!(await trigger([...DATA_FIELDS]))) {
      summary.failed();
      return;
    }
    try {
      const { data } = await checkRegistration({ variables: { input: registerInput(form.getValues()) } });
      const result = data?.checkRegistration;
      if (!result) throw new Error('checkRegistration gave no answer');
      if (result.ok) {
        summary.reset();
        setStageFocus('heading');
        setStage('terms');
        return;
      }
      showRefusal(result.error);
    } catch {
      setFormStatus('ERROR');
      summary.failed();
    }
  };

  const onSubmit = async (values: RegisterFormInput) => {
    setFormStatus(null);
    setCodeStatus(null);
    try {
      const { data } = await register({ variables: { input: registerInput(values) } });
      const result = data?.register;
      if (!result) throw new Error('register gave no answer');
      if (result.ok) {
        setRegisteredEmail(values.email.trim());
        summary.reset();
        setStageFocus('heading');
        setStage('verify');
        return;
      }
      showRefusal(result.error);
    } catch {
      setFormStatus('ERROR');
      summary.failed();
    }
  };

  const onInvalid = (invalid: FieldErrors<RegisterFormInput>) => {
    const dataInvalid = DATA_FIELDS.some((name) => invalid[name]);
    if (dataInvalid) goToData();
    else summary.failed();
  };

  const codeLabel = codeKind === 'REGISTRATION_CODE' ? t('registration.field.code') : t('registration.field.firstPassword');
  const codeHint = codeKind === 'REGISTRATION_CODE' ? t('registration.field.codeHint') : t('registration.field.firstPasswordHint');
  const codeField = field('code', {
    onChange: () => setCodeStatus(null),
  });

  return (
    <div className="card registration-page">
      <h1 tabIndex={-1}>{t('registration.heading')}</h1>
      <Steps steps={steps} current={stepIndex} />

      {stage === 'verify' ? (
        <section className="result-panel" aria-labelledby="registration-verify-title">
          <h2 id="registration-verify-title" ref={stageHeading} tabIndex={-1}>
            {t('registration.verify.heading')}
          </h2>
          <Notice tone="success">{t('registration.verify.text', { email: registeredEmail })}</Notice>
          <p>{t('registration.verify.spam')}</p>
          <p>{t('registration.verify.after')}</p>
          <Link className="button button--primary" to={paths.login.getHref()}>
            {t('registration.verify.toLogin')}
          </Link>
        </section>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-busy={loading}>
          <ErrorSummary items={summary.items} focusKey={summary.attempt} />
          {formStatus && summary.items.length === 0 ? <Notice tone="error">{formProblem}</Notice> : null}

          <div hidden={stage !== 'data'}>
            <h2 className="visually-hidden" ref={stage === 'data' ? stageHeading : undefined} tabIndex={-1}>
              {t('registration.steps.data')}
            </h2>
            <p className="lead">{t('registration.intro')}</p>
            <SvnrField id={ID.svnr} field={field('svnr')} error={summary.fieldError('svnr')} />
            <CodeKindChoice texts="registration.field.codeKind" value={codeKind} onChange={setCodeKind} />
            <TextField
              id={ID.code}
              label={codeLabel}
              hint={codeHint}
              error={summary.fieldError('code')}
              field={codeField}
              autoComplete="off"
              extraDescribedBy={codeStatus ? `${ID.code}-links` : undefined}
            />
            {codeStatus && errors.code ? (
              <p id={`${ID.code}-links`} className="field__links">
                {codeStatus === 'ERROR_CODE_INVALID' ? <>{t('registration.status.codeInvalidRegistered')} </> : null}
                <Link to={paths.orderRegistrationCode.getHref()}>{t('registration.status.codeInvalidOrder')}</Link>
                <Link to={paths.pwdLost.getHref()}>{t('registration.status.codeInvalidPwdLost')}</Link>
              </p>
            ) : null}
            <EmailField id={ID.email} label={t('registration.field.email')} hint={t('registration.field.emailHint')} field={field('email')} error={summary.fieldError('email')} />
            <EmailField
              id={ID.emailConfirmation}
              label={t('registration.field.emailConfirmation')}
              field={field('emailConfirmation')}
              error={summary.fieldError('emailConfirmation')}
            />
            <PasswordField
              id={ID.password}
              label={t('registration.field.password')}
              error={summary.fieldError('password')}
              field={field('password')}
              autoComplete="new-password"
              extraDescribedBy={ID.passwordRules}
              after={<PasswordChecklist id={ID.passwordRules} password={password} personal={{ email: typedEmail, svnr: typedSvnr }} />}
            />
            <PasswordField
              id={ID.passwordConfirmation}
              label={t('registration.field.passwordConfirmation')}
              error={summary.fieldError('passwordConfirmation')}
              field={field('passwordConfirmation')}
              autoComplete="new-password"
            />
            <div className="registration-actions">
              <button type="button" className="button button--primary" onClick={() => void onNext()}>
                {t('registration.next')}
              </button>
            </div>
          </div>

          <div hidden={stage !== 'terms'} className="registration-terms">
            <h2 ref={stage === 'terms' ? stageHeading : undefined} tabIndex={-1}>
              {t('registration.terms.heading')}
            </h2>
            <p>{t('registration.terms.intro')}</p>
            <section className="terms-scroll" tabIndex={0} aria-label={t('registration.terms.regionLabel')}>
              <ul>
                <li>{t('registration.terms.point1')}</li>
                <li>{t('registration.terms.point2')}</li>
                <li>{t('registration.terms.point3')}</li>
                <li>{t('registration.terms.point4')}</li>
                <li>{t('registration.terms.point5')}</li>
              </ul>
            </section>
            <TermsField id={ID.termsAccepted} field={field('termsAccepted')} error={summary.fieldError('termsAccepted')} />
            <div className="registration-actions">
              <button type="submit" className="button button--primary" disabled={loading}>
                {t('registration.terms.submit')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  summary.reset();
                  setStageFocus('heading');
                  setStage('data');
                }}
              >
                {t('registration.terms.back')}
              </button>
            </div>
          </div>
        </form>
      )}

      <BackToLogin />

      {alreadyRegistered ? (
        <ModalDialog title={t('registration.alreadyRegistered.title')} describedBy="already-registered-text">
          <p id="already-registered-text">{t('registration.alreadyRegistered.text')}</p>
          <p>{t('registration.alreadyRegistered.pwdLostText')}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={() => void navigate(paths.login.getHref())}>
              {t('registration.alreadyRegistered.toLogin')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void navigate(paths.pwdLost.getHref())}>
              {t('registration.alreadyRegistered.toPwdLost')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAlreadyRegistered(false)}>
              {t('registration.alreadyRegistered.back')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
      {loading ? <BusyOverlay label={t('registration.busy')} /> : null}
    </div>
  );
}
