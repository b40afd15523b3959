import type { Ok } from '../../platform/shared/result';
import type { RegistrationErr } from './registration.deps';
import type { OrderCodeErr } from './registration.service';

/**
 * The spec's answer `{ status, fieldErrors }` of a registration or password service result (REST keeps it exactly as
 * before the one result shape of decision 0012): an Ok answers its `status` where it has several (password lost:
 * SUCCESSFUL or LETTER_SENT), else SUCCESSFUL, with no field errors; a refusal answers its code as `status`. Nothing
 * else of the Ok value (e-mail address, instants) reaches the REST answer.
 */
export function specAnswer(result: Ok<object> | RegistrationErr<string>): { status: string; fieldErrors: { field: string; code: string }[] } {
  if (!result.ok) return { status: result.code, fieldErrors: result.fieldErrors };
  const status = 'status' in result.value && typeof result.value.status === 'string' ? result.value.status : 'SUCCESSFUL';
  return { status, fieldErrors: [] };
}

/** `specAnswer` plus the login status (REST `pwdChange`, `updateRegistration`): the next one after Ok, else the pending one. */
export function flowAnswer(result: Ok<{ loginStatus: string }> | (RegistrationErr<string> & { loginStatus: string })) {
  return { ...specAnswer(result), loginStatus: result.ok ? result.value.loginStatus : result.loginStatus };
}

/** `specAnswer` plus `nextPossibleOn` (REST `orderRegistrationCode`): the blocked-until day with ERROR_ALREADY_REQUESTED, else null. */
export function orderAnswer(result: Ok<object> | OrderCodeErr) {
  return { ...specAnswer(result), nextPossibleOn: result.ok ? null : result.nextPossibleOn };
}
