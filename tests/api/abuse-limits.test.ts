/**
 * Cheap abuse is limited (decision 0041): the public upload form and the public merge request together per IP address
 * per hour and per receipt address per day, sending messages per member per hour. A refusal answers RATE_LIMITED with
 * the seconds to wait (GraphQL `retryAfterSeconds`, REST 429 with `Retry-After`), stores nothing and mails nothing. The
 * counters live in the database: two servers on one database share them.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, messages, publicUploadFiles, publicUploads } from '../../db/schema';
import { graphql } from '../gql';
import type { RequestPublicMergeInput, SubmitUploadFormInput } from '../gql/graphql';
import { PortalClient } from '../helpers/client';
import { fetchAndSolveCaptcha } from '../helpers/captcha';
import { multipart, pdfBytes } from '../helpers/files';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

const IP_MAX = 4;
const EMAIL_MAX = 2;
const MESSAGE_MAX = 2;
const HOUR_MS = 3_600_000;
const ENV = {
  CAPTCHA_MAX_NUMBER: '5000',
  MAIL_POLL_MS: '0',
  PUBLIC_FORM_IP_MAX_PER_HOUR: String(IP_MAX),
  PUBLIC_FORM_EMAIL_MAX_PER_DAY: String(EMAIL_MAX),
  MESSAGE_MAX_PER_HOUR: String(MESSAGE_MAX),
};

/** Two portal servers (two sets of services and connections) on one database, as two processes or machines run. */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ members: 0, env: ENV, background: false });
  b = await startTestServer({ databasePath: a.dbPath, env: ENV, background: false });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Moves both servers' clocks to `minutes` past the next full hour: a fresh hourly window. */
function nextHour(minutes = 0) {
  const to = a.clock.now() - (a.clock.now() % HOUR_MS) + HOUR_MS + minutes * 60_000;
  for (const s of [a, b]) s.clock.advance(to - s.clock.now());
}

const SUBMIT = graphql(`
  mutation AbuseLimitsUploadForm($input: SubmitUploadFormInput!) {
    submitUploadForm(input: $input) {
      ok {
        fileCount
      }
      error {
        ...RateLimitedError
      }
    }
  }
`);

const MERGE = graphql(`
  mutation AbuseLimitsPublicMerge($input: RequestPublicMergeInput!) {
    requestPublicMerge(input: $input) {
      ok {
        fileCount
      }
      error {
        ...RateLimitedError
      }
    }
  }
`);

const SEND = graphql(`
  mutation AbuseLimitsSend($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ok {
        message {
          id
        }
      }
      error {
        ...RateLimitedError
      }
    }
  }
`);

/** A solved captcha and one PDF uploaded with it on `server`. */
async function captchaWithFile(server: TestServer): Promise<{ client: PortalClient; captcha: string; fileId: string }> {
  const client = new PortalClient(server.url);
  const captcha = await fetchAndSolveCaptcha(client);
  const { body, contentType } = multipart([{ name: 'file', fileName: 'Meldezettel.pdf', contentType: 'application/pdf', body: pdfBytes() }]);
  const res = await client.fetch('/webportal/upload?purpose=upload-form&lng=de', { method: 'POST', headers: { 'content-type': contentType, 'x-captcha': captcha }, body });
  expect(res.status).toBe(200);
  return { client, captcha, fileId: ((await res.json()) as { id: string }).id };
}

function uploadForm(captcha: string, fileId: string, email: string): SubmitUploadFormInput {
  return {
    firstName: 'Xaver',
    lastName: 'Neu',
    svnr: '3010 170584',
    email,
    emailConfirmation: email,
    message: 'Meldezettel',
    termsAccepted: true,
    fileIds: [fileId],
    captcha,
  };
}

function mergeForm(captcha: string, fileId: string, email: string): RequestPublicMergeInput {
  return {
    firstName: 'Xaver',
    lastName: 'Neu',
    svnr: '3010 170584',
    email,
    emailConfirmation: email,
    consent: true,
    termsAccepted: true,
    signatureType: 'DIGITAL',
    signature: { kind: 'TYPED', name: 'Xaver Neu' },
    idCopyIds: [fileId],
    captcha,
  };
}

/** Sends the upload form (`merge` false) or the public merge request through `server`; the GraphQL result. */
async function submit(server: TestServer, email: string, merge = false) {
  const { client, captcha, fileId } = await captchaWithFile(server);
  if (merge) return (await client.operation(MERGE, { input: mergeForm(captcha, fileId, email) })).body.data!.requestPublicMerge;
  return (await client.operation(SUBMIT, { input: uploadForm(captcha, fileId, email) })).body.data!.submitUploadForm;
}

/** Submissions, attached files and receipt mails in the shared database. */
async function stored() {
  const n = async (t: typeof publicUploads) => (await a.db.select({ n: count() }).from(t))[0]!.n;
  const attached = (await a.db.select({ n: count(publicUploadFiles.submissionId) }).from(publicUploadFiles))[0]!.n;
  const receipts = (await a.db.select({ recipient: mailOutbox.recipient, kind: mailOutbox.kind }).from(mailOutbox)).filter((m) => m.kind.endsWith('_RECEIPT'));
  return { submissions: await n(publicUploads), attached, receipts: receipts.length };
}

