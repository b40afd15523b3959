import type { ActivationStatus } from '../../../gql/graphql';
import { hashQuery, type AddressParts } from '../../../lib/url-params';

/**
 * The registration id of an activation link (spec 000 section 2: "the parameter id, or an id after an equals sign
 * in the hash"): `#/activation?id=…` or `?id=…#/activation`, else the text after the last `=` in the hash
 * (`#/activation=…`, `#/activation?=…`). Null when the address holds none.
 */
export function activationIdFrom(address: AddressParts): string | null {
  const fromParam = new URLSearchParams(hashQuery(address.hash)).get('id') ?? new URLSearchParams(address.search).get('id');
  if (fromParam) return fromParam;
  const equals = address.hash.lastIndexOf('=');
  if (equals === -1) return null;
  const raw = address.hash.slice(equals + 1).split('&')[0] ?? '';
  try {
    const id = decodeURIComponent(raw);
    return id === '' ? null : id;
  } catch {
    return null;
  }
}

const ACTIVATION_STATUSES: ReadonlySet<string> = new Set<ActivationStatus>(['SUCCESSFUL', 'ALREADY_ACTIVATED', 'ERROR_LINK_EXPIRED', 'MAINTENANCE', 'ERROR']);

/**
 * The spec's activation status of an `activateAccount` answer: the ok status (SUCCESSFUL, ALREADY_ACTIVATED), or the
 * error's code (ERROR_LINK_EXPIRED, MAINTENANCE, ERROR); no answer or an unknown code reads as ERROR.
 */
export function activationStatusOf(answer: { ok: { status: ActivationStatus } | null; error: { code: string } | null } | undefined): ActivationStatus {
  if (answer?.ok) return answer.ok.status;
  const code = answer?.error?.code;
  return code !== undefined && ACTIVATION_STATUSES.has(code) ? (code as ActivationStatus) : 'ERROR';
}
