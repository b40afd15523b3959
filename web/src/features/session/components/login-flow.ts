import { LOGIN_REFUSALS } from '@contract/login-status';
import type { LoginStatus } from '../../../gql/graphql';

/**
 * The client side of the login status handling (spec 000 section 4) as a pure state machine: every answer of the
 * login flow (`login`, `acceptTerms`, `setAnnualStatementDelivery`, `synchronizeLoginData`,
 * `confirmRegistrationEmail`, `setAccountStatementByMail`, or the `status` of the /eid route) goes in as a `status`
 * event; the step says which dialog or page comes next. `use-login-flow.tsx` renders the step and makes the calls.
 *
 * - Logged-in statuses (SUCCESSFUL, SUCCESSFUL_PK, SUCCESSFUL_VK, SUCCESSFUL_PK_ASP, UPDATE_REGISTRATION) load the
 *   post-login questions once, then ask them once each, in order: newsletter (if shown for a fund), benefit-statement
 *   delivery, account statement by mail with the express info, prize draw; then `done`.
 * - SUCCESSFUL_PK_MANY_ASP and SUCCESSFUL_PK_WITH_ASP show the mailbox dialog first (once), then continue as above.
 * - NUTZUNGSBEDINGUNGEN_ACCEPT_* → terms dialog; IBK_DECISSION → info dialog, then the delivery choice;
 *   SYNCHRONIZE_LOGIN_DATA → data-sync notice; UPDATE_*_MAIL → the page /updateRegistration/{status};
 *   PASSWORD_INSECURE (the password no longer meets the rules after a rule change) → the page /pwdChange, whose
 *   security-update dialog asks for a new password and whose answer continues the flow.
 * - Any other status is an error: `failed`, shown at the login form's fields.
 */

