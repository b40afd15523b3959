import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { LoginForm_LoginMutation, LoginInput, LoginStatus } from '../../../gql/graphql';
import { failedCallPlacement, loginErrorPlacement, type FieldMessage, type LoginErrorPlacement } from './login-errors';
import { answeredStatus } from './login-flow';
import type { LoginClientErrorCode, LoginFormInput, LoginFormValues } from './login-schema';
import { PasswordInput } from '../../../components/ui/password-toggle';

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

type Field = 'email' | 'password';

/** Caps lock is reported on desktop devices only (spec 000 section 2): a fine pointer, not a touch screen. */
function isDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
}

interface LoginFormProps {
  /**
   * Sends the login (the page's `LoginCalls`, loaded when needed): the answer, null without data; rejects when the
   * call failed.
   */
  logIn: (input: LoginInput) => Promise<LoginForm_LoginMutation | null>;
  /** The member starts to use the form (first key, tap or click): the page loads what a submit needs. */
  onInteract?: () => void;
  /** Sends `entryViaQrCode` with the login (the /qr route). */
  entryViaQrCode?: boolean;
  /** A login answer that is a step of the login flow (not an error): the page runs the flow. */
  onProceed: (status: LoginStatus, email: string) => void;
  /** The login flow runs: the form waits. */
  flowRunning?: boolean;
  /** The member submits the form (the page drops notices of an earlier visit). */
  onAttempt?: () => void;
}

/** The rule module (zod and the resolver, about 25 KiB gzipped): loaded once, when the member starts to type. */
const loadLoginRules = () => import('./login-schema');

/** Starts loading the rules, so that the first submit does not wait for them (the resolver awaits them anyway). */
const preloadLoginRules = () => void loadLoginRules().catch(() => undefined);

/**
 * Checks the fields with `loginSchema`, loaded on demand: zod is not needed to show /login, only to check what the
 * member typed, so it stays out of the first load (decision 0034). The form starts the load at the first key, tap or
 * click in it (not on focus: the e-mail field takes the focus when the form shows).
 */
const lazyLoginResolver: Resolver<LoginFormInput, unknown, LoginFormValues> = async (values, context, options) => (await loadLoginRules()).loginResolver(values, context, options);

/**
 * The login form (spec 000 sections 2, 5 and 8): the zod schema pre-checks the fields, the server answers with a
 * status; an error status is shown at the field it belongs to (`aria-invalid` + `aria-describedby`), any other
 * status starts the login flow. A caps-lock warning shows at the focused field on desktop devices.
 */
