/**
 * No request ends the process (docs/decisions/0045-requests-never-end-the-process.md): the portal runs as `npm start`
 * runs it (server/main.ts in its own process), gets every malformed multipart body of tests/security/malformed-multipart.ts
 * and a client that disconnects mid-file, on every upload purpose, logged in and logged out (the public form with a
 * solved captcha), and then still answers a normal login. A refusal is a 4xx with the usual JSON answer.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PURPOSES } from '@contract/uploads';
import { fetchAndSolveCaptcha } from '../helpers/captcha';
import { loginStatusOf, logIn, PortalClient } from '../helpers/client';
import { startPortalOnFreshDatabase, type Portal, type PortalOnFreshDatabase } from '../helpers/portal-process';
import { emailOf } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';
import { fileHeadOf, MALFORMED_CONTENT_TYPE, MALFORMED_MULTIPART_BODIES } from './malformed-multipart';

const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|Unexpected end of form/;

let started: PortalOnFreshDatabase;
let portal: Portal;
let member: PortalClient;
let visitor: PortalClient;

beforeAll(async () => {
  started = await startPortalOnFreshDatabase({ LOG_LEVEL: 'warn' });
  portal = started.portal;
  member = new PortalClient(portal.url);
  expect(loginStatusOf(await logIn(member, emailOf('anna')))).toBe('SUCCESSFUL');
  visitor = new PortalClient(portal.url);
}, 120_000);

afterAll(async () => {
  await started.close();
});

function alive(): void {
  expect(portal.child.exitCode, portal.output.join('\n')).toBeNull();
  expect(portal.child.signalCode).toBeNull();
}

/** Sends `body` to the upload of `purpose` as `client`, with a fresh solved captcha for the public form. */
async function send(client: PortalClient, purpose: string, body: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': MALFORMED_CONTENT_TYPE };
  if (purpose === 'upload-form') headers['x-captcha'] = await fetchAndSolveCaptcha(client);
  const res = await client.fetch(`/webportal/upload?purpose=${purpose}&lng=de`, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

/**
 * Opens a raw connection, sends the headers of an upload announcing 1 MB and half a file part, then destroys the
 * socket: the server sees its request stream end with an error in the middle of the file.
 */
function disconnectMidFile(purpose: string, cookie: string, captcha: string | undefined): Promise<void> {
  const { port } = new URL(portal.url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      const head = [
        `POST /webportal/upload?purpose=${purpose}&lng=de HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Content-Type: ${MALFORMED_CONTENT_TYPE}`,
        'Content-Length: 1048576',
        'X-Application-Version: Portal',
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        ...(captcha ? [`X-Captcha: ${captcha}`] : []),
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(fileHeadOf());
      socket.write(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(32 * 1024, 0x41)]), () => {
        // Give the server the bytes, then vanish without a FIN handshake of a finished request.
        setImmediate(() => {
          socket.destroy();
          done();
        });
      });
    });
    // The server may refuse before reading the body (no session: 406) and close the connection while the test still
    // writes: EPIPE or a reset on this side is that refusal, not a failure; the process must survive either way.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? done() : fail(error)));
  });
}

describe(`a request never ends the process (${TEST_ENGINE})`, () => {
  const purposes = Object.keys(UPLOAD_PURPOSES);

  for (const [name, body] of Object.entries(MALFORMED_MULTIPART_BODIES)) {
    it(`refuses a multipart body "${name}" with a JSON 4xx on every purpose, logged in and out, and goes on`, async () => {
      for (const purpose of purposes) {
        for (const client of [member, visitor]) {
          const { status, text } = await send(client, purpose, body);
          expect(status, `${purpose} ${client === member ? 'member' : 'visitor'}: ${text}`).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          expect(JSON.parse(text)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
          expect(text).not.toMatch(LEAK);
          alive();
        }
      }
    });
  }

  it('survives a client that disconnects in the middle of a file, on every purpose, logged in and out', async () => {
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const purpose of purposes) {
      const captcha = purpose === 'upload-form' ? await fetchAndSolveCaptcha(visitor) : undefined;
      await disconnectMidFile(purpose, cookie, captcha);
      await disconnectMidFile(purpose, '', captcha);
    }
    // A normal request after the aborted ones proves the process still serves (the aborts were handled meanwhile).
    const { status } = await send(member, 'inbox-attachment', MALFORMED_MULTIPART_BODIES['truncated before the closing boundary']!);
    expect(status).toBe(400);
    alive();
  });

  it('answers a normal login after all of it, and logged nothing of an uncaught error', async () => {
    const client = new PortalClient(portal.url);
    expect(loginStatusOf(await logIn(client, emailOf('anna')))).toBe('SUCCESSFUL');
    alive();
    expect(portal.output.join('\n')).not.toMatch(/uncaught|Unexpected end of form/i);
  });
});
