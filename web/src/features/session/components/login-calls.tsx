import { useEffect, useRef } from 'react';
import type { ActivationStatus, LoginForm_LoginMutation, LoginInput, PasskeyLoginButton_FinishMutation } from '../../../gql/graphql';
import { useActivateAccount } from '../api/activate-account';
import { useFinishPasskeyLogin } from '../api/finish-passkey-login';
import { useSessionCheck } from '../api/get-login-page';
import { useLogIn } from '../api/log-in';
import { useStartPasskeyLogin } from '../api/start-passkey-login';
import { activationStatusOf } from './activation-link';

/** What the login page's form calls once this part has loaded (`onReady`). */
export interface LoginCallsApi {
  /** Sends the login (spec 000 section 5); resolves with the answer, or null without data; rejects when the call failed. */
  logIn: (input: LoginInput) => Promise<LoginForm_LoginMutation | null>;
  /**
   * Logs in with a passkey (docs/decisions/0047-passkeys.md): starts the ceremony, lets the browser ask the
   * authenticator (`navigator.credentials.get()` through @simplewebauthn/browser, loaded only now) and sends its answer.
   * Resolves with the answer, `cancelled` when the member or the browser ended the dialog, or null without data;
   * rejects when a call failed.
   */
  passkeyLogIn: () => Promise<PasskeyLoginButton_FinishMutation | 'cancelled' | null>;
}

export interface LoginCallsProps {
  /** Runs the quiet session check and reports it through `onSession`. */
  checkSession: boolean;
  /** The activation link's id: the access is activated once per id, the result reported through `onActivation`. */
  activationId: string | null;
  onSession: (loggedIn: boolean) => void;
  onActivation: (id: string, result: ActivationStatus) => void;
  onReady: (api: LoginCallsApi) => void;
}

/**
 * The login page's calls through Apollo's hooks (decision 0034): the session check, the activation, the login
 * mutation and the passkey login. A lazy chunk with Apollo Client that the page renders inside Apollo's provider once it needs a call, so
 * the form shows without it. Renders nothing; hands its answers to the page.
 */
export function LoginCalls({ checkSession, activationId, onSession, onActivation, onReady }: LoginCallsProps) {
  const session = useSessionCheck({ skip: !checkSession });
  const [logIn] = useLogIn();
  const [startPasskeyLogin] = useStartPasskeyLogin();
  const [finishPasskeyLogin] = useFinishPasskeyLogin();
  const [activate] = useActivateAccount();

  useEffect(() => {
    onReady({
      logIn: async (input) => (await logIn({ variables: { input } })).data ?? null,
      passkeyLogIn: async () => {
        const options = (await startPasskeyLogin()).data?.startPasskeyLogin.ok?.optionsJson;
        if (!options) return null;
        const { startAuthentication } = await import('@simplewebauthn/browser');
        let answer;
        try {
          answer = await startAuthentication({ optionsJSON: JSON.parse(options) as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
        } catch {
          return 'cancelled';
        }
        return (await finishPasskeyLogin({ variables: { input: { responseJson: JSON.stringify(answer) } } })).data ?? null;
      },
    });
  }, [logIn, startPasskeyLogin, finishPasskeyLogin, onReady]);

  // No session answers `session: null`; a failed check counts as none (the form shows).
  const answered = session.data !== undefined || session.error !== undefined;
  const loggedIn = Boolean(session.data?.session?.loggedIn);
  useEffect(() => {
    if (checkSession && answered) onSession(loggedIn);
  }, [checkSession, answered, loggedIn, onSession]);

  // The call started for the current id: a link is activated once per visit of the screen, even when the effect
  // runs again (React's strict mode runs effects twice in development; a second call would answer ALREADY_ACTIVATED).
  const started = useRef<{ id: string; answer: Promise<ActivationStatus> } | null>(null);
  useEffect(() => {
    if (!activationId) return;
    let current = true;
    if (started.current?.id !== activationId) {
      const answer = activate({ variables: { registrationId: activationId } }).then(
        ({ data }) => activationStatusOf(data?.activateAccount),
        (): ActivationStatus => 'ERROR',
      );
      started.current = { id: activationId, answer };
    }
    void started.current.answer.then((result) => {
      if (current) onActivation(activationId, result);
    });
    return () => {
      current = false;
    };
  }, [activationId, activate, onActivation]);
  return null;
}
