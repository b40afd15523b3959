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
