import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages, logEntry, remoteLog } from './remote-log';

afterEach(() => vi.unstubAllGlobals());

describe('logEntry', () => {
  it('cuts the component, the number of messages and each message to the server limits', () => {
    const entry = logEntry(
      'x'.repeat(150),
      'ERROR',
      Array.from({ length: 25 }, () => 'm'.repeat(2500)),
    );
    expect(entry.component).toHaveLength(100);
    expect(entry.msgs).toHaveLength(20);
    expect(entry.msgs[0]).toHaveLength(2000);
    expect(entry.level).toBe('ERROR');
  });
});

describe('errorMessages', () => {
  it('names the error, some stack lines and the route', () => {
    const error = new TypeError('x is undefined');
    const messages = errorMessages(error, '#/dashboard');
    expect(messages[0]).toBe('TypeError: x is undefined');
    expect(messages.at(-1)).toBe('route #/dashboard');
    expect(errorMessages('plain', '#/login')).toEqual(['plain', 'route #/login']);
  });
});

describe('remoteLog', () => {
  it('POSTs the entry as JSON to rest/log and ignores a failing answer', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    remoteLog('ErrorBoundary', 'ERROR', ['Error: boom']);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('rest/log');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ component: 'ErrorBoundary', level: 'ERROR', msgs: ['Error: boom'] });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});
