/**
 * The self-hosted captcha (decisions 0023 and 0024): an ALTCHA proof of work handed out by the public
 * query `captchaChallenge`, solved here as the browser does, and checked by the captcha service. Runs on SQLite and,
 * in the vitest project `postgres`, on PostgreSQL.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaPayload } from '@contract/captcha';
import { captchaSolutions, installSecrets } from '../../db/schema';
import { CAPTCHA_SECRET_NAME, createCaptchaService } from '../../server/modules/captcha/captcha.service';
import { createCaptchaStore } from '../../server/modules/captcha/captcha.store';
import { PortalClient } from '../helpers/client';
import { CAPTCHA_CHALLENGE, fetchAndSolveCaptcha, solveCaptcha } from '../helpers/captcha';
import { startTestServer, type TestServer } from '../helpers/test-server';

const MINUTE = 60_000;
let server: TestServer;
let client: PortalClient;

beforeAll(async () => {
  server = await startTestServer({ members: 0, env: { CAPTCHA_MAX_NUMBER: '20000' } });
  client = new PortalClient(server.url);
});
afterAll(async () => {
  await server.close();
});

/** The same captcha as a second server process on the same database would build it (own store, no key set). */
function otherProcess() {
  return createCaptchaService({
    store: createCaptchaStore(server.db),
    clock: server.clock,
    settings: { hmacKey: undefined, ttlMs: 10 * MINUTE, maxNumber: 20_000 },
  });
}

function decode(value: string): CaptchaPayload {
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as CaptchaPayload;
}
const encode = (payload: unknown): string => Buffer.from(JSON.stringify(payload)).toString('base64');

async function usedCount(): Promise<number> {
  return (await server.db.select({ n: count() }).from(captchaSolutions))[0]!.n;
}

describe('captchaChallenge and the captcha service', () => {
  it('hands out a signed SHA-256 challenge to anyone, expiring 10 minutes from the clock, with the key generated once and stored', async () => {
    const { status, body } = await client.operation(CAPTCHA_CHALLENGE);
    expect(status).toBe(200);
    const c = body.data!.captchaChallenge;
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxNumber: 20_000 });
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.salt).toBe(`${c.salt.slice(0, 24)}?expires=${Math.floor((server.clock.now() + 10 * MINUTE) / 1000)}&`);
    const secrets = await server.db.select().from(installSecrets).where(eq(installSecrets.name, CAPTCHA_SECRET_NAME));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a valid solution once and refuses its replay, also in another process on the same database', async () => {
    const value = await fetchAndSolveCaptcha(client);
    const before = await usedCount();
    const first = await server.deps.captcha.redeem(value);
    expect(first).toMatchObject({ ok: true, value: { challenge: decode(value).challenge } });
    expect(await usedCount()).toBe(before + 1);
    expect(await server.deps.captcha.redeem(value)).toMatchObject({ ok: false, code: 'CAPTCHA_USED', fieldErrors: [{ field: 'captcha', code: 'CAPTCHA_USED' }] });
    expect(await otherProcess().redeem(value)).toMatchObject({ ok: false, code: 'CAPTCHA_USED' });
    // A fresh solution is good in the other process too: it found the same stored key.
    expect(await otherProcess().redeem(await fetchAndSolveCaptcha(client))).toMatchObject({ ok: true });
  });

  it('refuses a wrong number, a forged signature, a changed expiry and malformed values, and records none of them', async () => {
    const value = await fetchAndSolveCaptcha(client);
    const payload = decode(value);
    const before = await usedCount();
    const wrong = [
      encode({ ...payload, number: (payload.number + 1) % 20_000 }),
      encode({ ...payload, signature: 'f'.repeat(64) }),
      encode({ ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=9999999999') }),
      encode({ ...payload, algorithm: 'SHA-1' }),
      encode({ ...payload, number: -1 }),
      encode({ ...payload, number: 1.5 }),
      encode([payload]),
      encode(null),
      'not base64 json',
      '',
      'A'.repeat(5000),
      undefined,
      42,
    ];
    for (const w of wrong) {
      expect(await server.deps.captcha.redeem(w), String(w).slice(0, 60)).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    }
    expect(await usedCount()).toBe(before);
    // A challenge signed by another installation's key is refused as well.
    const foreign = createCaptchaService({ store: createCaptchaStore(server.db), clock: server.clock, settings: { hmacKey: 'x'.repeat(40), ttlMs: MINUTE, maxNumber: 100 } });
    expect(await server.deps.captcha.redeem(await solveCaptcha(await foreign.challenge()))).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    // The untouched solution still works.
    expect(await server.deps.captcha.redeem(value)).toMatchObject({ ok: true });
  });

  it('refuses a solution whose challenge expired (clock moved 10 minutes), and the purge job deletes used solutions after their expiry', async () => {
    const late = await fetchAndSolveCaptcha(client);
    const used = await fetchAndSolveCaptcha(client);
    expect(await server.deps.captcha.redeem(used)).toMatchObject({ ok: true });
    server.clock.advance(10 * MINUTE - 1000);
    expect(await server.deps.captcha.check(late)).toMatchObject({ ok: true });
    server.clock.advance(1000);
    expect(await server.deps.captcha.redeem(late)).toMatchObject({ ok: false, code: 'CAPTCHA_EXPIRED', fieldErrors: [{ field: 'captcha', code: 'CAPTCHA_EXPIRED' }] });
    const usedChallenge = decode(used).challenge;
    expect(await server.db.select().from(captchaSolutions).where(eq(captchaSolutions.challenge, usedChallenge))).toHaveLength(1);
    server.clock.advance(1);
    // The job `captcha.purge` (job lease, every 15 minutes) removes every record past its expiry.
    server.clock.advance(15 * MINUTE);
    await server.deps.scheduler.runDue();
    expect(await server.db.select().from(captchaSolutions).where(eq(captchaSolutions.challenge, usedChallenge))).toHaveLength(0);
    expect(await usedCount()).toBe(0);
  });
});

describe('CAPTCHA_HMAC_KEY', () => {
  it('signs with the configured key instead of a generated one', async () => {
    const key = 'k'.repeat(48);
    const own = await startTestServer({ members: 0, env: { CAPTCHA_HMAC_KEY: key, CAPTCHA_MAX_NUMBER: '500' } });
    try {
      const value = await fetchAndSolveCaptcha(new PortalClient(own.url));
      const sameKey = createCaptchaService({ store: createCaptchaStore(own.db), clock: own.clock, settings: { hmacKey: key, ttlMs: MINUTE, maxNumber: 500 } });
      expect(await sameKey.check(value)).toMatchObject({ ok: true });
      expect(await own.db.select().from(installSecrets)).toHaveLength(0);
    } finally {
      await own.close();
    }
  });
});
