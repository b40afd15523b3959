import { successStatus, type LoginStatus } from '../session/session.rules';

/** What the fund's data says about a person at login (spec 000 section 4). */
export interface LoginState {
  /** Terms of use still to accept, per fund. */
  termsPending: 'PK' | 'VK' | 'PKVK' | null;
  /** Separate PK and VK logins to merge (first login after a data sync). */
  loginDataSyncPending: boolean;
  /** The letter-or-portal decision for the yearly account information (IBK). */
  annualStatementDecisionPending: boolean;
  /** E-mail to confirm or change per fund before login. */
  emailUpdatePending: 'PK' | 'VK' | 'PKVK' | null;
  /** Registration data the member should review after login (logged in, then sent to the settings). */
  registrationUpdatePending: boolean;
  /** Service duties (ASP) the person holds. */
  dutyCount: number;
  /** Funds the person has contracts with, as far as the tenant offers them. */
  funds: { pensionFund: boolean; severanceFund: boolean };
  /** The person holds a current supervisory-board seat (decision 0026); absent = no. */
  supervisoryBoard?: boolean;
  /** The fund judged the password insecure after a rule change (credentials.password_insecure). */
  passwordInsecure?: boolean;
}

/**
 * The next answer of the login flow for a person whose password was correct (spec 000 section 4), in this order:
 * 0. password judged insecure → PASSWORD_INSECURE (the web goes to /pwdChange; not in spec 000, see README);
 * 1. terms of use pending → NUTZUNGSBEDINGUNGEN_ACCEPT_PK / _VK / _PKVK;
 * 2. logins to merge → SYNCHRONIZE_LOGIN_DATA;
 * 3. letter-or-portal decision → IBK_DECISSION;
 * 4. e-mail to confirm → UPDATE_PK_MAIL / UPDATE_VK_MAIL / UPDATE_PKVK_MAIL;
 * 5. no contract with a fund of the tenant: ASP or a supervisory-board seat → SUCCESSFUL_PK_ASP (logged in without an
 *    own contract; the spec has no status of its own for a board member, decision 0026), else ERROR_AUSGETRETEN;
 * 6. service duties → SUCCESSFUL_PK_MANY_ASP (several) or SUCCESSFUL_PK_WITH_ASP (one): the mailbox dialog;
 * 7. registration data to review → UPDATE_REGISTRATION (logged in);
 * 8. SUCCESSFUL (both funds), SUCCESSFUL_PK or SUCCESSFUL_VK.
 * Steps 1 to 4 leave the session PENDING; the flow call that completes a step asks again.
 */
export function nextLoginStatus(state: LoginState): LoginStatus {
  if (state.passwordInsecure) return 'PASSWORD_INSECURE';
  if (state.termsPending) return `NUTZUNGSBEDINGUNGEN_ACCEPT_${state.termsPending}`;
  if (state.loginDataSyncPending) return 'SYNCHRONIZE_LOGIN_DATA';
  if (state.annualStatementDecisionPending) return 'IBK_DECISSION';
  if (state.emailUpdatePending) return `UPDATE_${state.emailUpdatePending}_MAIL`;
  const hasFund = state.funds.pensionFund || state.funds.severanceFund;
  if (!hasFund) return state.dutyCount > 0 || state.supervisoryBoard === true ? 'SUCCESSFUL_PK_ASP' : 'ERROR_AUSGETRETEN';
  if (state.dutyCount > 1) return 'SUCCESSFUL_PK_MANY_ASP';
  if (state.dutyCount === 1) return 'SUCCESSFUL_PK_WITH_ASP';
  if (state.registrationUpdatePending) return 'UPDATE_REGISTRATION';
  return successStatus(state.funds);
}

/** Statuses after which the session stays PENDING: a login-flow step has to be completed first. */
export function isPendingStatus(status: LoginStatus): boolean {
  return (
    status.startsWith('NUTZUNGSBEDINGUNGEN_ACCEPT_') ||
    status === 'SYNCHRONIZE_LOGIN_DATA' ||
    status === 'IBK_DECISSION' ||
    status === 'PASSWORD_INSECURE' ||
    (status.startsWith('UPDATE_') && status.endsWith('_MAIL'))
  );
}

/**
 * Which post-login questions a member is asked (spec 000 section 4, "three post-login checks"), given their
 * preferences: the newsletter per fund while undecided, the benefit-statement delivery while unset (PK), the
 * account statement by mail while false (VK), and the prize draw while unanswered (VK).
 */
export function postLoginQuestions(input: {
  funds: { pensionFund: boolean; severanceFund: boolean };
  newsletterPk: boolean | null;
  newsletterVk: boolean | null;
  benefitStatementDigital: boolean | null;
  accountStatementByMail: boolean;
  prizeDrawVk: boolean | null;
}) {
  return {
    showNewsletterPk: input.funds.pensionFund && input.newsletterPk === null,
    showNewsletterVk: input.funds.severanceFund && input.newsletterVk === null,
    askBenefitStatementDelivery: input.funds.pensionFund && input.benefitStatementDigital === null,
    askAccountStatementByMail: input.funds.severanceFund && !input.accountStatementByMail,
    askPrizeDraw: input.funds.severanceFund && input.prizeDrawVk === null,
  };
}
