import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
import { CAPTCHA_FIELD_MAX, type CaptchaChallenge, type CaptchaErrorCode } from '@contract/captcha';
import type { Clock } from '../../platform/shared/clock';
import { err, ok, type Result } from '../../platform/shared/result';
import type { CaptchaStore } from './captcha.store';

/** Settings of the captcha (server/config.ts CAPTCHA_*). */
export interface CaptchaSettings {
  /** HMAC key from CAPTCHA_HMAC_KEY; undefined: one generated per installation and kept in `install_secrets`. */
  hmacKey: string | undefined;
  /** How long a challenge may be solved and sent, in milliseconds (CAPTCHA_TTL_MINUTES). */
  ttlMs: number;
  /** Largest number of the search (CAPTCHA_MAX_NUMBER): the work a browser does, on average half of it. */
  maxNumber: number;
}

/** Name of the generated HMAC key in `install_secrets`. */
export const CAPTCHA_SECRET_NAME = 'captcha.hmac';

/** A checked solution: its challenge (the single-use key) and when that challenge expires (ISO instant). */
export interface CheckedCaptcha {
  challenge: string;
  expiresAt: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
/** The salt altcha-lib v1 makes: 24 hex characters, the expiry in unix seconds, the closing delimiter. */
const SALT = /^[0-9a-f]{24}\?expires=(\d{1,12})&$/;

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The self-hosted captcha (decisions 0023 and 0024): an ALTCHA proof of work. `challenge()` hands out a
 * signed SHA-256 challenge that expires after `ttlMs`; the browser searches the number and sends it back as the
 * `captcha` field of a public form. `check` verifies signature, number and expiry by the injected clock; `redeem`
 * also records the challenge in `captcha_solutions`, so a solution is accepted once across every process and machine.
 * Nothing about the sender is stored or sent anywhere.
 */
export function createCaptchaService(deps: { store: CaptchaStore; clock: Clock; settings: CaptchaSettings }) {
  const { store, clock, settings } = deps;
  let key: Promise<string> | undefined;

  /** The HMAC key: CAPTCHA_HMAC_KEY, else the installation's generated one (created on first use). */
  function hmacKey(): Promise<string> {
    key ??= settings.hmacKey
      ? Promise.resolve(settings.hmacKey)
      : store.secret(CAPTCHA_SECRET_NAME, randomBytes(32).toString('hex'), new Date(clock.now()).toISOString()).catch((error: unknown) => {
          key = undefined;
          throw error;
        });
    return key;
  }

  const service = {
    /** A new challenge, expiring `ttlMs` from now (unix seconds in the salt, signed with the challenge). */
    async challenge(): Promise<CaptchaChallenge> {
      const c = await createChallenge({
        hmacKey: await hmacKey(),
        maxnumber: settings.maxNumber,
        expires: new Date(clock.now() + settings.ttlMs),
      });
      return { algorithm: c.algorithm, challenge: c.challenge, maxNumber: c.maxnumber ?? settings.maxNumber, salt: c.salt, signature: c.signature };
    },
    /**
     * Checks a `captcha` field value (base64 of the JSON payload) without using it up: CAPTCHA_INVALID for anything
     * malformed, a wrong number or a foreign signature; CAPTCHA_EXPIRED after the challenge's expiry (by the clock);
     * CAPTCHA_USED when a form already redeemed it, so a used solution opens nothing, neither a form nor the upload of
     * its files (decision 0024).
     */
    async check(value: unknown): Promise<Result<CheckedCaptcha, CaptchaErrorCode>> {
      const invalid = err('CAPTCHA_INVALID' as const, [{ field: 'captcha', code: 'CAPTCHA_INVALID' }]);
      if (typeof value !== 'string' || value.length === 0 || value.length > CAPTCHA_FIELD_MAX) return invalid;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
      } catch {
        return invalid;
      }
      if (typeof payload !== 'object' || payload === null) return invalid;
      const p = payload as Record<string, unknown>;
      if (p.algorithm !== 'SHA-256' || typeof p.challenge !== 'string' || !HEX64.test(p.challenge) || typeof p.signature !== 'string' || !HEX64.test(p.signature)) return invalid;
      if (typeof p.number !== 'number' || !Number.isSafeInteger(p.number) || p.number < 0 || p.number > settings.maxNumber) return invalid;
      const salt = typeof p.salt === 'string' ? SALT.exec(p.salt) : null;
      if (!salt) return invalid;
      const expected = await createChallenge({ algorithm: 'SHA-256', hmacKey: await hmacKey(), number: p.number, salt: p.salt as string });
      if (!sameHex(expected.challenge, p.challenge) || !sameHex(expected.signature, p.signature)) return invalid;
      const expiresMs = Number(salt[1]) * 1000;
      if (expiresMs <= clock.now()) return err('CAPTCHA_EXPIRED', [{ field: 'captcha', code: 'CAPTCHA_EXPIRED' }]);
      if (await store.isUsed(p.challenge)) return err('CAPTCHA_USED', [{ field: 'captcha', code: 'CAPTCHA_USED' }]);
      return ok({ challenge: p.challenge, expiresAt: new Date(expiresMs).toISOString() });
    },
    /**
     * `check`, then uses the solution up (CAPTCHA_USED when it was accepted before, by any process). Call inside the
     * consumer's write transaction so a refusal later in it leaves the solution unused.
     */
    async redeem(value: unknown): Promise<Result<CheckedCaptcha, CaptchaErrorCode>> {
      const checked = await service.check(value);
      if (!checked.ok) return checked;
      const fresh = await store.use(checked.value.challenge, checked.value.expiresAt, new Date(clock.now()).toISOString());
      return fresh ? checked : err('CAPTCHA_USED', [{ field: 'captcha', code: 'CAPTCHA_USED' }]);
    },
    /** Deletes the records of used solutions whose challenge has expired (the job `captcha.purge`). */
    async purgeExpired(): Promise<number> {
      return store.purgeBefore(new Date(clock.now()).toISOString());
    },
  };
  return service;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
