/**
 * The login statuses both sides of the API must agree on (spec 000 sections 4 and 8). The server's status type
 * (server/modules/session/session.rules.ts) and the web's (the generated `LoginStatus`) each check at compile time that the
 * lists below name statuses of theirs.
 */

/**
 * The refusals of a login (spec 000 section 8): the statuses that open no session and name no next step of the login
 * flow. The server answers them as codes of `LoginError`; the web shows them at the login form's fields.
 */
export const LOGIN_REFUSALS = [
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
