import { index, table, text } from './kit';

/**
 * Open electronic-ID (ID Austria, OpenID Connect) login requests: one row per `GET /webportal/eid/start`, read back
 * by the callback (DOMAIN.md "Electronic ID"; spec 000 section 2, route /eid). Kept in the database, not in process
 * memory, so that any portal process serving the same database can answer the callback (ARCHITECTURE.md "Growing
 * past one machine").
 *
 * - `stateHash` is the SHA-256 (base64url) of the random `state` sent to the provider; the state itself is never
 *   stored, so a leaked table cannot be replayed against the callback.
 * - A row is single use: the callback sets `usedAt` atomically and only while it is null and `expiresAt` (creation
 *   plus 10 minutes) lies in the future. Expired rows are deleted by later starts.
 */
export const eidAuthRequests = table(
  'eid_auth_requests',
  {
    /** SHA-256 of the `state` parameter, base64url. */
    stateHash: text().primaryKey(),
    /** The `nonce` the ID token must carry. */
    nonce: text().notNull(),
    /** PKCE `code_verifier` (RFC 7636) sent with the code exchange; the provider got its S256 challenge. */
    codeVerifier: text().notNull(),
    /** App route (hash path such as `/kontoinformation/pensionskasse`) to continue with after login; null = default. */
    returnTo: text(),
    createdAt: text().notNull(),
    /** ISO instant after which the callback refuses the request (created + 10 minutes). */
    expiresAt: text().notNull(),
    /** Set when the callback consumed the request; a second callback with the same state is refused. */
    usedAt: text(),
  },
  (t) => [index('eid_auth_requests_expires_idx').on(t.expiresAt)],
);

export type EidAuthRequestRow = typeof eidAuthRequests.$inferSelect;
