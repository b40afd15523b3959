import { describe, expect, it } from 'vitest';
import { announcedSeconds, idlePhase, keepAliveDue } from './idle-state';

const timings = { idleWarningMs: 600_000, logoutAfterWarningMs: 30_000, keepAliveMs: 180_000 };

describe('idlePhase', () => {
  it('stays active until the idle time has passed', () => {
    expect(idlePhase({ now: 599_999, lastActivity: 0, warningSince: null, timings })).toEqual({ phase: 'active' });
  });

  it('warns after the idle time with the 30 seconds left', () => {
    expect(idlePhase({ now: 600_000, lastActivity: 0, warningSince: null, timings })).toEqual({ phase: 'warning', secondsLeft: 30 });
  });

  it('counts the warning down and logs out 30 seconds after it appeared', () => {
    expect(idlePhase({ now: 610_500, lastActivity: 0, warningSince: 600_000, timings })).toEqual({ phase: 'warning', secondsLeft: 20 });
    expect(idlePhase({ now: 629_999, lastActivity: 0, warningSince: 600_000, timings })).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(idlePhase({ now: 630_000, lastActivity: 0, warningSince: 600_000, timings })).toEqual({ phase: 'logout' });
  });
});

describe('keepAliveDue', () => {
  it('calls keepAlive every interval while the member was active since the last call', () => {
    expect(keepAliveDue({ now: 180_000, lastActivity: 50_000, lastKeepAlive: 0, timings })).toBe(true);
    expect(keepAliveDue({ now: 179_999, lastActivity: 50_000, lastKeepAlive: 0, timings })).toBe(false);
  });

  it('does not keep an idle session alive', () => {
    expect(keepAliveDue({ now: 360_000, lastActivity: 100_000, lastKeepAlive: 180_000, timings })).toBe(false);
  });
});

describe('announcedSeconds', () => {
  it('announces the countdown at 30, 20, 10 and 5 seconds', () => {
    expect([30, 27, 20, 15, 10, 6, 5, 3].map(announcedSeconds)).toEqual([30, 30, 20, 20, 10, 10, 5, 5]);
  });
});
