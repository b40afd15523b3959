import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_CHECK_INTERVAL_MS } from '../../server/app';
import { PortalClient } from '../helpers/client';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Slow and greedy clients (decision 0011): a client that dribbles its headers or its body one byte at a time is cut
 * off when HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS pass (408, connection closed), an idle keep-alive
 * connection after HTTP_KEEP_ALIVE_TIMEOUT_MS, and connections beyond HTTP_MAX_CONNECTIONS are closed at once; other
 * clients are served meanwhile. These limits are node:http's own timers on real sockets, so the test runs in real
 * time with small limits (about 3 s per case); the bounds allow for the one-second check interval and a loaded
 * machine. The dribbling intervals are the attack itself, not waits for the test's sake.
 */
const HEADERS_MS = 1000;
const REQUEST_MS = 2000;
const KEEP_ALIVE_MS = 1000;
/** Slack on top of limit + check interval for a loaded machine. */
const SLACK_MS = 3000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    members: 1,
    env: { HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS), HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS) },
  });
});
afterAll(async () => {
  await server.close();
});

interface Dribbler {
  socket: Socket;
  /** Resolves when the server closed the connection: milliseconds since it opened, and what the server sent. */
  closed: Promise<{ afterMs: number; received: string }>;
}

/** Opens a raw TCP connection, sends `head` at once and then one byte of `rest` every 100 ms (forever, repeating). */
function dribble(head: string, rest: string): Dribbler {
  const url = new URL(server.url);
  const socket = connect(Number(url.port), url.hostname);
  const opened = performance.now();
  let received = '';
  let i = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    if (rest.length === 0) return;
    timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(rest[i++ % rest.length]!);
    }, 100);
  });
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ afterMs: performance.now() - opened, received });
    }),
  );
  return { socket, closed };
}

const clientLogLines = () => server.logLines.filter((l) => (JSON.parse(l) as { msg: string }).msg === 'client log').length;

/** Normal requests while the dribblers hold their connections: every one is answered. */
async function othersServed(until: Promise<unknown>): Promise<number> {
  let served = 0;
  let done = false;
  void until.then(() => (done = true));
  const client = new PortalClient(server.url);
  while (!done) {
    const res = await client.rest('checkSessionQuiet');
    expect(res.status).toBe(200);
    served++;
  }
  return served;
}

describe('slow and greedy clients', () => {
  it('five clients dribbling their headers are answered 408 and closed once the header limit has passed; others are served meanwhile', async () => {
    const before = clientLogLines();
    const dribblers = Array.from({ length: 5 }, () => dribble('POST /rest/log HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaa\r\n'));
    const all = Promise.all(dribblers.map((d) => d.closed));
    const served = await othersServed(all);
    for (const { afterMs, received } of await all) {
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(afterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      expect(afterMs).toBeLessThan(HEADERS_MS + CONNECTION_CHECK_INTERVAL_MS + SLACK_MS);
    }
    expect(served).toBeGreaterThan(0);
    expect(clientLogLines()).toBe(before);
  });

  it('five clients dribbling a body one byte every 100 ms are cut off once the request limit has passed; nothing is logged', async () => {
    const before = clientLogLines();
    const body = JSON.stringify({ component: 'Slow', level: 'ERROR', msgs: ['x'.repeat(500)] });
    const head = `POST /rest/log HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Application-Version: Portal\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const dribblers = Array.from({ length: 5 }, () => dribble(head, body));
    const all = Promise.all(dribblers.map((d) => d.closed));
    const served = await othersServed(all);
    for (const { afterMs } of await all) {
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
      expect(afterMs).toBeLessThan(REQUEST_MS + CONNECTION_CHECK_INTERVAL_MS + SLACK_MS);
    }
    expect(served).toBeGreaterThan(0);
    expect(clientLogLines()).toBe(before);
  });

  it('an idle keep-alive connection is closed after the keep-alive limit', async () => {
    const d = dribble('POST /rest/checkSessionQuiet HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Application-Version: Portal\r\nContent-Length: 0\r\n\r\n', '');
    const { afterMs, received } = await d.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
    expect(afterMs).toBeLessThan(KEEP_ALIVE_MS + SLACK_MS);
  });
});

describe('connection cap (HTTP_MAX_CONNECTIONS)', () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({ members: 0, env: { HTTP_MAX_CONNECTIONS: '3', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await capped.close();
  });

  it('closes connections beyond the cap at once; once the holders are cut off by the header limit, clients are served again', async () => {
    const url = new URL(capped.url);
    const open = (): Promise<{ socket: Socket; closed: Promise<number> }> =>
      new Promise((resolve) => {
        const socket = connect(Number(url.port), url.hostname);
        const started = performance.now();
        socket.on('error', () => {});
        // Read (and drop) what the server sends, so that its closing of the connection reaches this end.
        socket.resume();
        const closed = new Promise<number>((r) => socket.on('close', () => r(performance.now() - started)));
        socket.on('connect', () => resolve({ socket, closed }));
      });
    const holders = [await open(), await open(), await open()];
    for (const h of holders) h.socket.write('GET / HTTP/1.1\r\n');
    const extra = await open();
    // The fourth connection is closed by the server at once (well before any time limit).
    expect(await extra.closed).toBeLessThan(HEADERS_MS);
    // The holders are cut off by the header limit; then a normal client gets through.
    await Promise.all(holders.map((h) => h.closed));
    const res = await new PortalClient(capped.url).rest('checkSessionQuiet');
    expect(res.status).toBe(200);
  });
});
