import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient, type LoginAnswer } from '../../helpers/client';
import { startTestServer, type TestServer } from '../../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2, env: { MATOMO_URL: 'https://analytics.example.at/', MATOMO_SITE_ID: '7', FRAME_ANCESTORS: 'https://www.vbv.at' } });
});
afterAll(async () => {
  await server.close();
});

const login = async (email: string) => {
  const client = new PortalClient(server.url);
  const res = await client.graphql<{ login: LoginAnswer }>(
    `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ok { status loggedIn } error { code } } }`,
    {
      e: email,
      p: DEMO_PASSWORD,
    },
  );
  return { client, status: res.body.data!.login.ok?.status };
};

describe('keep-alive (spec 000 section 9: every 180 s while active)', () => {
  it('keeps a session alive past the idle time-out while the client calls keepAlive', async () => {
    const { client } = await login('anna.muster@example.at');
    for (let i = 0; i < 6; i++) {
      server.clock.advance(180_000);
      expect((await client.graphql(`mutation { keepAlive { loggedIn } }`)).body.data).toEqual({ keepAlive: { loggedIn: true } });
    }
    expect((await client.graphql<{ me: { firstName: string } }>(`{ me { firstName } }`)).body.data!.me.firstName).toBe('Anna');
  });

  it('answers loggedIn false once the session timed out, without an error', async () => {
    const { client } = await login('anna.muster@example.at');
    server.clock.advance(15 * 60_000);
    const res = await client.graphql(`mutation { keepAlive { loggedIn } }`);
    expect(res.body).toEqual({ data: { keepAlive: { loggedIn: false } } });
  });

  it('does not extend the session when only checkSessionQuiet is asked', async () => {
    const { client } = await login('anna.muster@example.at');
    // The server ends a session after 14 idle minutes (10 min warning + 30 s logout + 180 s keep-alive + 30 s slack).
    for (let i = 0; i < 4; i++) {
      server.clock.advance(180_000);
      expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
    }
    server.clock.advance(180_000);
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: false });
    expect((await client.rest('getPersonalData')).status).toBe(423);
  });
});

describe('update registration: confirming the stored e-mail', () => {
  it('hans confirms his e-mail and is then logged in', async () => {
    const { client, status } = await login('hans.update@example.at');
    expect(status).toBe('UPDATE_PKVK_MAIL');
    const pending = await client.graphql(`{ pendingLogin { status email } }`);
    expect(pending.body.data).toEqual({ pendingLogin: { status: 'UPDATE_PKVK_MAIL', email: 'hans.update@example.at' } });
    const res = await client.graphql(`mutation { confirmRegistrationEmail { ok { status loggedIn } error { code } } }`);
    expect(res.body.data).toEqual({ confirmRegistrationEmail: { ok: { status: 'SUCCESSFUL', loggedIn: true }, error: null } });
    expect((await client.graphql<{ me: { firstName: string } }>(`{ me { firstName } }`)).body.data!.me.firstName).toBe('Hans');
  });

  it('cannot be called without a session', async () => {
    const res = await new PortalClient(server.url).graphql(`mutation { confirmRegistrationEmail { ok { status loggedIn } error { code } } }`);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const pending = await new PortalClient(server.url).graphql(`{ pendingLogin { email } }`);
    expect(pending.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('client configuration and security headers follow the configuration', () => {
  it('exposes the Matomo settings and allows the tracker origin in the CSP, and only the configured embedder', async () => {
    const res = await new PortalClient(server.url).graphql<{ clientConfig: Record<string, unknown> }>(`{ clientConfig { matomoSiteId matomoUrl chatbotUrl } }`);
    expect(res.body.data!.clientConfig).toEqual({ matomoSiteId: 7, matomoUrl: 'https://analytics.example.at/', chatbotUrl: null });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://analytics.example.at");
    expect(csp).toContain('frame-ancestors https://www.vbv.at');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
