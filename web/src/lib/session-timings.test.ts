import { describe, expect, it } from 'vitest';
import { sessionTimings } from './session-timings';

describe('sessionTimings', () => {
  it('warns after the configured idle time, logs out 30 s later and keeps alive every 180 s', () => {
    expect(sessionTimings(600, null)).toEqual({ idleWarningMs: 600_000, logoutAfterWarningMs: 30_000, keepAliveMs: 180_000 });
  });

  it('takes shorter timings from the test override', () => {
    const override = JSON.stringify({ idleWarningSeconds: 3, logoutAfterWarningSeconds: 5, keepAliveSeconds: 2 });
    expect(sessionTimings(600, override)).toEqual({ idleWarningMs: 3000, logoutAfterWarningMs: 5000, keepAliveMs: 2000 });
  });

  it('never lengthens a timing and never goes below one second', () => {
    const override = JSON.stringify({ idleWarningSeconds: 9999, logoutAfterWarningSeconds: 0, keepAliveSeconds: 'x' });
    expect(sessionTimings(600, override)).toEqual({ idleWarningMs: 600_000, logoutAfterWarningMs: 1000, keepAliveMs: 180_000 });
  });

  it('ignores a malformed override', () => {
    expect(sessionTimings(900, '{oops')).toEqual({ idleWarningMs: 900_000, logoutAfterWarningMs: 30_000, keepAliveMs: 180_000 });
  });
});
