import type { Db } from '../../db/client';

/** The rows of the tables the registration flows write, for "nothing changed" comparisons. */
export function snapshot(db: Db): string {
  const c = db.$client;
  const tables = ['persons', 'credentials', 'registration_codes', 'person_tokens', 'password_history', 'sent_mails', 'sessions', 'profile_changes'];
  return JSON.stringify(Object.fromEntries(tables.map((t) => [t, c.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()])));
}

/** SVNR and id of a seeded person by last name (registration personas have no e-mail). */
export function personByLastName(db: Db, lastName: string): { id: number; svnr: string; email: string | null } {
  const row = db.$client.prepare('SELECT id, svnr, email FROM persons WHERE last_name = ?').get(lastName) as { id: number; svnr: string; email: string | null } | undefined;
  if (!row) throw new Error(`no person ${lastName}`);
  return row;
}

/** A well-formed SVNR with a correct check digit that no seeded person has. */
export const UNKNOWN_SVNR = '1237010180';
/** The same number with a wrong check digit. */
export const BAD_CHECK_DIGIT_SVNR = '1238010180';

export const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { status fieldErrors { field code } } }`;
export const PWD_LOST = `mutation($input: PasswordLostInput!) { requestPasswordReset(input: $input) { status fieldErrors { field code } } }`;
export const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { status fieldErrors { field code } } }`;
export const LINK_STATUS = `query($t: String!) { passwordResetLinkStatus(token: $t) }`;
export const ACTIVATE = `mutation($id: String!) { activateAccount(registrationId: $id) { status } }`;
export const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { status loggedIn } }`;
export const ORDER = `mutation($input: OrderRegistrationCodeInput!) { orderRegistrationCode(input: $input) { status nextPossibleOn fieldErrors { field code } } }`;
export const CHANGE_PASSWORD = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { status ok fieldErrors { field code } } }`;
export const CHANGE_INSECURE = `mutation($input: ChangeInsecurePasswordInput!) { changeInsecurePassword(input: $input) { status loginStatus fieldErrors { field code } } }`;
export const UPDATE_EMAIL = `mutation($input: UpdateRegistrationEmailInput!) { updateRegistrationEmail(input: $input) { status loginStatus fieldErrors { field code } } }`;

/** A password that satisfies every rule. */
export const GOOD_PASSWORD = 'Sonnenblume#2027';