describe('public forms: per receipt address per day (PUBLIC_FORM_EMAIL_MAX_PER_DAY)', () => {
  it('two servers on one database share the count: the third form to one address is refused with the time to wait, storing and mailing nothing', async () => {
    nextHour();
    const email = 'fremd@example.at';
    expect(await submit(a, email)).toMatchObject({ ok: { fileCount: 1 }, error: null });
    // The second through the other server, and by the merge form: one count for both forms and both processes.
    expect(await submit(b, 'Fremd@Example.at', true)).toMatchObject({ ok: { fileCount: 1 }, error: null });
    const before = await stored();
    const refused = await submit(a, email);
    // The day's window ends at 00:00 UTC; the clock stands at 10:00 UTC.
    expect(refused).toEqual({
      ok: null,
      error: { code: 'RATE_LIMITED', fieldErrors: [], retryAfterSeconds: 14 * 3600, message: 'Zu viele Anfragen. Bitte versuchen Sie es in 14 Stunden noch einmal.' },
    });
    // A limit of a shorter window (the remote log's minute, the same counter table) deletes only its own old counters,
    // never the day's count of the address.
    for (const s of [a, b]) s.clock.advance(2 * 60_000);
    const log = await new PortalClient(a.url).fetch('/rest/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ component: 'X', level: 'INFO', msgs: ['m'] }),
    });
    expect(log.status).toBe(200);
    expect(await submit(b, email, true)).toMatchObject({ ok: null, error: { code: 'RATE_LIMITED', retryAfterSeconds: 14 * 3600 - 120 } });
    expect(await stored()).toEqual(before);
    // The refused submissions counted against the IP address too: a fifth this hour, to another address, is refused
    // by the hourly limit (the window runs to 11:00).
    expect(await submit(a, 'eigene@example.at')).toMatchObject({ ok: null, error: { code: 'RATE_LIMITED', retryAfterSeconds: 3600 - 120 } });
  });
});

describe('public forms: per IP address per hour (PUBLIC_FORM_IP_MAX_PER_HOUR)', () => {
  it(`a submission beyond ${IP_MAX} from one IP address within the hour is refused on either server, over GraphQL and REST (429, Retry-After)`, async () => {
    nextHour(15);
    const results = [];
    for (let i = 0; i < IP_MAX; i++) results.push(await submit(i % 2 === 0 ? a : b, `person${i}@example.at`, i === 1));
    expect(results.every((r) => r.ok !== null)).toBe(true);
    const before = await stored();
    expect(await submit(b, 'neu@example.at', true)).toEqual({
      ok: null,
      error: { code: 'RATE_LIMITED', fieldErrors: [], retryAfterSeconds: 45 * 60, message: 'Zu viele Anfragen. Bitte versuchen Sie es in 45 Minuten noch einmal.' },
    });
    const { client, captcha, fileId } = await captchaWithFile(a);
    const values = uploadForm(captcha, fileId, 'rest@example.at');
    const rest = await client.rest('webportal/uploadForm', { ...values, termsAccepted: 'true', fileIds: fileId } as unknown as Record<string, string>);
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toBe(String(45 * 60));
    expect(rest.json).toEqual({ error: 'RATE_LIMITED', message: 'Zu viele Anfragen. Bitte versuchen Sie es in 45 Minuten noch einmal.' });
    expect(await stored()).toEqual(before);
    // The next hour's window admits the address again.
    nextHour();
    expect(await submit(a, 'neu@example.at')).toMatchObject({ ok: { fileCount: 1 }, error: null });
  });
});

describe('messages: per member per hour (MESSAGE_MAX_PER_HOUR)', () => {
  it(`a message beyond ${MESSAGE_MAX} of a member within the hour is refused (GraphQL and REST 429) and stores nothing; another member is not affected`, async () => {
    nextHour(59);
    const anna = await loginAs(a, 'anna');
    const input = { recipient: 'SEVERANCE_FUND' as const, subject: 'Frage', body: 'Bitte um Auskunft.' };
    for (let i = 0; i < MESSAGE_MAX; i++) expect((await anna.operation(SEND, { input })).body.data!.sendMessage.ok).not.toBeNull();
    const sent = async () => (await a.db.select({ n: count() }).from(messages).where(eq(messages.direction, 'OUTBOUND')))[0]!.n;
    const before = await sent();
    expect((await anna.operation(SEND, { input })).body.data!.sendMessage).toEqual({
      ok: null,
      error: { code: 'RATE_LIMITED', fieldErrors: [], retryAfterSeconds: 60, message: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute noch einmal.' },
    });
    const rest = await anna.rest('sendMessage', input);
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toBe('60');
    expect(await sent()).toBe(before);
    const bernd = await loginAs(a, 'bernd');
    expect((await bernd.operation(SEND, { input })).body.data!.sendMessage).toMatchObject({ ok: { message: { id: expect.any(String) } }, error: null });
    nextHour();
    expect((await anna.operation(SEND, { input })).body.data!.sendMessage.ok).not.toBeNull();
  });
});
