import { describe, expect, it } from 'vitest';
import { createRestartBackoff } from './restart-backoff';

describe('createRestartBackoff', () => {
  it('restarts the first five exits of a minute at once, then waits 1, 2, 4 … up to 30 seconds', () => {
    const backoff = createRestartBackoff();
    const waits = Array.from({ length: 12 }, (_, i) => backoff.next(1_000_000 + i * 100));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('forgets exits older than a minute', () => {
    const backoff = createRestartBackoff();
    for (let i = 0; i < 6; i++) backoff.next(i);
    expect(backoff.next(10)).toBe(2000);
    expect(backoff.next(70_000)).toBe(0);
  });
});
