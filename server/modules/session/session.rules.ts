/**
 * Pure login rules (spec 000 sections 4, 5 and 8). No I/O: easy to test, shared by GraphQL and REST.
 */
import { isValidEmail } from '@contract/email';
import { LOGIN_REFUSALS } from '@contract/login-status';

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
  /** The refusals (section 8), one list with the web's (@contract/login-status). */
  ...LOGIN_REFUSALS,
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

/** What decides whether a severance-only member's portal access has run out (`severanceAccessEnded`). */
export interface SeveranceAccessFacts {
  /** The person has a Pensionskasse contract (then the Vorsorgekasse rule does not apply). */
  pensionFund: boolean;
  /** Vorsorgekasse accounts of the person. */
  accounts: number;
  /** Of these, accounts not CLOSED (still building or holding an entitlement). */
  openAccounts: number;
  /** ISO date of the last payout or transfer out (a completed claim's definite date, or the Stichtag of the latest statement with a payout); null when none. */
  lastPayout: string | null;
}

/** Years the portal stays open to a severance-only member after the last payout (terms of use; spec 000 section 9). */
export const ACCESS_YEARS_AFTER_PAYOUT = 10;

/**
 * Whether the portal access of a severance-only member has ended (spec 000 section 9 "account access for 10 years
 * after payout"): no Pensionskasse contract, every Vorsorgekasse account closed, and `today` (ISO date) is on or after
 * the day `years` years after the last payout. The login then answers ERROR_AUSGETRETEN, the catalogue's "no valid
 * contract" (spec 000 section 8).
 */
export function severanceAccessEnded(facts: SeveranceAccessFacts, today: string, years = ACCESS_YEARS_AFTER_PAYOUT): boolean {
  if (facts.pensionFund || facts.accounts === 0 || facts.openAccounts > 0 || !facts.lastPayout) return false;
  const [year, rest] = [facts.lastPayout.slice(0, 4), facts.lastPayout.slice(4, 10)];
  return today >= `${String(Number(year) + years).padStart(4, '0')}${rest}`;
}