export function LoginForm({ logIn, onInteract, entryViaQrCode = false, onProceed, flowRunning = false, onAttempt }: LoginFormProps) {
  const { t } = useTranslation();
  // The login call is on its way (not the check of the fields before it).
  const [loading, setLoading] = useState(false);
  const [serverErrors, setServerErrors] = useState<LoginErrorPlacement | null>(null);
  const [capsLockAt, setCapsLockAt] = useState<Field | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const ids = {
    email: useId(),
    password: useId(),
    emailError: useId(),
    passwordError: useId(),
    emailCaps: useId(),
    passwordCaps: useId(),
  };

  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: lazyLoginResolver,
    defaultValues: { email: '', password: '' },
  });

  const clientMessage = (code: string | undefined): FieldMessage | undefined => (code ? { key: `login.error.${code as LoginClientErrorCode}` } : undefined);
  const emailMessage = clientMessage(errors.email?.message) ?? serverErrors?.email;
  const passwordProblem = errors.password ? clientMessage(errors.password.message) : serverErrors?.password;
  const passwordMessage = passwordProblem === 'sameAsEmail' ? undefined : passwordProblem;
  const emailInvalid = Boolean(emailMessage);
  const passwordInvalid = Boolean(passwordProblem);

  const showServerErrors = (placement: LoginErrorPlacement) => {
    setServerErrors(placement);
    if (placement.email) setFocus('email');
    else if (placement.password) setFocus('password');
  };

  // A form-level message takes the focus, so it is read out and the next Tab continues from there.
  useEffect(() => {
    if (serverErrors?.form) formErrorRef.current?.focus();
  }, [serverErrors]);

  const onSubmit = async (values: LoginFormValues) => {
    setServerErrors(null);
    onAttempt?.();
    try {
      setLoading(true);
      const data = await logIn({ ...values, entryViaQrCode }).finally(() => setLoading(false));
      if (!data) {
        showServerErrors(failedCallPlacement);
        return;
      }
      const { ok, error } = data.login;
      if (ok) onProceed(ok.status, values.email);
      else showServerErrors(loginErrorPlacement(answeredStatus(data.login), error ?? {}));
    } catch {
      showServerErrors(failedCallPlacement);
    }
  };

  /** The field's registration with the caps-lock watch: each key sets or clears the warning, leaving the field clears it. */
  const watchedField = (field: Field) => {
    const registration = register(field);
    const watchCapsLock = (event: KeyboardEvent<HTMLInputElement>) => {
      if (isDesktop()) setCapsLockAt(event.getModifierState('CapsLock') ? field : null);
    };
    return {
      ...registration,
      onKeyDown: watchCapsLock,
      onKeyUp: watchCapsLock,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        setCapsLockAt(null);
        void registration.onBlur(event);
      },
    };
  };

  const renderMessage = (id: string, message: FieldMessage | undefined) =>
    message ? (
      <p id={id} className="field__error">
        {message.values ? t(message.key, message.values) : t(message.key)}
        {message.passwordLostLink ? (
          <>
            {' '}
            <a href={`#${paths.pwdLost.getHref()}`}>{t('login.error.passwordLostLink')}</a>
          </>
        ) : null}
        {message.registrationLink ? (
          <>
            {' '}
            {t('login.error.notValidRegistration')} <a href={`#${paths.registration.getHref()}`}>{t('login.registration.cta')}</a>
          </>
        ) : null}
      </p>
    ) : null;

  // The live region exists before the warning, so that screen readers announce it when it appears.
  const renderCapsLock = (id: string, field: Field) => (
    <div id={id} className="field__live" aria-live="polite">
      {capsLockAt === field ? <p className="field__warning">{t('login.capsLock')}</p> : null}
    </div>
  );

  /** One field of the form: its label, `input`, the message at it and its caps-lock warning. */
  const renderField = (field: Field, invalid: boolean, message: FieldMessage | undefined, input: ReactNode) => (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label htmlFor={ids[field]} className="field__label">
        {t(`login.${field}`)}
      </label>
      {input}
      {renderMessage(ids[`${field}Error`], message)}
      {renderCapsLock(ids[`${field}Caps`], field)}
    </div>
  );

  const busy = loading || flowRunning;
  const interacted = () => {
    preloadLoginRules();
    onInteract?.();
  };

  return (
    <form
      className="login-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      onKeyDownCapture={interacted}
      onPointerDownCapture={interacted}
      onInputCapture={interacted}
      aria-busy={busy}
    >
      {serverErrors?.form ? (
        <div ref={formErrorRef} tabIndex={-1}>
          <Notice tone="error">{t(serverErrors.form)}</Notice>
        </div>
      ) : null}

      {renderField(
        'email',
        emailInvalid,
        emailMessage,
        <input
          id={ids.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoFocus
          className="field__input"
          aria-invalid={emailInvalid}
          aria-describedby={describedBy(emailMessage && ids.emailError, capsLockAt === 'email' && ids.emailCaps)}
          {...watchedField('email')}
        />,
      )}

      {renderField(
        'password',
        passwordInvalid,
        passwordMessage,
        <PasswordInput
          id={ids.password}
          autoComplete="current-password"
          invalid={passwordInvalid}
          describedBy={describedBy(
            passwordMessage && ids.passwordError,
            passwordProblem === 'sameAsEmail' && emailMessage && ids.emailError,
            capsLockAt === 'password' && ids.passwordCaps,
          )}
          toggleLabel={t('login.showPassword')}
          inputProps={watchedField('password')}
        />,
      )}

      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {t('login.submit')}
      </button>
      {loading ? <BusyOverlay label={t('login.busy')} /> : null}
    </form>
  );
}
