import { describe, expect, it } from 'vitest';
import { isPendingStatus, nextLoginStatus, postLoginQuestions, type LoginState } from '../../server/domain/login-flow/login-flow.rules';

const base: LoginState = {
  termsPending: null,
  loginDataSyncPending: false,
  annualStatementDecisionPending: false,
  emailUpdatePending: null,
  registrationUpdatePending: false,
  dutyCount: 0,
  funds: { pensionFund: true, severanceFund: true },
};

describe('login status machine (spec 000 section 4)', () => {
  it('answers the success status by funds when nothing is pending', () => {
    expect(nextLoginStatus(base)).toBe('SUCCESSFUL');
    expect(nextLoginStatus({ ...base, funds: { pensionFund: true, severanceFund: false } })).toBe('SUCCESSFUL_PK');
    expect(nextLoginStatus({ ...base, funds: { pensionFund: false, severanceFund: true } })).toBe('SUCCESSFUL_VK');
  });

  it('asks for the terms first, then the data sync, the IBK decision and the e-mail update, in that order', () => {
    const all: LoginState = { ...base, termsPending: 'VK', loginDataSyncPending: true, annualStatementDecisionPending: true, emailUpdatePending: 'PK', dutyCount: 2 };
    expect(nextLoginStatus(all)).toBe('NUTZUNGSBEDINGUNGEN_ACCEPT_VK');
    expect(nextLoginStatus({ ...all, termsPending: null })).toBe('SYNCHRONIZE_LOGIN_DATA');
    expect(nextLoginStatus({ ...all, termsPending: null, loginDataSyncPending: false })).toBe('IBK_DECISSION');
    expect(nextLoginStatus({ ...all, termsPending: null, loginDataSyncPending: false, annualStatementDecisionPending: false })).toBe('UPDATE_PK_MAIL');
    expect(nextLoginStatus({ ...all, termsPending: null, loginDataSyncPending: false, annualStatementDecisionPending: false, emailUpdatePending: null })).toBe(
      'SUCCESSFUL_PK_MANY_ASP',
    );
  });

  it('distinguishes one duty, several duties and a contact person without own contract', () => {
    expect(nextLoginStatus({ ...base, dutyCount: 1 })).toBe('SUCCESSFUL_PK_WITH_ASP');
    expect(nextLoginStatus({ ...base, dutyCount: 3 })).toBe('SUCCESSFUL_PK_MANY_ASP');
    expect(nextLoginStatus({ ...base, dutyCount: 1, funds: { pensionFund: false, severanceFund: false } })).toBe('SUCCESSFUL_PK_ASP');
    expect(nextLoginStatus({ ...base, funds: { pensionFund: false, severanceFund: false } })).toBe('ERROR_AUSGETRETEN');
    // A supervisory-board member without contract is logged in like a contact person without one (decision 0026).
    expect(nextLoginStatus({ ...base, supervisoryBoard: true, funds: { pensionFund: false, severanceFund: false } })).toBe('SUCCESSFUL_PK_ASP');
    expect(nextLoginStatus({ ...base, supervisoryBoard: true, funds: { pensionFund: true, severanceFund: false } })).toBe('SUCCESSFUL_PK');
  });

  it('answers UPDATE_REGISTRATION for data to review, as a logged-in status', () => {
    expect(nextLoginStatus({ ...base, registrationUpdatePending: true })).toBe('UPDATE_REGISTRATION');
    expect(isPendingStatus('UPDATE_REGISTRATION')).toBe(false);
  });

  it('keeps the session pending only for the flow statuses', () => {
    for (const s of ['NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK', 'SYNCHRONIZE_LOGIN_DATA', 'IBK_DECISSION', 'UPDATE_VK_MAIL'] as const) expect(isPendingStatus(s)).toBe(true);
    for (const s of ['SUCCESSFUL', 'SUCCESSFUL_PK_MANY_ASP', 'ERROR_PWD_INVALID'] as const) expect(isPendingStatus(s)).toBe(false);
  });
});

describe('post-login questions', () => {
  const answered = { newsletterPk: true, newsletterVk: false, benefitStatementDigital: true, accountStatementByMail: true, prizeDrawVk: false };
  it('asks nothing once everything is answered', () => {
    expect(postLoginQuestions({ funds: base.funds, ...answered })).toEqual({
      showNewsletterPk: false,
      showNewsletterVk: false,
      askBenefitStatementDelivery: false,
      askAccountStatementByMail: false,
      askPrizeDraw: false,
    });
  });
  it('asks only about the funds the member has', () => {
    const open = { newsletterPk: null, newsletterVk: null, benefitStatementDigital: null, accountStatementByMail: false, prizeDrawVk: null };
    expect(postLoginQuestions({ funds: { pensionFund: true, severanceFund: false }, ...open })).toEqual({
      showNewsletterPk: true,
      showNewsletterVk: false,
      askBenefitStatementDelivery: true,
      askAccountStatementByMail: false,
      askPrizeDraw: false,
    });
  });
  it('asks about the account statement by mail again while it is off', () => {
    expect(postLoginQuestions({ funds: base.funds, ...answered, accountStatementByMail: false }).askAccountStatementByMail).toBe(true);
  });
});
