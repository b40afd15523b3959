import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { LoginStatus, NewsletterDialog_PersonFragmentFragment } from '../../../gql/graphql';
import { trackLogin } from '../../../lib/analytics';
import { broadcastAuth } from '../../../lib/auth-channel';
import type { NavigationState } from '../../../lib/navigation-state';
import { useLoadPostLoginQuestions } from '../api/get-post-login-questions';
import { AccountStatementDialog } from './dialogs/account-statement-dialog';
import { AnnualStatementDeliveryDialog } from './dialogs/annual-statement-delivery-dialog';
import { AnnualStatementInfoDialog } from './dialogs/annual-statement-info-dialog';
import { BenefitStatementDialog } from './dialogs/benefit-statement-dialog';
import { DataSyncDialog } from './dialogs/data-sync-dialog';
import type { FlowDialogCallbacks } from './dialogs/flow-dialog-props';
import { MailboxDialog } from './dialogs/mailbox-dialog';
import { NewsletterDialog } from './dialogs/newsletter-dialog';
import { PrizeDrawDialog } from './dialogs/prize-draw-dialog';
import { TermsDialog } from './dialogs/terms-dialog';
import { loginErrorPlacement, type LoginErrorKey } from './login-errors';
import { initialFlowState, loginFlowReducer, type FlowStep } from './login-flow';

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
  const loadQuestions = useLoadPostLoginQuestions();
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
      loadQuestions()
        .then(({ data }) => {
          if (!current) return;
          if (!data) throw new Error('postLoginQuestions gave no answer');
          setPerson(data.me ?? null);
          dispatch({ type: 'questionsLoaded', questions: data.postLoginQuestions });
        })
        .catch(() => {
          if (current) dispatch({ type: 'callFailed' });
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
  }, [state, loadQuestions, navigate]);

  const callbacks = useMemo<FlowDialogCallbacks>(
    () => ({
      onStatus: (status) => dispatch({ type: 'status', status }),
      onAnswered: () => dispatch({ type: 'questionAnswered' }),
      onFailed: () => dispatch({ type: 'callFailed' }),
    }),
    [],
  );

  const dialog = renderDialog(state.step, person, callbacks, dispatch);
  return {
    step: state.step,
    /** Starts the flow afresh with a login answer (the login form, the /eid route, the e-mail confirmation). */
    start: (status: LoginStatus) => dispatch({ type: 'start', status }),
    /** A call of the page itself failed (the e-mail confirmation): the flow stops with its message. */
    fail: callbacks.onFailed,
    /** The dialog of the current step, or null. */
    dialog,
    /** A call of the flow runs outside a dialog (loading the questions, opening the dashboard). */
    busy: state.step.kind === 'loadQuestions' || state.step.kind === 'done',
    problem: flowProblem(state.step),
  };
}

function renderDialog(
  step: FlowStep,
  person: NewsletterDialog_PersonFragmentFragment | null,
  callbacks: FlowDialogCallbacks,
  dispatch: (event: Parameters<typeof loginFlowReducer>[1]) => void,
): ReactNode {
  const { onStatus, onAnswered, onFailed } = callbacks;
  // Each dialog gets a key of its own, so that the next dialog mounts afresh (focus moves into it).
  switch (step.kind) {
    case 'terms':
      return <TermsDialog key="terms" previousStatus={step.previousStatus} onStatus={onStatus} onFailed={onFailed} onDeclined={() => dispatch({ type: 'termsDeclined' })} />;
    case 'annualStatementInfo':
      return <AnnualStatementInfoDialog key="annualStatementInfo" onRead={() => dispatch({ type: 'annualStatementInfoRead' })} />;
    case 'annualStatementDelivery':
      return <AnnualStatementDeliveryDialog key="annualStatementDelivery" onStatus={onStatus} onFailed={onFailed} />;
    case 'dataSync':
      return <DataSyncDialog key="dataSync" onStatus={onStatus} onFailed={onFailed} />;
    case 'mailbox':
      return <MailboxDialog key="mailbox" onChosen={() => dispatch({ type: 'mailboxChosen' })} onFailed={onFailed} />;
    case 'newsletter':
      return <NewsletterDialog key="newsletter" person={person} showPk={step.showPk} showVk={step.showVk} onAnswered={onAnswered} onFailed={onFailed} />;
    case 'benefitStatement':
      return <BenefitStatementDialog key="benefitStatement" onAnswered={onAnswered} onFailed={onFailed} />;
    case 'accountStatement':
      return <AccountStatementDialog key="accountStatement" onStatus={onStatus} onFailed={onFailed} />;
    case 'prizeDraw':
      return <PrizeDrawDialog key="prizeDraw" onAnswered={onAnswered} onFailed={onFailed} />;
    default:
      return null;
  }
}
