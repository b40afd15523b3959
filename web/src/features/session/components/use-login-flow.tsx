import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ModalBackdrop, preloadModalDialog } from '../../../components/ui/modal-dialog';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { LoginStatus, NewsletterDialog_PersonFragmentFragment } from '../../../gql/graphql';
import { trackLogin } from '../../../lib/analytics';
import { broadcastAuth } from '../../../lib/auth-channel';
import type { NavigationState } from '../../../lib/navigation-state';
import { loadPostLoginQuestions } from '../api/get-post-login-questions';
import type { FlowDialogCallbacks } from './dialogs/flow-dialog-props';
import { loginErrorPlacement, type LoginErrorKey } from './login-errors';
import { initialFlowState, loginFlowReducer, type FlowStep } from './login-flow';

/** Steps that show a dialog (dialogs/flow-step-dialog.tsx); the others are pages, calls or the end of the flow. */
const DIALOG_STEPS: ReadonlySet<FlowStep['kind']> = new Set([
  'terms',
  'annualStatementInfo',
  'annualStatementDelivery',
  'dataSync',
  'mailbox',
  'newsletter',
  'benefitStatement',
  'accountStatement',
  'prizeDraw',
]);

/** Loads the flow's dialogs and react-aria's modal code (`prepare`, when the login call is sent, or the first dialog). */
function preloadFlowDialogs() {
  void preloadModalDialog();
  return import('./dialogs/flow-step-dialog');
}

const FlowStepDialog = lazy(() => preloadFlowDialogs().then((module) => ({ default: module.FlowStepDialog })));

export interface LoginFlowOptions {
  /** The e-mail the member logged in with; the e-mail confirmation page shows it. */
  email?: string | null;
  /** Called once the member is logged in, before the dashboard opens (the login form clears itself). */
  onDone?: () => void;
  /** App route to continue with instead of the dashboard (the eID callback's `returnTo`). */
  returnTo?: string | null;
}

export type LoginFlowProblem = LoginErrorKey | 'loginFlow.error.termsDeclined' | 'loginFlow.error.callFailed';

/** The message for a flow that stopped: an error status, declined terms or a failed call. */
export function flowProblem(step: FlowStep): LoginFlowProblem | null {
  if (step.kind === 'aborted') return `loginFlow.error.${step.reason}`;
  if (step.kind !== 'failed') return null;
  const placement = loginErrorPlacement(step.status);
  return placement.form ?? placement.email?.key ?? (typeof placement.password === 'object' ? placement.password.key : 'login.error.loginDataInvalid');
}

/** Whether `route` is an app route to continue with: a path of this app, not another site. */
function isAppRoute(route: string | null | undefined): route is string {
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') && !route.includes('\\');
}

/**
 * Runs the login flow (spec 000 section 4) after a login answer: the state machine of `login-flow.ts`, the dialog of
 * the current step (each submits its own call and reports the answer back), loading the post-login questions, the
 * way to /updateRegistration/{status} or /pwdChange, and at the end: `onDone` (clear the form), the login signal to other tabs, a
 * new visit for analytics, and the dashboard (with the review notice after UPDATE_REGISTRATION).
 */
export function useLoginFlow(options: LoginFlowOptions = {}) {
  const [state, dispatch] = useReducer(loginFlowReducer, initialFlowState);
  const [person, setPerson] = useState<NewsletterDialog_PersonFragmentFragment | null>(null);
  const navigate = useNavigate();
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // The step whose navigation was done: leaving the page happens once per step, even if the effect runs again.
  const navigatedFor = useRef<FlowStep | null>(null);

  useEffect(() => {
    const { step } = state;
    if (step.kind === 'loadQuestions') {
      let current = true;
      loadPostLoginQuestions()
        .then(({ data }) => {
          if (!current) return;
          if (!data) throw new Error('postLoginQuestions gave no answer');
          setPerson(data.me ?? null);
          dispatch({ type: 'questionsLoaded', questions: data.postLoginQuestions });
        })
        .catch(() => {
          // Spec 000 section 4: a newsletter status of ERROR skips the dialog; a failed call is read the same way.
          if (current) dispatch({ type: 'questionsUnavailable' });
        });
      return () => {
        current = false;
      };
    }
    if (navigatedFor.current === step) return undefined;
    if (step.kind === 'updateEmail') {
      navigatedFor.current = step;
      const navigationState: NavigationState = { email: optionsRef.current.email ?? undefined };
      void navigate(paths.updateRegistration.getHref(step.status), { state: navigationState });
    }
    if (step.kind === 'insecurePassword') {
      navigatedFor.current = step;
      void navigate(paths.pwdChange.getHref());
    }
    if (step.kind === 'done') {
      navigatedFor.current = step;
      optionsRef.current.onDone?.();
      broadcastAuth('login');
      trackLogin();
      const { returnTo } = optionsRef.current;
      const navigationState: NavigationState | undefined = state.reviewRegistration ? { notice: 'reviewRegistration' } : undefined;
      void navigate(isAppRoute(returnTo) ? returnTo : paths.dashboard.getHref(), { replace: true, state: navigationState });
    }
    return undefined;
  }, [state, navigate]);

  const callbacks = useMemo<FlowDialogCallbacks>(
    () => ({
      onStatus: (status) => dispatch({ type: 'status', status }),
      onAnswered: () => dispatch({ type: 'questionAnswered' }),
      onFailed: () => dispatch({ type: 'callFailed' }),
    }),
    [],
  );

  const dialog = DIALOG_STEPS.has(state.step.kind) ? (
    <Suspense fallback={<ModalBackdrop />}>
      <FlowStepDialog step={state.step} person={person} callbacks={callbacks} dispatch={dispatch} />
    </Suspense>
  ) : null;
  return {
    step: state.step,
    /** Starts the flow afresh with a login answer (the login form, the /eid route, the e-mail confirmation). */
    start: (status: LoginStatus) => dispatch({ type: 'start', status }),
    /** Starts loading the flow's dialogs, so that they are there by the login answer (the login form sends its call). */
    prepare: () => void preloadFlowDialogs(),
    /** A call of the page itself failed (the e-mail confirmation): the flow stops with its message. */
    fail: callbacks.onFailed,
    /** The dialog of the current step, or null. */
    dialog,
    /** A call of the flow runs outside a dialog (loading the questions, opening the dashboard). */
    busy: state.step.kind === 'loadQuestions' || state.step.kind === 'done',
    problem: flowProblem(state.step),
  };
}
