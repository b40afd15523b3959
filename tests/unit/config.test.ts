import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

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
});
