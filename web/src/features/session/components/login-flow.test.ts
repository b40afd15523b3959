import { describe, expect, it } from 'vitest';
import type { LoginStatus } from '../../../gql/graphql';
import {
  answeredStatus,
  initialFlowState,
  isErrorStatus,
  isLoginStatus,
  loginFlowReducer,
  questionSteps,
  type FlowEvent,
  type FlowState,
  type PostLoginQuestions,
} from './login-flow';

const noQuestions: PostLoginQuestions = {
  showNewsletterPk: false,
  showNewsletterVk: false,
  askBenefitStatementDelivery: false,
  askAccountStatementByMail: false,
  askPrizeDraw: false,
};
const allQuestions: PostLoginQuestions = {
  showNewsletterPk: true,
  showNewsletterVk: true,
  askBenefitStatementDelivery: true,
  askAccountStatementByMail: true,
  askPrizeDraw: true,
};

function run(...events: FlowEvent[]): FlowState {
  return events.reduce(loginFlowReducer, initialFlowState);
}

const start = (status: LoginStatus): FlowEvent => ({ type: 'start', status });
const status = (value: LoginStatus): FlowEvent => ({ type: 'status', status: value });
const loaded = (questions: PostLoginQuestions): FlowEvent => ({ type: 'questionsLoaded', questions });

