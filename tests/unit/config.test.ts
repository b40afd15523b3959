import { describe, expect, it } from 'vitest';
import { configuredClock, loadConfig } from '../../server/config';
import { movedClock, systemClock } from '../../server/platform/shared/clock';

describe('server configuration', () => {
  it('has working defaults for npm start', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATABASE_PATH).toBe('data/portal.db');
    expect(c.TENANT).toBe('main');
    expect(c.IDLE_WARNING_MINUTES).toBe(10);
    expect(c.LOCKOUT_MINUTES).toBe(60);
  });

  it('fails fast with the name of every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', TENANT: 'vienna' })).toThrow(/PORT[\s\S]*TENANT|TENANT[\s\S]*PORT/);
  });

  it('reads the maintenance switch as a flag', () => {
    expect(loadConfig({ MAINTENANCE: '1' }).MAINTENANCE).toBe(true);
    expect(loadConfig({ MAINTENANCE: 'false' }).MAINTENANCE).toBe(false);
  });

  it('moves the clock with PORTAL_CLOCK_START outside production, and refuses it in production', () => {
    const anchor = Date.now() - 5_000;
    const config = loadConfig({ NODE_ENV: 'test', PORTAL_CLOCK_START: '2026-03-11T09:00:00Z', PORTAL_CLOCK_ANCHOR_MS: String(anchor) });
    const now = configuredClock(config).now();
    // Five seconds after the anchor, and moving on in real time (the test itself takes a few milliseconds).
    expect(now - Date.parse('2026-03-11T09:00:00Z')).toBeGreaterThanOrEqual(5_000);
    expect(now - Date.parse('2026-03-11T09:00:00Z')).toBeLessThan(6_000);
    expect(configuredClock(loadConfig({}))).toBe(systemClock);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.at', PORTAL_CLOCK_START: '2026-03-11T09:00:00Z' })).toThrow(
      /PORTAL_CLOCK_START: not allowed in production/,
    );
    expect(() => loadConfig({ PORTAL_CLOCK_START: '11.03.2026' })).toThrow(/PORTAL_CLOCK_START/);
    expect(() => loadConfig({ PORTAL_CLOCK_ANCHOR_MS: '1' })).toThrow(/PORTAL_CLOCK_ANCHOR_MS: only together with PORTAL_CLOCK_START/);
  });

  it('a moved clock keeps its distance to the real time', () => {
    const clock = movedClock(1_000_000, Date.now());
    const first = clock.now();
    expect(first).toBeGreaterThanOrEqual(1_000_000);
    expect(first).toBeLessThan(1_000_000 + 1_000);
  });
});
