import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql';
import { logIn, PortalClient } from '../../helpers/client';
import { emailOf, type Scenario } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const KEEP_ALIVE = graphql(`
  mutation SessionKeepAlive {
    keepAlive {
      loggedIn
    }
  }
`);
const FIRST_NAME = graphql(`
  query SessionKeepAliveFirstName {
    me {
      firstName
    }
  }
`);
const PENDING = graphql(`
  query SessionKeepAlivePendingLogin {
    pendingLogin {
      status
      email
    }
  }
`);
const CONFIRM_EMAIL = graphql(`
  mutation SessionKeepAliveConfirmEmail {
    confirmRegistrationEmail {
      ...LoginStatusFields
    }
  }
`);
const MATOMO = graphql(`
  query SessionKeepAliveMatomo {
    clientConfig {
      matomoSiteId
      matomoUrl
      chatbotUrl
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2, env: { MATOMO_URL: 'https://analytics.example.at/', MATOMO_SITE_ID: '7', FRAME_ANCESTORS: 'https://www.vbv.at' } });
});
afterAll(async () => {
  await server.close();
});

const login = async (scenario: Scenario) => {
  const client = new PortalClient(server.url);
  return { client, status: (await logIn(client, emailOf(scenario))).ok?.status };
};

describe('keep-alive (spec 000 section 9: every 180 s while active)', () => {
  it('keeps a session alive past the idle time-out while the client calls keepAlive', async () => {
    const { client } = await login('anna');
    for (let i = 0; i < 6; i++) {
      server.clock.advance(180_000);
      expect((await client.operation(KEEP_ALIVE)).body.data).toEqual({ keepAlive: { loggedIn: true } });
    }
    expect((await client.operation(FIRST_NAME)).body.data!.me?.firstName).toBe('Anna');
  });

  it('answers loggedIn false once the session timed out, without an error', async () => {
    const { client } = await login('anna');
    server.clock.advance(15 * 60_000);
    const res = await client.operation(KEEP_ALIVE);
    expect(res.body).toEqual({ data: { keepAlive: { loggedIn: false } } });
  });

  it('does not extend the session when only checkSessionQuiet is asked', async () => {
    const { client } = await login('anna');
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
    const { client, status } = await login('hans');
    expect(status).toBe('UPDATE_PKVK_MAIL');
    const pending = await client.operation(PENDING);
    expect(pending.body.data).toEqual({ pendingLogin: { status: 'UPDATE_PKVK_MAIL', email: emailOf('hans') } });
    const res = await client.operation(CONFIRM_EMAIL);
    expect(res.body.data).toEqual({ confirmRegistrationEmail: { ok: { status: 'SUCCESSFUL', loggedIn: true }, error: null } });
    expect((await client.operation(FIRST_NAME)).body.data!.me?.firstName).toBe('Hans');
  });

  it('cannot be called without a session', async () => {
    const res = await new PortalClient(server.url).operation(CONFIRM_EMAIL);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const pending = await new PortalClient(server.url).operation(PENDING);
    expect(pending.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('client configuration and security headers follow the configuration', () => {
  it('exposes the Matomo settings and allows the tracker origin in the CSP, and only the configured embedder', async () => {
    const res = await new PortalClient(server.url).operation(MATOMO);
    expect(res.body.data!.clientConfig).toEqual({ matomoSiteId: 7, matomoUrl: 'https://analytics.example.at/', chatbotUrl: null });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://analytics.example.at");
    expect(csp).toContain('frame-ancestors https://www.vbv.at');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