describe('loginFlowReducer', () => {
  it('loads the post-login questions for every logged-in status, and is done when none is open', () => {
    for (const value of ['SUCCESSFUL', 'SUCCESSFUL_PK', 'SUCCESSFUL_VK', 'SUCCESSFUL_PK_ASP', 'UPDATE_REGISTRATION'] as const) {
      expect(run(start(value)).step, value).toEqual({ kind: 'loadQuestions' });
      expect(run(start(value), loaded(noQuestions)).step, value).toEqual({ kind: 'done' });
    }
  });

  it('asks newsletter, benefit statement, account statement by mail and prize draw once each, in this order', () => {
    let state = run(start('SUCCESSFUL'), loaded(allQuestions));
    expect(state.step).toEqual({ kind: 'newsletter', showPk: true, showVk: true });
    state = loginFlowReducer(state, { type: 'questionAnswered' });
    expect(state.step).toEqual({ kind: 'benefitStatement' });
    state = loginFlowReducer(state, { type: 'questionAnswered' });
    expect(state.step).toEqual({ kind: 'accountStatement' });
    // setAccountStatementByMail answers the login status again: it continues with the next question, it does not
    // load the questions a second time.
    state = loginFlowReducer(state, status('SUCCESSFUL'));
    expect(state.step).toEqual({ kind: 'prizeDraw' });
    state = loginFlowReducer(state, { type: 'questionAnswered' });
    expect(state.step).toEqual({ kind: 'done' });
  });

  it('remembers UPDATE_REGISTRATION so that the dashboard asks to review the data', () => {
    expect(run(start('UPDATE_REGISTRATION'), loaded(noQuestions))).toMatchObject({ step: { kind: 'done' }, reviewRegistration: true });
    expect(run(start('SUCCESSFUL'), loaded(noQuestions)).reviewRegistration).toBe(false);
  });

  it('opens the terms dialog with the status that asked, and handles the answer of acceptTerms again', () => {
    for (const value of ['NUTZUNGSBEDINGUNGEN_ACCEPT_PK', 'NUTZUNGSBEDINGUNGEN_ACCEPT_VK', 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK'] as const) {
      expect(run(start(value)).step).toEqual({ kind: 'terms', previousStatus: value });
    }
    expect(run(start('NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK'), status('IBK_DECISSION')).step).toEqual({ kind: 'annualStatementInfo' });
  });

  it('shows the letter-or-portal info, then the delivery choice, for IBK_DECISSION', () => {
    const state = run(start('IBK_DECISSION'));
    expect(state.step).toEqual({ kind: 'annualStatementInfo' });
    expect(loginFlowReducer(state, { type: 'annualStatementInfoRead' }).step).toEqual({ kind: 'annualStatementDelivery' });
    expect(run(start('IBK_DECISSION'), { type: 'annualStatementInfoRead' }, status('SUCCESSFUL')).step).toEqual({
      kind: 'loadQuestions',
    });
  });

  it('shows the data-sync notice for SYNCHRONIZE_LOGIN_DATA', () => {
    expect(run(start('SYNCHRONIZE_LOGIN_DATA')).step).toEqual({ kind: 'dataSync' });
  });

  it('sends UPDATE_*_MAIL to the e-mail confirmation page', () => {
    for (const value of ['UPDATE_VK_MAIL', 'UPDATE_PK_MAIL', 'UPDATE_PKVK_MAIL'] as const) {
      expect(run(start(value)).step).toEqual({ kind: 'updateEmail', status: value });
    }
  });

  it('sends PASSWORD_INSECURE to the password change page, and continues with the answer of the change', () => {
    expect(run(start('PASSWORD_INSECURE')).step).toEqual({ kind: 'insecurePassword' });
    expect(run(start('PASSWORD_INSECURE'), status('SUCCESSFUL')).step).toEqual({ kind: 'loadQuestions' });
    expect(isErrorStatus('PASSWORD_INSECURE')).toBe(false);
  });

  it('shows the mailbox dialog once for SUCCESSFUL_PK_MANY_ASP and SUCCESSFUL_PK_WITH_ASP, then the questions', () => {
    for (const value of ['SUCCESSFUL_PK_MANY_ASP', 'SUCCESSFUL_PK_WITH_ASP'] as const) {
      expect(run(start(value)).step).toEqual({ kind: 'mailbox' });
      const afterChoice = run(start(value), { type: 'mailboxChosen' });
      expect(afterChoice.step).toEqual({ kind: 'loadQuestions' });
      // The login status answered later (by setAccountStatementByMail) does not ask for the mailbox again.
      const later = run(start(value), { type: 'mailboxChosen' }, loaded({ ...noQuestions, askAccountStatementByMail: true, askPrizeDraw: true }));
      expect(later.step).toEqual({ kind: 'accountStatement' });
      expect(loginFlowReducer(later, status(value)).step).toEqual({ kind: 'prizeDraw' });
    }
  });

  it('ends in failed for the error statuses, which the form shows at its fields', () => {
    for (const value of ['ERROR_PWD_INVALID', 'NOT_VALID', 'DEACTIVATED', 'LOCKED', 'ERROR_AUSGETRETEN', 'ERROR_TOT', 'MAINTENANCE', 'ERROR'] as const) {
      expect(run(start(value)).step).toEqual({ kind: 'failed', status: value });
      expect(isErrorStatus(value)).toBe(true);
    }
    expect(isErrorStatus('SUCCESSFUL')).toBe(false);
  });

  it('reads the status of a LoginResult: ok.status, else the refusal code, and ERROR for an unknown code', () => {
    expect(answeredStatus({ ok: { status: 'IBK_DECISSION' }, error: null })).toBe('IBK_DECISSION');
    expect(answeredStatus({ ok: null, error: { code: 'ERROR_AUSGETRETEN' } })).toBe('ERROR_AUSGETRETEN');
    expect(answeredStatus({ ok: null, error: { code: 'SOMETHING_NEW' } })).toBe('ERROR');
  });

  it('stops when the terms are declined or a call fails, and starts afresh with the next login', () => {
    expect(run(start('NUTZUNGSBEDINGUNGEN_ACCEPT_PK'), { type: 'termsDeclined' }).step).toEqual({ kind: 'aborted', reason: 'termsDeclined' });
    expect(run(start('SUCCESSFUL'), { type: 'callFailed' }).step).toEqual({ kind: 'aborted', reason: 'callFailed' });
    const again = run(start('SUCCESSFUL'), loaded(allQuestions), start('SUCCESSFUL'));
    expect(again).toEqual({ ...initialFlowState, step: { kind: 'loadQuestions' } });
    expect(run(start('SUCCESSFUL'), { type: 'reset' })).toEqual(initialFlowState);
  });
});

describe('a failed post-login questions call', () => {
  it('skips the questions and logs the member in instead of ending the login (spec 000 section 4)', () => {
    expect(run(start('SUCCESSFUL'), { type: 'questionsUnavailable' }).step).toEqual({ kind: 'done' });
    expect(run(start('UPDATE_REGISTRATION'), { type: 'questionsUnavailable' })).toMatchObject({ step: { kind: 'done' }, reviewRegistration: true });
  });

  it('changes nothing when no questions are being loaded', () => {
    const terms = run(start('NUTZUNGSBEDINGUNGEN_ACCEPT_PK'));
    expect(run(start('NUTZUNGSBEDINGUNGEN_ACCEPT_PK'), { type: 'questionsUnavailable' })).toEqual(terms);
  });
});

describe('questionSteps', () => {
  it('asks the newsletter only for the funds whose question is shown', () => {
    expect(questionSteps({ ...noQuestions, showNewsletterVk: true })).toEqual([{ kind: 'newsletter', showPk: false, showVk: true }]);
    expect(questionSteps(noQuestions)).toEqual([]);
  });
});

describe('isLoginStatus', () => {
  it('accepts the statuses of the schema only', () => {
    expect(isLoginStatus('SUCCESSFUL_PK_WITH_ASP')).toBe(true);
    expect(isLoginStatus('IBK_DECISSION')).toBe(true);
    expect(isLoginStatus('successful')).toBe(false);
    expect(isLoginStatus(null)).toBe(false);
  });
});
