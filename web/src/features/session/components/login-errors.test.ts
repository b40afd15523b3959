import { describe, expect, it } from 'vitest';
import { failedCallPlacement, loginErrorPlacement } from './login-errors';

describe('loginErrorPlacement', () => {
  it('shows e-mail problems and the temporary lock at the e-mail field', () => {
    for (const status of ['ERROR_MAIL_NOT_GIVEN', 'ERROR_MAIL_NOT_VALID'] as const) {
      expect(loginErrorPlacement(status)).toEqual({ email: { key: `login.error.${status}` } });
    }
    expect(loginErrorPlacement('LOCKED_TEMPORARY')).toEqual({ email: { key: 'login.error.LOCKED_TEMPORARY', passwordLostLink: true } });
  });

  it('says until when (local time) the access is locked, with the password-lost link', () => {
    const now = new Date(2026, 10, 23, 13, 10);
    const until = new Date(2026, 10, 23, 14, 10).toISOString();
    expect(loginErrorPlacement('LOCKED_TEMPORARY', { lockedUntil: until }, now)).toEqual({
      email: { key: 'login.error.lockedUntil', values: { until: '14:10' }, passwordLostLink: true },
    });
    const afterMidnight = new Date(2026, 10, 24, 0, 5).toISOString();
    expect(loginErrorPlacement('LOCKED_TEMPORARY', { lockedUntil: afterMidnight }, now).email?.values).toEqual({ until: '24.11.2026, 00:05' });
  });

  it('warns from the third wrong password on how many attempts remain', () => {
    expect(loginErrorPlacement('ERROR_PWD_INVALID', { remainingAttempts: 3 })).toEqual({ password: { key: 'login.error.ERROR_PWD_INVALID' } });
    expect(loginErrorPlacement('ERROR_PWD_INVALID', { remainingAttempts: 2 })).toEqual({
      password: { key: 'login.error.attemptsLeft', values: { count: 2 } },
    });
    expect(loginErrorPlacement('ERROR_PWD_INVALID', { remainingAttempts: 1 })).toEqual({
      password: { key: 'login.error.attemptsLeft', values: { count: 1 } },
    });
  });

  it('shows password problems at the password field', () => {
    expect(loginErrorPlacement('ERROR_PWD_INVALID')).toEqual({ password: { key: 'login.error.ERROR_PWD_INVALID' } });
    expect(loginErrorPlacement('ERROR_PWD_NOT_GIVEN')).toEqual({
      password: { key: 'login.error.ERROR_PWD_NOT_GIVEN' },
    });
  });

  it('marks both fields for NOT_VALID and links the message to the registration', () => {
    expect(loginErrorPlacement('NOT_VALID')).toEqual({
      email: { key: 'login.error.NOT_VALID', registrationLink: true },
      password: 'sameAsEmail',
    });
  });

  it('shows "login data invalid" at the e-mail and "password not correct" at the password for DEACTIVATED and LOCKED', () => {
    for (const status of ['DEACTIVATED', 'LOCKED'] as const) {
      expect(loginErrorPlacement(status)).toEqual({
        email: { key: 'login.error.loginDataInvalid' },
        password: { key: 'login.error.passwordIncorrect' },
      });
    }
  });

  it('shows "no valid contract" for the whole form for members who left or died', () => {
    expect(loginErrorPlacement('ERROR_AUSGETRETEN')).toEqual({ form: 'login.error.noValidContract' });
    expect(loginErrorPlacement('ERROR_TOT')).toEqual({ form: 'login.error.noValidContract' });
  });

  it('shows the maintenance message for the whole form', () => {
    expect(loginErrorPlacement('MAINTENANCE')).toEqual({ form: 'login.error.MAINTENANCE' });
  });

  it('treats ERROR as invalid login data on both fields', () => {
    expect(loginErrorPlacement('ERROR')).toEqual({ email: { key: 'login.error.loginDataInvalid' }, password: 'sameAsEmail' });
  });

  it('says a failed call is a technical problem, for the whole form (spec 001 section 8 "Session")', () => {
    expect(failedCallPlacement).toEqual({ form: 'login.error.technical' });
  });

  it('answers a login-flow status, which the flow handles instead, with a form-level message', () => {
    expect(loginErrorPlacement('IBK_DECISSION')).toEqual({ form: 'login.error.stepNotAvailable' });
  });
});
