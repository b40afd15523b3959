import { index, table, text } from './kit';

/**
 * Machine clients of the fund's core system (OAuth 2.0 client credentials, RFC 6749 section 4.4; decision 0050).
 * Created by `npm run fund -- client create`; the secret is shown once and only its SHA-256 is kept (a 256-bit random
 * secret needs no slow hash, decision 0050). A revoked client gets no token and its issued tokens stop working at once
 * (every request looks the client up).
 */
export const fundClients = table(
  'fund_clients',
  {
    /** Public client id (`fc_` and 24 base64url characters). */
    id: text().primaryKey(),
    /** Who the client is, for operators (free text, at most 100 characters). */
    name: text().notNull(),
    /** The scopes the client may ask for, space-separated (RFC 6749 section 3.3), from the fund's scope list. */
    scopes: text().notNull(),
    /** SHA-256 (hex) of the client secret. */
    secretHash: text().notNull(),
    /** ISO instant of creation. */
    createdAt: text().notNull(),
    /** ISO instant of revocation, or null while the client is active. */
    revokedAt: text(),
  },
  (t) => [index('fund_clients_created_idx').on(t.createdAt)],
);

/**
 * Keys that sign the fund's access tokens (JWT, RFC 9068; decision 0050). The newest key without `retiredAt` signs;
 * every key not retired is published at `/.well-known/jwks.json`, so during a rotation (`npm run fund -- key rotate`)
 * the old and the new key are both there until the old one is retired.
 */
export const signingKeys = table('signing_keys', {
  /** Key id (`kid` in the JWT header and the JWK). */
  kid: text().primaryKey(),
  /** JWS algorithm of the key (`ES256`). */
  alg: text().notNull(),
  /** The public key as a JWK (JSON text). */
  publicJwk: text().notNull(),
  /** The private key as a JWK (JSON text). */
  privateJwk: text().notNull(),
  /** ISO instant of creation; the newest active key signs. */
  createdAt: text().notNull(),
  /** ISO instant the key stopped signing (rotation), or null; retired keys still verify until `retiredAt` + token lifetime. */
  retiredAt: text(),
});

export type FundClientRow = typeof fundClients.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
