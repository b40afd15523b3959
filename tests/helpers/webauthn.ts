import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for the API tests of the passkeys (docs/decisions/0047-passkeys.md): it builds real WebAuthn
 * answers (W3C Web Authentication Level 3 sections 5.8.1 clientDataJSON, 6.1 authenticator data, 6.5 attestation
 * object with format `none`, 6.3.3 assertion signature) with ES256 key pairs of node:crypto and a small CBOR encoder
 * of its own (RFC 8949), independent of the library under test. Each answer can be bent (another origin, rpID or
 * challenge, no user verification, a signature counter) to prove the server's refusals.
 */

type Cbor = number | string | Buffer | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** CBOR head of major type `major` with argument `n` (RFC 8949 section 3). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** Encodes the few CBOR items WebAuthn needs: integers, byte and text strings, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (b: Buffer) => b.toString('base64url');

/** Authenticator data flags (WebAuthn section 6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** A credential the software authenticator holds (a discoverable one: it keeps the user handle). */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The public key as a COSE_Key (RFC 9053 EC2, ES256), what the server stores. */
  cosePublicKey: Buffer;
  rpId: string;
  /** base64url user handle of the registration options. */
  userHandle: string;
  signCount: number;
}

/** How to bend one answer; every field defaults to the honest value. */
export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** false: the authenticator reports no user verification (UV flag clear). */
  userVerified?: boolean;
  /** The signature counter to report (default: the credential's count plus one, or 0 for a non-counting one). */
  signCount?: number;
  /** The user handle to report (default: the credential's). */
  userHandle?: string;
}

/** A new ES256 credential for `rpId` and `userHandle` (not yet registered anywhere). */
export function newCredential(rpId: string, userHandle: string, signCount = 0): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return { id: randomBytes(32), privateKey, cosePublicKey, rpId, userHandle, signCount };
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

function flagsAndCount(rpId: string, flags: number, signCount: number): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount, 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
}

/**
 * The `RegistrationResponseJSON` (as @simplewebauthn/browser sends it) of `credential` for creation options
 * `optionsJson` (their challenge and user id), from `origin`; format `none`. The credential takes the options' user
 * handle and rpID unless bent.
 */
export function registrationResponse(credential: SoftCredential, optionsJson: string, origin: string, bend: Bend = {}): string {
  const options = JSON.parse(optionsJson) as { challenge: string; user: { id: string }; rp: { id: string } };
  credential.userHandle = options.user.id;
  const rpId = bend.rpId ?? options.rp.id;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credential.id.length, 0);
  const authData = Buffer.concat([
    flagsAndCount(rpId, UP | AT | (bend.userVerified === false ? 0 : UV), bend.signCount ?? credential.signCount),
    Buffer.alloc(16),
    idLength,
    credential.id,
    credential.cosePublicKey,
  ]);
  const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
  return credentialJson(credential, {
    clientDataJSON: b64url(clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? origin)),
    attestationObject: b64url(attestationObject),
    transports: ['internal'],
  });
}

/**
 * The JSON of a `PublicKeyCredential` of `credential` from a platform authenticator without extensions, carrying the
 * authenticator's `response` (registration or authentication), as the browser hands it to the portal.
 */
function credentialJson(credential: SoftCredential, response: Record<string, unknown>): string {
  return JSON.stringify({
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response,
  });
}

/**
 * The `AuthenticationResponseJSON` of `credential` for request options `optionsJson` (their challenge), from
 * `origin`: authenticator data (rpID hash, UP and UV, counter) signed with the credential's private key together with
 * the SHA-256 of clientDataJSON (WebAuthn section 6.3.3), DER-encoded ECDSA. Advances the credential's counter when
 * it counts.
 */
export function authenticationResponse(credential: SoftCredential, optionsJson: string, origin: string, bend: Bend = {}): string {
  const options = JSON.parse(optionsJson) as { challenge: string; rpId?: string };
  if (bend.signCount === undefined && credential.signCount > 0) credential.signCount += 1;
  const authData = flagsAndCount(bend.rpId ?? options.rpId ?? credential.rpId, UP | (bend.userVerified === false ? 0 : UV), bend.signCount ?? credential.signCount);
  const data = clientData('webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
  return credentialJson(credential, {
    clientDataJSON: b64url(data),
    authenticatorData: b64url(authData),
    signature: b64url(signature),
    userHandle: bend.userHandle ?? credential.userHandle,
  });
}
