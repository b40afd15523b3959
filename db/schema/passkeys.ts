import { index, integer, table, text, uniqueIndex } from './kit';
import { persons } from './persons';

/**
 * A member's passkeys (WebAuthn public-key credentials, W3C Web Authentication Level 3 section 6.1 "Credential
 * Record"; docs/decisions/0047-passkeys.md). Only public data: the credential id, the COSE public key and the signature
 * counter; the private key never leaves the member's authenticator. A credential belongs to the relying party id
 * (`rpId`, the host of the portal's public origin) it was created for and is offered at login only there.
 */
export const passkeys = table(
  'passkeys',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The credential id (WebAuthn section 6.1 `id`), base64url without padding; unique over all members. */
    credentialId: text().notNull(),
    /** The credential public key in COSE_Key format (RFC 9052 section 7), base64url without padding. */
    publicKey: text().notNull(),
    /**
     * The last signature counter the authenticator reported (WebAuthn section 6.1.1); 0 for authenticators that do
     * not count (most synced passkeys). A later assertion with a counter not above it is refused unless both are 0.
     */
    counter: integer().notNull().default(0),
    /**
     * The WebAuthn user handle (`user.id`, section 5.4.3) given at registration: 16 random bytes, base64url, never
     * derived from personal data. A login's assertion that names a user handle must name this one (section 7.2).
     */
    userHandle: text().notNull(),
    /** The transports the authenticator named at registration (`usb`, `nfc`, `ble`, `internal`, `hybrid`, …), as hints for the browser. */
    transports: text({ mode: 'json' }).$type<string[]>().notNull(),
    /** The relying party id the credential was created for: the host of PUBLIC_ORIGIN of the tenant that registered it. */
    rpId: text().notNull(),
    /** The member's name for it (1–60 characters), shown in the settings. */
    name: text().notNull(),
    /** ISO instant of the registration. */
    createdAt: text().notNull(),
    /** ISO instant of the last login with it; null before the first. */
    lastUsedAt: text(),
  },
  (t) => [uniqueIndex('passkeys_credential_id_uq').on(t.credentialId), index('passkeys_person_idx').on(t.personId)],
);

/**
 * Open WebAuthn ceremonies (docs/decisions/0047-passkeys.md "Challenges"): one random challenge per started
 * registration or login, stored server-side, valid for `expiresAt` and taken (deleted) by the first answer that
 * names it, so a challenge is used at most once across all processes. A registration's challenge is bound to the
 * person and to the session that started it.
 */
export const passkeyChallenges = table(
  'passkey_challenges',
  {
    /** The challenge (32 random bytes), base64url without padding, as the authenticator signs it in clientDataJSON. */
    challenge: text().primaryKey(),
    /** REGISTRATION (adding a passkey in the settings) or AUTHENTICATION (logging in). */
    purpose: text({ enum: ['REGISTRATION', 'AUTHENTICATION'] }).notNull(),
    /** The person adding a passkey; null for a login (the passkey names the person). */
    personId: integer().references(() => persons.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token that started a registration; null for a login. */
    sessionHash: text(),
    /** A registration's WebAuthn user handle (16 random bytes, base64url) named in its options; kept for the new passkey. */
    userHandle: text(),
    /** The relying party id the ceremony was started for. */
    rpId: text().notNull(),
    /** ISO instant the ceremony started. */
    createdAt: text().notNull(),
    /** ISO instant after which the challenge is refused (and may be purged). */
    expiresAt: text().notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
