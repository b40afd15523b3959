import { describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, broadcastAuth, onAuthMessage, parseAuthMessage } from './auth-channel';

describe('broadcastAuth', () => {
  it('writes the message type and time under mvbv-auth', () => {
    const setItem = vi.fn();
    broadcastAuth('timeout', { setItem }, 1234);
    expect(setItem).toHaveBeenCalledWith('mvbv-auth', '{"type":"timeout","at":1234}');
    expect(AUTH_STORAGE_KEY).toBe('mvbv-auth');
  });

  it('ignores storage that refuses writes', () => {
    const setItem = vi.fn(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => broadcastAuth('logout', { setItem })).not.toThrow();
  });
});

describe('parseAuthMessage', () => {
  it('reads login, logout and timeout messages', () => {
    expect(parseAuthMessage('{"type":"logout","at":5}')).toEqual({ type: 'logout', at: 5 });
    expect(parseAuthMessage('{"type":"login"}')).toEqual({ type: 'login', at: 0 });
  });

  it('refuses removed keys, foreign types and malformed values', () => {
    expect(parseAuthMessage(null)).toBeNull();
    expect(parseAuthMessage('{"type":"other"}')).toBeNull();
    expect(parseAuthMessage('logout')).toBeNull();
    expect(parseAuthMessage('null')).toBeNull();
  });
});

describe('onAuthMessage', () => {
  it('passes on messages under mvbv-auth only, until stopped', () => {
    const target = new EventTarget() as unknown as Window;
    const listener = vi.fn();
    const stop = onAuthMessage(listener, target);
    const storageEvent = (key: string, newValue: string | null) => Object.assign(new Event('storage'), { key, newValue });
    target.dispatchEvent(storageEvent('other', '{"type":"logout"}'));
    target.dispatchEvent(storageEvent('mvbv-auth', '{"type":"logout","at":1}'));
    stop();
    target.dispatchEvent(storageEvent('mvbv-auth', '{"type":"timeout","at":2}'));
    expect(listener.mock.calls).toEqual([[{ type: 'logout', at: 1 }]]);
  });
});
