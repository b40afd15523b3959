/**
 * Pure login rules (spec 000 sections 4, 5 and 8). No I/O: easy to test, shared by GraphQL and REST.
 */
import { isValidEmail } from '@contract/email';

/** Login statuses that mean "the member is logged in" (spec 000 section 4). */
export const LOGGED_IN_STATUSES = [
  'SUCCESSFUL',
  'SUCCESSFUL_PK',
  'SUCCESSFUL_VK',
  'SUCCESSFUL_PK_ASP',
  'SUCCESSFUL_PK_MANY_ASP',
  'SUCCESSFUL_PK_WITH_ASP',
  'UPDATE_REGISTRATION',
] as const;

/** Every login status of the spec (section 4 and the error catalogue of section 8). */
export const LOGIN_STATUSES = [
  ...LOGGED_IN_STATUSES,
  'IBK_DECISSION',
  'SYNCHRONIZE_LOGIN_DATA',
  'NUTZUNGSBEDINGUNGEN_ACCEPT_PK',
  'NUTZUNGSBEDINGUNGEN_ACCEPT_VK',
  'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK',
  'UPDATE_VK_MAIL',
  'UPDATE_PK_MAIL',
  'UPDATE_PKVK_MAIL',
  /** Password judged insecure after a rule change: the web goes to /pwdChange (not in spec 000; see README). */
  'PASSWORD_INSECURE',
  'ERROR_MAIL_NOT_GIVEN',
  'ERROR_PWD_NOT_GIVEN',
  'ERROR_MAIL_NOT_VALID',
  'ERROR_PWD_INVALID',
  'LOCKED_TEMPORARY',
  'NOT_VALID',
  'DEACTIVATED',
  'LOCKED',
  'ERROR_AUSGETRETEN',
  'ERROR_TOT',
  'MAINTENANCE',
  'ERROR',
] as const;

export type LoginStatus = (typeof LOGIN_STATUSES)[number];

export function isLoggedInStatus(status: LoginStatus): boolean {
  return (LOGGED_IN_STATUSES as readonly string[]).includes(status);
}

/**
 * The input checks of the login form (spec 000 section 5 "Login form"), in the spec's order.
 * @returns the error status, or null when the input may be checked against the stored credentials.
 */
export function checkLoginInput(email: string, password: string): LoginStatus | null {
  if (email === '') return 'ERROR_MAIL_NOT_GIVEN';
  if (password === '') return 'ERROR_PWD_NOT_GIVEN';
  if (!isValidEmail(email)) return 'ERROR_MAIL_NOT_VALID';
  return null;
}

/** Which funds a person has, as the successful login status names them (spec 000 section 4). */
export function successStatus(funds: { pensionFund: boolean; severanceFund: boolean }): LoginStatus {
  if (funds.pensionFund && !funds.severanceFund) return 'SUCCESSFUL_PK';
  if (funds.severanceFund && !funds.pensionFund) return 'SUCCESSFUL_VK';
  return 'SUCCESSFUL';
}
