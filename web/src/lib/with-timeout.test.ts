import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the value when the promise settles in time', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 1000)).resolves.toBe('screen');
  });

  it('rejects with a ChunkLoadTimeoutError when the promise takes longer than the time-out', async () => {
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, 120_000);
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('passes on the rejection of the promise itself', async () => {
    await expect(withTimeout(Promise.reject(new Error('offline')), 1000)).rejects.toThrow('offline');
  });
});
