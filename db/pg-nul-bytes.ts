import type { PoolClient } from 'pg';

/**
 * PostgreSQL text and jsonb cannot hold U+0000 (SQLite can): a parameter with a NUL character fails the whole
 * statement ("invalid byte sequence for encoding UTF8: 0x00", or "unsupported Unicode escape sequence" for the
 * `\u0000` escape in JSON text), which turned hostile input such as the e-mail `a\u0000b` at the login into an
 * internal error. Every string parameter of `client`'s queries gets U+FFFD (the replacement character) in place of
 * U+0000 and of JSON's `\u0000` escape, so such input is compared and stored as on SQLite except for that character
 * (a lookup still finds nothing, as no stored value holds a NUL). Found by tests/security/graphql-hostile-input.test.ts
 * on PostgreSQL.
 */
export function withoutNulBytes(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const clean = (value: unknown): unknown => {
    if (typeof value !== 'string' || !(value.includes('\u0000') || value.includes('\\u0000'))) return value;
    let out = value.replaceAll('\u0000', '\ufffd');
    // JSON's escape, only where its backslash is not itself escaped (an odd number of backslashes before "u0000").
    if (!/^\s*[[{"]/.test(out)) return out;
    let before: string;
    do {
      before = out;
      out = out.replace(/(^|[^\\])((?:\\\\)*)\\u0000/g, '$1$2\\ufffd');
    } while (out !== before);
    return out;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    if (Array.isArray(values)) args[1] = values.map(clean);
    else if (config && typeof config === 'object' && Array.isArray((config as { values?: unknown }).values)) {
      args[0] = { ...config, values: (config as { values: unknown[] }).values.map(clean) };
    }
    return query(...args);
  };
}