export const TERMS_STATUSES = ['NUTZUNGSBEDINGUNGEN_ACCEPT_PK', 'NUTZUNGSBEDINGUNGEN_ACCEPT_VK', 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK'] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

export const UPDATE_MAIL_STATUSES = ['UPDATE_VK_MAIL', 'UPDATE_PK_MAIL', 'UPDATE_PKVK_MAIL'] as const;
export type UpdateMailStatus = (typeof UPDATE_MAIL_STATUSES)[number];

const LOGGED_IN_STATUSES = ['SUCCESSFUL', 'SUCCESSFUL_PK', 'SUCCESSFUL_VK', 'SUCCESSFUL_PK_ASP', 'UPDATE_REGISTRATION'] as const;
const MAILBOX_STATUSES = ['SUCCESSFUL_PK_MANY_ASP', 'SUCCESSFUL_PK_WITH_ASP'] as const;

/** Every login status, for reading one from an address (/eid?status=…). */
export const LOGIN_STATUSES = [
  ...LOGGED_IN_STATUSES,
  ...MAILBOX_STATUSES,
  ...TERMS_STATUSES,
  'IBK_DECISSION',
  'SYNCHRONIZE_LOGIN_DATA',
  ...UPDATE_MAIL_STATUSES,
  'PASSWORD_INSECURE',
  // The refusals, shown at the login form's fields: one list with the server's (@contract/login-status).
  ...LOGIN_REFUSALS,
] as const satisfies readonly LoginStatus[];

// Compile-time check that the list above names every status of the schema.
type MissingStatus = Exclude<LoginStatus, (typeof LOGIN_STATUSES)[number]>;
const everyStatusListed: MissingStatus extends never ? true : never = true;
void everyStatusListed;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function isLoginStatus(value: string | null | undefined): value is LoginStatus {
  return typeof value === 'string' && isOneOf(LOGIN_STATUSES, value);
}

export function isUpdateMailStatus(value: string | null | undefined): value is UpdateMailStatus {
  return typeof value === 'string' && isOneOf(UPDATE_MAIL_STATUSES, value);
}

/** The part of a `LoginResult` the flow reads: the status of `ok`, or the refusal's code in `error`. */
export interface LoginResultAnswer {
  ok?: { status: LoginStatus } | null;
  error?: { code: string } | null;
}

/**
 * The login status a `LoginResult` answers (decision 0029): `ok.status` for a session-opening or flow status, the
 * refusal's `error.code` (the spec's status name) otherwise; a code the web does not know counts as ERROR.
 */
export function answeredStatus(result: LoginResultAnswer): LoginStatus {
  if (result.ok) return result.ok.status;
  const code = result.error?.code;
  return isLoginStatus(code) ? code : 'ERROR';
}

/** Whether `status` is an error answer (shown at the form's fields) rather than a step of the login flow. */
export function isErrorStatus(status: LoginStatus): boolean {
  return isOneOf(LOGIN_REFUSALS, status);
}

/** The post-login questions as the server answers them (`postLoginQuestions`). */
export interface PostLoginQuestions {
  showNewsletterPk: boolean;
  showNewsletterVk: boolean;
  askBenefitStatementDelivery: boolean;
  askAccountStatementByMail: boolean;
  askPrizeDraw: boolean;
}

export type QuestionStep = { kind: 'newsletter'; showPk: boolean; showVk: boolean } | { kind: 'benefitStatement' } | { kind: 'accountStatement' } | { kind: 'prizeDraw' };

export type FlowStep =
  /** Nothing to do: the login form shows. */
  | { kind: 'idle' }
  | { kind: 'terms'; previousStatus: TermsStatus }
  /** Info dialog on letter versus portal (IBK), followed by `annualStatementDelivery`. */
  | { kind: 'annualStatementInfo' }
  | { kind: 'annualStatementDelivery' }
  | { kind: 'dataSync' }
  | { kind: 'mailbox' }
  /** Go to /updateRegistration/{status}. */
  | { kind: 'updateEmail'; status: UpdateMailStatus }
  /** Go to /pwdChange: the password must be replaced before the login continues. */
  | { kind: 'insecurePassword' }
  /** Load the post-login questions. */
  | { kind: 'loadQuestions' }
  | QuestionStep
  /** Logged in: clear the form, broadcast the login, go to the dashboard. */
  | { kind: 'done' }
  /** An error status: shown at the form's fields. */
  | { kind: 'failed'; status: LoginStatus }
  /** The flow stopped: the terms were declined, or a call of the flow failed. */
  | { kind: 'aborted'; reason: 'termsDeclined' | 'callFailed' };

export interface FlowState {
  step: FlowStep;
  /** Post-login questions still to ask after the current step. */
  queue: readonly QuestionStep[];
  /** The post-login questions were loaded (they are asked once per login). */
  questionsLoaded: boolean;
  /** The mailbox was chosen (the dialog is shown once per login). */
  mailboxChosen: boolean;
  /** UPDATE_REGISTRATION was answered: the dashboard asks the member to review the data. */
  reviewRegistration: boolean;
}

export type FlowEvent =
  /** A new login (or eID answer) starts the flow afresh with its status. */
  | { type: 'start'; status: LoginStatus }
  /** The answer of a flow call. */
  | { type: 'status'; status: LoginStatus }
  | { type: 'annualStatementInfoRead' }
  | { type: 'mailboxChosen' }
  | { type: 'questionsLoaded'; questions: PostLoginQuestions }
  /**
   * The post-login questions could not be loaded (the newsletter-status call failed): the questions are skipped and the
   * member is logged in, as spec 000 section 4 has status ERROR skip the newsletter dialog.
   */
  | { type: 'questionsUnavailable' }
  /** The current post-login question was answered (newsletter, benefit statement, prize draw). */
  | { type: 'questionAnswered' }
  | { type: 'termsDeclined' }
  | { type: 'callFailed' }
  | { type: 'reset' };

export const initialFlowState: FlowState = {
  step: { kind: 'idle' },
  queue: [],
  questionsLoaded: false,
  mailboxChosen: false,
  reviewRegistration: false,
};

/** The post-login questions to ask, in the order of spec 000 section 4, then the prize draw. */
export function questionSteps(questions: PostLoginQuestions): QuestionStep[] {
  const steps: QuestionStep[] = [];
  if (questions.showNewsletterPk || questions.showNewsletterVk) {
    steps.push({ kind: 'newsletter', showPk: questions.showNewsletterPk, showVk: questions.showNewsletterVk });
  }
  if (questions.askBenefitStatementDelivery) steps.push({ kind: 'benefitStatement' });
  if (questions.askAccountStatementByMail) steps.push({ kind: 'accountStatement' });
  if (questions.askPrizeDraw) steps.push({ kind: 'prizeDraw' });
  return steps;
}

/** The next post-login question, or `done` when none is left. */
function nextQuestion(state: FlowState): FlowState {
  const [next, ...rest] = state.queue;
  return { ...state, step: next ?? { kind: 'done' }, queue: rest };
}

/** Logged in: load the questions the first time, afterwards continue with the next one. */
function loggedIn(state: FlowState): FlowState {
  return state.questionsLoaded ? nextQuestion(state) : { ...state, step: { kind: 'loadQuestions' }, queue: [] };
}

function onStatus(state: FlowState, status: LoginStatus): FlowState {
  if (isOneOf(TERMS_STATUSES, status)) return { ...state, step: { kind: 'terms', previousStatus: status } };
  if (status === 'IBK_DECISSION') return { ...state, step: { kind: 'annualStatementInfo' } };
  if (status === 'SYNCHRONIZE_LOGIN_DATA') return { ...state, step: { kind: 'dataSync' } };
  if (isOneOf(UPDATE_MAIL_STATUSES, status)) return { ...state, step: { kind: 'updateEmail', status } };
  if (status === 'PASSWORD_INSECURE') return { ...state, step: { kind: 'insecurePassword' } };
  if (isOneOf(MAILBOX_STATUSES, status)) {
    return state.mailboxChosen ? loggedIn(state) : { ...state, step: { kind: 'mailbox' } };
  }
  if (status === 'UPDATE_REGISTRATION') return loggedIn({ ...state, reviewRegistration: true });
  if (isOneOf(LOGGED_IN_STATUSES, status)) return loggedIn(state);
  return { ...state, step: { kind: 'failed', status } };
}

/** The reducer of the login flow (see the module comment). */
export function loginFlowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'start':
      return onStatus(initialFlowState, event.status);
    case 'status':
      return onStatus(state, event.status);
    case 'annualStatementInfoRead':
      return state.step.kind === 'annualStatementInfo' ? { ...state, step: { kind: 'annualStatementDelivery' } } : state;
    case 'mailboxChosen':
      return loggedIn({ ...state, mailboxChosen: true });
    case 'questionsLoaded':
      return nextQuestion({ ...state, questionsLoaded: true, queue: questionSteps(event.questions) });
    case 'questionsUnavailable':
      return state.step.kind === 'loadQuestions' ? nextQuestion({ ...state, questionsLoaded: true, queue: [] }) : state;
    case 'questionAnswered':
      return nextQuestion(state);
    case 'termsDeclined':
      return { ...initialFlowState, step: { kind: 'aborted', reason: 'termsDeclined' } };
    case 'callFailed':
      return { ...initialFlowState, step: { kind: 'aborted', reason: 'callFailed' } };
    case 'reset':
      return initialFlowState;
  }
}
