import { describe, expect, it } from 'vitest';
import loginCatalogue from '@contract/i18n/de/login.json';
import { isLoggedInStatus, LOGGED_IN_STATUSES, LOGIN_STATUSES } from '../../server/modules/session/session.rules';
import { LOGIN_REFUSALS, loginOutcome } from '../../server/modules/session/login-outcome';
import { isPendingStatus, nextLoginStatus, postLoginQuestions, type LoginState } from '../../server/modules/login-flow/login-flow.rules';

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

describe('login statuses on the two halves of the one result (decision 0029)', () => {
  it('answers every logged-in and flow status as Ok, with loggedIn only for the logged-in ones', () => {
    for (const status of LOGGED_IN_STATUSES) expect(loginOutcome(status)).toEqual({ ok: true, value: { status, loggedIn: true } });
    for (const status of ['NUTZUNGSBEDINGUNGEN_ACCEPT_PK', 'SYNCHRONIZE_LOGIN_DATA', 'IBK_DECISSION', 'UPDATE_PKVK_MAIL', 'PASSWORD_INSECURE'] as const) {
      expect(loginOutcome(status)).toEqual({ ok: true, value: { status, loggedIn: false } });
    }
  });

  it('answers every other status of the spec as a refusal with its own name as the code, and no status is left over', () => {
    const refusals = LOGIN_STATUSES.filter((s) => !isLoggedInStatus(s) && !isPendingStatus(s));
    expect(refusals).toEqual([...LOGIN_REFUSALS]);
    for (const status of refusals) expect(loginOutcome(status)).toMatchObject({ ok: false, code: status });
  });

  it('places each refusal where spec 000 section 8 shows it, and keeps the extras only with their own code', () => {
    expect(loginOutcome('ERROR_PWD_INVALID', { remainingAttempts: 2, lockedUntil: '2026-01-01T00:00:00.000Z' })).toEqual({
      ok: false,
      code: 'ERROR_PWD_INVALID',
      messageKey: 'ERROR_PWD_INVALID',
      fieldErrors: [{ field: 'password', code: 'ERROR_PWD_INVALID' }],
      remainingAttempts: 2,
      lockedUntil: null,
    });
    expect(loginOutcome('LOCKED_TEMPORARY', { remainingAttempts: 0, lockedUntil: '2026-01-01T00:00:00.000Z' })).toMatchObject({
      fieldErrors: [{ field: 'email', code: 'LOCKED_TEMPORARY' }],
      remainingAttempts: null,
      lockedUntil: '2026-01-01T00:00:00.000Z',
    });
    expect(loginOutcome('DEACTIVATED')).toMatchObject({
      messageKey: 'loginDataInvalid',
      fieldErrors: [
        { field: 'email', code: 'loginDataInvalid' },
        { field: 'password', code: 'passwordIncorrect' },
      ],
    });
    expect(loginOutcome('ERROR_TOT')).toMatchObject({ messageKey: 'noValidContract', fieldErrors: [] });
    expect(loginOutcome('MAINTENANCE')).toMatchObject({ messageKey: 'MAINTENANCE', fieldErrors: [] });
  });

  it('has a catalogue text for every message and field key it uses', () => {
    const texts: Record<string, string> = loginCatalogue.login.error;
    for (const status of LOGIN_REFUSALS) {
      const refused = loginOutcome(status);
      if (refused.ok) throw new Error(`${status} answered Ok`);
      expect(texts[refused.messageKey], status).toBeTruthy();
      for (const f of refused.fieldErrors) expect(texts[f.code], `${status} ${f.field}`).toBeTruthy();
    }
  });
});
