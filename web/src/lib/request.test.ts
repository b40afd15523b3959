import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleGraphQLErrors, onSessionEnd, portalFetch, portalLanguage, REQUEST_TIMEOUT_MS, restCall, type SessionEndReason } from './request';

const fetchMock = vi.fn<typeof fetch>();
let reasons: SessionEndReason[] = [];
let stopListening: () => void = () => {};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  reasons = [];
  stopListening = onSessionEnd((reason) => reasons.push(reason));
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

function lastInit(): RequestInit {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  if (!init) throw new Error('fetch was not called');
  return init;
}

describe('portalFetch', () => {
  it('sends cookies, the portal version marker, the language and a time-out signal', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await portalFetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    const init = lastInit();
    const headers = new Headers(init.headers);
    expect(init.credentials).toBe('include');
    expect(headers.get('X-Application-Version')).toBe('Portal');
    expect(headers.get('Accept-Language')).toBe('de');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(REQUEST_TIMEOUT_MS).toBe(180_000);
  });

  it('raises "Invalid HTTP-Status-Code" with the status for a non-OK answer', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(portalFetch('/graphql')).rejects.toThrow(new Error('Invalid HTTP-Status-Code 500'));
    expect(reasons).toEqual([]);
  });

  it('ends the session with the failure notice on HTTP 406 and with the timeout notice on HTTP 423', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 406 }));
    await expect(portalFetch('rest/getPersonalData')).rejects.toThrow('Invalid HTTP-Status-Code 406');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 423 }));
    await expect(portalFetch('rest/getPersonalData')).rejects.toThrow('Invalid HTTP-Status-Code 423');
    expect(reasons).toEqual(['failure', 'timeout']);
  });
});

describe('restCall', () => {
  it('POSTs to rest/{method} and gives null for an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(restCall('checkSessionQuiet')).resolves.toBeNull();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('rest/checkSessionQuiet');
    expect(lastInit().method).toBe('POST');
  });

  it('parses a JSON answer and returns any other answer as text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"loggedIn":true}', { status: 200 }));
    await expect(restCall('checkSessionQuiet')).resolves.toEqual({ loggedIn: true });
    fetchMock.mockResolvedValueOnce(new Response('SUCCESSFUL', { status: 200 }));
    await expect(restCall('login')).resolves.toBe('SUCCESSFUL');
  });

  it('sends form fields form-urlencoded and objects as JSON', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 200 })));
    const form = new URLSearchParams({ user: 'anna.muster@example.at', password: 'x' });
    await restCall('login', form);
    expect(lastInit().body).toBe(form);
    await restCall('setSelectedAspDuty', { kundenbezeichnung: 'Muster GmbH' });
    expect(lastInit().body).toBe('{"kundenbezeichnung":"Muster GmbH"}');
    expect(new Headers(lastInit().headers).get('Content-Type')).toBe('application/json');
  });
});

describe('portalLanguage', () => {
  it('takes a supported lng parameter from the query string or the hash route, else German', () => {
    expect(portalLanguage({ search: '?lng=de', hash: '' })).toBe('de');
    expect(portalLanguage({ search: '', hash: '#/login?lng=de' })).toBe('de');
    expect(portalLanguage({ search: '?lng=xx', hash: '' })).toBe('de');
    expect(portalLanguage(undefined)).toBe('de');
  });
});

describe('handleGraphQLErrors', () => {
  it('ends the session for UNAUTHENTICATED and, with the timeout notice, for SESSION_TIMEOUT', () => {
    expect(handleGraphQLErrors([{ extensions: { code: 'UNAUTHENTICATED' } }])).toBe('unauthenticated');
    expect(handleGraphQLErrors([{ extensions: { code: 'SESSION_TIMEOUT' } }])).toBe('timeout');
    expect(reasons).toEqual(['unauthenticated', 'timeout']);
  });

  it('tells a session ended by a password change elsewhere (extensions.reason SETTINGS_CHANGED)', () => {
    expect(handleGraphQLErrors([{ extensions: { code: 'UNAUTHENTICATED', reason: 'SETTINGS_CHANGED' } }])).toBe('settingsChanged');
    expect(reasons).toEqual(['settingsChanged']);
  });

  it('ignores other errors', () => {
    expect(handleGraphQLErrors([{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }, {}])).toBeNull();
    expect(reasons).toEqual([]);
  });
});
