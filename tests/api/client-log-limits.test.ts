import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimitCounters } from '../../db/schema';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The remote log cannot be used to fill the disk (decision 0011; spec 000 section 7 `{component, level, msgs}`):
 * per-IP and per-session limits per minute (429 with Retry-After beyond them) and a cap on one call's size (413),
 * on REST `log` and GraphQL `log` alike. The counters live in the database (rate_limit_counters).
 */
const LOG = graphql(`
  mutation ClientLogLimitsLog {
    log(component: "G", level: ERROR, msgs: ["m"])
  }
`);
const IP_MAX = 60;
const SESSION_MAX = 20;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    members: 1,
    env: { LOG_IP_MAX_PER_MINUTE: String(IP_MAX), LOG_SESSION_MAX_PER_MINUTE: String(SESSION_MAX), LOG_MAX_CALL_BYTES: '8192' },
  });
});
afterAll(async () => {
  await server.close();
});

const clientLogLines = () => server.logLines.filter((l) => (JSON.parse(l) as { msg: string }).msg === 'client log');
const logBytes = () => clientLogLines().reduce((sum, l) => sum + Buffer.byteLength(l), 0);

/** POST /rest/log with a JSON body, as the web app sends it. */
function restLog(client: PortalClient, body: unknown) {
  return client.fetch('/rest/log', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Moves the test clock to the start of the next minute: a fresh window for every counter. */
function nextWindow() {
  server.clock.advance(60_000 - (server.clock.now() % 60_000));
}

describe('remote log limits', () => {
  it('one call holds at most 8 KiB: 20 messages of 2,000 characters answer 413 and log nothing; 8 KiB exactly is logged', async () => {
    nextWindow();
    const client = new PortalClient(server.url);
    const before = clientLogLines().length;
    const big = await restLog(client, { component: 'Flood', level: 'ERROR', msgs: Array.from({ length: 20 }, () => 'x'.repeat(2000)) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(clientLogLines()).toHaveLength(before);
    const fits = await restLog(client, { component: 'Fits', level: 'ERROR', msgs: ['y'.repeat(2000), 'y'.repeat(2000), 'y'.repeat(2000), 'y'.repeat(2000), 'y'.repeat(188)] });
    expect(fits.status).toBe(200);
    expect(clientLogLines()).toHaveLength(before + 1);
  });

  it('1,000 anonymous 8 KiB calls in a minute: the first 60 are logged, the rest answer 429 with Retry-After and log nothing', async () => {
    nextWindow();
    server.clock.advance(15_000);
    const client = new PortalClient(server.url);
    const before = clientLogLines().length;
    const bytesBefore = logBytes();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const res = await restLog(client, { component: 'Flood', level: 'ERROR', msgs: ['z'.repeat(2000), 'z'.repeat(2000), 'z'.repeat(2000), 'z'.repeat(2000)] });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(IP_MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - IP_MAX);
    expect(statuses.slice(0, IP_MAX).every((s) => s === 200)).toBe(true);
    expect(retryAfter).toBe('45');
    expect(clientLogLines()).toHaveLength(before + IP_MAX);
    // At most 60 calls of 8 KiB reach the log per IP and minute (about 0.5 MB), not 1,000 × 40 KB.
    expect(logBytes() - bytesBefore).toBeLessThan(IP_MAX * 8300);
    // GraphQL's log door shares the limit.
    const gql = await client.operation(LOG);
    expect(gql.status).toBe(429);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(gql.headers.get('retry-after')).toBe('45');
    // The next minute is a new window.
    nextWindow();
    expect((await restLog(client, { component: 'After', level: 'INFO', msgs: ['ok'] })).status).toBe(200);
  });

  it('a session gets 20 calls a minute, whatever the IP still allows; the counters are rows in the database', async () => {
    nextWindow();
    const member = new PortalClient(server.url);
    await member.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    for (let i = 0; i < SESSION_MAX; i++) expect((await restLog(member, { component: 'S', level: 'INFO', msgs: [String(i)] })).status).toBe(200);
    const refused = await restLog(member, { component: 'S', level: 'INFO', msgs: ['over'] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same IP without that session is still within its limit.
    expect((await restLog(new PortalClient(server.url), { component: 'A', level: 'INFO', msgs: ['anon'] })).status).toBe(200);
    const window = new Date(server.clock.now() - (server.clock.now() % 60_000)).toISOString();
    const rows = await server.db
      .select({ key: rateLimitCounters.key, count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.windowStart, window))
      .orderBy(rateLimitCounters.key);
    expect(rows.find((r) => r.key.startsWith('log:session:'))?.count).toBe(SESSION_MAX + 1);
    expect(rows.find((r) => r.key === 'log:ip:127.0.0.1')?.count).toBe(SESSION_MAX + 2);
    // Counters of windows before the previous one are deleted as new windows start.
    const windows = await server.db.selectDistinct({ w: rateLimitCounters.windowStart }).from(rateLimitCounters);
    expect(windows.length).toBeLessThanOrEqual(2);
  });
});
