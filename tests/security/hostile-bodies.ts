import fc from 'fast-check';
import { emailOf } from '../helpers/scenarios';
import { MALFORMED_CONTENT_TYPE, MALFORMED_MULTIPART_BODIES } from './malformed-multipart';

/**
 * Generators of hostile request bodies for the REST suite (docs/security.md):
 * wrong types, missing and extra fields, very long strings, NUL and bidi characters, lone surrogates,
 * `__proto__` / `constructor` keys, deep nesting, truncated bodies and wrong content types, sent as
 * form-urlencoded, JSON or multipart.
 */

const nasty = fc.constantFrom(
  '',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  'true',
  'false',
  '1',
  '-1',
  'NaN',
  'null',
  '__proto__',
  '%00',
  '😀'.repeat(50),
  'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK',
  emailOf('anna'),
);

export const scalar = fc.oneof(
  nasty,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant('x'.repeat(70_000)),
);

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Field maps built from the method's real field names, plus extra and prototype-polluting keys. */
export function fieldMap(fields: string[]) {
  const key = fc.oneof(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), fc.string({ maxLength: 20 }));
  return fc.dictionary(key, value, { maxKeys: 6 });
}

export interface HostileRequest {
  kind: string;
  contentType: string | null;
  body: string | Uint8Array | FormData;
}

function formString(map: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(map)) params.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return params.toString();
}

/** One hostile request for a method with the given field names. */
export function hostileRequest(fields: string[]): fc.Arbitrary<HostileRequest> {
  const map = fieldMap(fields);
  return fc.oneof(
    map.map((m) => ({ kind: 'json', contentType: 'application/json', body: JSON.stringify(m) ?? 'null' })),
    map.map((m) => ({ kind: 'form', contentType: 'application/x-www-form-urlencoded', body: formString(m) })),
    map.map((m) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(m)) form.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
      return { kind: 'multipart', contentType: null, body: form };
    }),
    fc.tuple(map, fc.nat()).map(([m, cut]) => {
      const text = JSON.stringify(m) ?? '{}';
      return { kind: 'truncated-json', contentType: 'application/json', body: text.slice(0, cut % Math.max(1, text.length)) };
    }),
    fc
      .tuple(
        value,
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'text/plain', 'application/xml', 'multipart/form-data'),
      )
      .map(([v, type]) => ({
        kind: 'mismatched',
        contentType: type,
        body: typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
      })),
    // Deep nesting as raw text (up to 100,000 levels), so that only the server has to parse it.
    fc.tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.integer({ min: 100, max: 100_000 })).map(([field, depth]) => ({
      kind: 'deep-json',
      contentType: 'application/json',
      body: `{"${field}":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    })),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ kind: 'binary', contentType: 'application/json', body: bytes })),
    // Multipart bodies that end or break inside a part (a cut-off upload once ended the process; decision 0045).
    fc.constantFrom(...Object.values(MALFORMED_MULTIPART_BODIES)).map((body) => ({ kind: 'malformed-multipart', contentType: MALFORMED_CONTENT_TYPE, body })),
    fc.constant({ kind: 'huge', contentType: 'application/json', body: JSON.stringify({ user: 'x'.repeat(1_100_000) }) }),
  );
}
