/**
 * The captcha contract shared by the web app's captcha component (web/src/components/ui/captcha.tsx) and the captcha
 * service (server/modules/captcha; decision 0024): a self-hosted ALTCHA proof of work (SHA-256, altcha-lib v1 format)
 * that sets no cookie and calls no third party. Pure TypeScript without imports.
 */

/** A challenge as the server hands it out (GraphQL `captchaChallenge`): the browser searches `number` in 0..maxNumber. */
export interface CaptchaChallenge {
  /** Hash algorithm, always `SHA-256`. */
  algorithm: string;
  /** SHA-256 (hex) of `salt` followed by the secret number. */
  challenge: string;
  /** Largest number the search has to try. */
  maxNumber: number;
  /** Random salt with the expiry as a parameter (`…?expires=<unix seconds>&`). */
  salt: string;
  /** HMAC-SHA-256 (hex) of `challenge` under the installation's key. */
  signature: string;
}

/** The solution a form sends in its `captcha` field: base64 of this object as JSON (the ALTCHA payload). */
export interface CaptchaPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** Encodes a found `number` for `challenge` as the `captcha` field value (base64 of the JSON payload). */
export function encodeCaptchaSolution(challenge: CaptchaChallenge, number: number): string {
  const payload: CaptchaPayload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
  return btoa(JSON.stringify(payload));
}

/** Longest `captcha` field value accepted (a real payload is about 350 characters). */
export const CAPTCHA_FIELD_MAX = 1000;

/** Header that carries the solved captcha on a public upload (`POST /webportal/upload?purpose=upload-form`). */
export const CAPTCHA_HEADER = 'x-captcha';

/**
 * Why a captcha was refused (catalogue key `captcha.error.<code>`):
 * - CAPTCHA_INVALID: missing, malformed, wrong number or a signature not made by this installation;
 * - CAPTCHA_EXPIRED: the challenge is older than CAPTCHA_TTL_MINUTES;
 * - CAPTCHA_USED: the solution was already accepted once (by any process).
 */
export const CAPTCHA_ERROR_CODES = ['CAPTCHA_INVALID', 'CAPTCHA_EXPIRED', 'CAPTCHA_USED'] as const;

export type CaptchaErrorCode = (typeof CAPTCHA_ERROR_CODES)[number];
