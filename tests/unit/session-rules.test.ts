import { describe, expect, it } from 'vitest';
import { checkLoginInput, isLoggedInStatus, successStatus } from '../../server/modules/session/session.rules';
import { isValidEmail, normalizeEmail } from '@contract/email';

describe('login input rules (spec 000 section 5)', () => {
  it('removes all whitespace from the e-mail and lower-cases it', () => {
    expect(normalizeEmail('  Anna.Muster @Example.AT ')).toBe('anna.muster@example.at');
  });

  it('accepts ordinary addresses and refuses malformed ones', () => {
    expect(isValidEmail('anna.muster@example.at')).toBe(true);
    expect(isValidEmail('a+b@sub.example.museum')).toBe(true);
    expect(isValidEmail('anna@example')).toBe(false);
    expect(isValidEmail('anna@example.a')).toBe(false);
    expect(isValidEmail('@example.at')).toBe(false);
    expect(isValidEmail('anna@@example.at')).toBe(false);
    expect(isValidEmail('anna@-example.at')).toBe(false);
  });

  it('enforces the length limits of 5 to 100 characters', () => {
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail('a@b.at')).toBe(true);
    const local = 'x'.repeat(100 - '@example.at'.length);
    expect(isValidEmail(`${local}@example.at`)).toBe(true);
    expect(isValidEmail(`${local}y@example.at`)).toBe(false);
  });

  it('checks the login fields in the order of the spec', () => {
    expect(checkLoginInput('', '')).toBe('ERROR_MAIL_NOT_GIVEN');
    expect(checkLoginInput('', 'secret')).toBe('ERROR_MAIL_NOT_GIVEN');
    expect(checkLoginInput('no-at-sign', '')).toBe('ERROR_PWD_NOT_GIVEN');
    expect(checkLoginInput('no-at-sign', 'secret')).toBe('ERROR_MAIL_NOT_VALID');
    expect(checkLoginInput('anna.muster@example.at', 'secret')).toBeNull();
  });

  it('names the successful status after the funds the member has', () => {
    expect(successStatus({ pensionFund: true, severanceFund: true })).toBe('SUCCESSFUL');
    expect(successStatus({ pensionFund: true, severanceFund: false })).toBe('SUCCESSFUL_PK');
    expect(successStatus({ pensionFund: false, severanceFund: true })).toBe('SUCCESSFUL_VK');
  });

  it('counts only the logged-in statuses of the spec as logged in', () => {
    expect(isLoggedInStatus('SUCCESSFUL_PK_ASP')).toBe(true);
    expect(isLoggedInStatus('UPDATE_REGISTRATION')).toBe(true);
    expect(isLoggedInStatus('IBK_DECISSION')).toBe(false);
    expect(isLoggedInStatus('ERROR_PWD_INVALID')).toBe(false);
  });
});
