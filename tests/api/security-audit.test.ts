import { gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';

const LOGOUT = graphql(`
  mutation SecurityAuditLogout {
    logout {
      ok {
        loggedOut
      }
    }
  }
`);

const suite = useTestServer({ members: 2 });

const eventsSince = (id: number) => suite.server.db.select().from(securityEvents).where(gt(securityEvents.id, id)).orderBy(securityEvents.id);
const lastId = async () => (await suite.server.db.select({ id: max(securityEvents.id) }).from(securityEvents))[0]?.id ?? 0;

describe('security audit log (security_events)', () => {
  it('records a successful login and the logout with person, IP and user agent', async () => {
    const from = await lastId();
    const client = new PortalClient(suite.server.url);
    await client.fetch('/rest/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'AuditTest/1.0' },
      body: new URLSearchParams({ user: emailOf('anna'), password: DEMO_PASSWORD }).toString(),
    });
    await client.operation(LOGOUT);
    const events = await eventsSince(from);
    expect(events.map((e) => e.type)).toEqual(['LOGIN_SUCCESS', 'SESSION_END']);
    expect(events[0]).toMatchObject({ personId: await personIdOf(suite.server, 'anna'), ipAddress: '127.0.0.1', userAgent: 'AuditTest/1.0' });
    expect(events[0]!.detail).toEqual({ status: 'SUCCESSFUL', method: 'PASSWORD' });
    expect(events[1]!.detail).toEqual({ reason: 'LOGOUT' });
  });

  it('records failures, exactly one lockout and no password or token anywhere', async () => {
    const from = await lastId();
    const client = new PortalClient(suite.server.url);
    for (let i = 0; i < 6; i++) await client.rest('login', { user: emailOf('bernd'), password: `wrong-${i}-secret` });
    await client.rest('login', { user: 'nobody@example.at', password: 'x' });
    const events = await eventsSince(from);
    expect(events.filter((e) => e.type === 'LOGIN_FAILURE')).toHaveLength(7);
    expect(events.filter((e) => e.type === 'LOCKOUT')).toHaveLength(1);
    expect(events.find((e) => e.type === 'LOCKOUT')).toMatchObject({ personId: await personIdOf(suite.server, 'bernd') });
    expect(events.at(-1)).toMatchObject({ type: 'LOGIN_FAILURE', personId: null });
    expect(JSON.stringify(events)).not.toMatch(/wrong-\d-secret|Pensionskasse#2026/);
  });

  it('records an idle time-out once and access denied for calls without a session', async () => {
    const client = new PortalClient(suite.server.url);
    await client.rest('login', { user: emailOf('clara'), password: DEMO_PASSWORD });
    const from = await lastId();
    suite.server.clock.advance(15 * 60_000);
    await client.rest('getPersonalData');
    await client.rest('getPersonalData');
    await new PortalClient(suite.server.url).rest('getPersonalData');
    const events = await eventsSince(from);
    expect(events.filter((e) => e.type === 'SESSION_END').map((e) => e.detail)).toEqual([{ reason: 'IDLE_TIMEOUT' }]);
    const denied = events.filter((e) => e.type === 'ACCESS_DENIED').map((e) => e.detail.reason);
    expect(denied).toEqual(['TIMEOUT', 'TIMEOUT', 'NONE']);
    for (const e of events) expect(JSON.stringify(e.detail)).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});
