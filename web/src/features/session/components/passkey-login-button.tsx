import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { Notice } from '../../../components/ui/notice';
import type { LoginStatus, PasskeyLoginButton_FinishMutation } from '../../../gql/graphql';
import { loginErrorPlacement, type FieldMessage, type LoginErrorKey } from './login-errors';
import { answeredStatus } from './login-flow';

type PasskeyProblem = { key: 'login.passkey.failed' | 'login.passkey.cancelled' | 'login.passkey.unsupported' | LoginErrorKey; values?: FieldMessage['values'] };

interface PasskeyLoginButtonProps {
  /** The page's passkey login (`LoginCallsApi.passkeyLogIn`, loaded when needed). */
  passkeyLogIn: () => Promise<PasskeyLoginButton_FinishMutation | 'cancelled' | null>;
  /** The login flow runs: the button waits. */
  busy?: boolean;
  /** The member starts a passkey login (the page drops notices of an earlier visit). */
  onAttempt?: () => void;
  /** A status that opens a session or names the next step of the login flow: the page runs the flow. */
  onProceed: (status: LoginStatus) => void;
}

/** Whether the browser offers WebAuthn at all (W3C WebAuthn Level 3 section 5.1 `PublicKeyCredential`). */
function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The message of a refused passkey login: a failed proof (NOT_VALID, ERROR) says the passkey login did not work and
 * points to e-mail and password; every other refusal (lock, deactivated, no contract, maintenance) is worded as for the
 * password login (spec 000 section 8), in one message for the whole answer.
 */
function refusalOf(answer: PasskeyLoginButton_FinishMutation['finishPasskeyLogin']): PasskeyProblem {
  const status = answeredStatus(answer);
  if (status === 'NOT_VALID' || status === 'ERROR') return { key: 'login.passkey.failed' };
  const placement = loginErrorPlacement(status, answer.error ?? {});
  if (placement.form) return { key: placement.form };
  const field = placement.email ?? (typeof placement.password === 'object' ? placement.password : undefined);
  return field ? { key: field.key, values: field.values } : { key: 'login.passkey.failed' };
}

/**
 * "Mit Passkey anmelden" (docs/decisions/0047-passkeys.md): below the e-mail and password form, which stays the first
 * way in. The browser shows the member's passkeys for this site (discoverable credentials, no e-mail needed); the
 * server's answer is a login status like the password login's, and a session-opening or flow status starts the same
 * login flow (terms, mailbox choice, data sync, e-mail update). A refusal or a cancelled dialog is shown above the
 * button and takes the focus.
 */
export function PasskeyLoginButton({ passkeyLogIn, busy = false, onAttempt, onProceed }: PasskeyLoginButtonProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const start = async () => {
    setProblem(null);
    onAttempt?.();
    if (!webAuthnAvailable()) {
      setProblem({ key: 'login.passkey.unsupported' });
      return;
    }
    setLoading(true);
    try {
      const answer = await passkeyLogIn();
      if (answer === 'cancelled') setProblem({ key: 'login.passkey.cancelled' });
      else if (!answer) setProblem({ key: 'login.passkey.failed' });
      else if (answer.finishPasskeyLogin.ok) onProceed(answer.finishPasskeyLogin.ok.status);
      else setProblem(refusalOf(answer.finishPasskeyLogin));
    } catch {
      setProblem({ key: 'login.passkey.failed' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="passkey-login">
      {problem ? (
        <div ref={problemRef} tabIndex={-1}>
          <Notice tone="error">{problem.values ? t(problem.key, problem.values) : t(problem.key)}</Notice>
        </div>
      ) : null}
      <button type="button" className="button button--secondary button--block" disabled={busy || loading} onClick={() => void start()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M7 14a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm5.65-4A6 6 0 1 0 12.65 14H16v3h3v-3h2v-4h-8.35zM7 10a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
        </svg>
        {t('login.passkey.button')}
      </button>
      {loading ? <BusyOverlay label={t('login.passkey.busy')} /> : null}
    </div>
  );
}
