/**
 * The public merge request `/abfertigungsbeitraege-zusammenlegen-upload` (decision 0023, spec 001 section 5 "merge
 * with upload", decision 0023 "Without a login"): files go one per request to `POST /webportal/upload?purpose=upload-form`
 * with a solved captcha in `X-Captcha`; GraphQL `requestPublicMerge` redeems that captcha once and stores the request
 * (a `public_uploads` row of kind MERGE) with its files by document kind and a receipt mail in the outbox. Every
 * refusal stores nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, publicUploadFiles, publicUploads } from '../../db/schema';
import type { RequestPublicMergeInput } from '../gql/graphql';
import { PortalClient } from '../helpers/client';
import { fetchAndSolveCaptcha } from '../helpers/captcha';
import { jpegBytes, multipart, pdfBytes, type MultipartPart } from '../helpers/files';
import { startTestServer, type TestServer } from '../helpers/test-server';
// The request as the public merge page sends it (decision 0067).
import { PublicMergePage_RequestPublicMergeMutation as REQUEST } from '../../web/src/features/merge/api/request-merge';

/** MAIL_POLL_MS 0: the receipt stays in the outbox, where the test reads it. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ members: 0, env: { CAPTCHA_MAX_NUMBER: '5000', MAIL_POLL_MS: '0' } });
});
afterAll(async () => {
  await server.close();
});

async function sendFile(client: PortalClient, captcha: string | null, fileName: string, body: Buffer): Promise<string> {
  const part: MultipartPart = { name: 'file', fileName, contentType: 'application/octet-stream', body };
  const { body: data, contentType } = multipart([part]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (captcha !== null) headers['x-captcha'] = captcha;
  const res = await client.fetch('/webportal/upload?purpose=upload-form', { method: 'POST', headers, body: data });
  const json = (await res.json()) as { id: string };
  expect(res.status).toBe(200);
  return json.id;
}

function form(captcha: string, extra: Partial<RequestPublicMergeInput> = {}): RequestPublicMergeInput {
  return {
    firstName: 'Xaver',
    lastName: 'Neu',
    svnr: '3010 170584',
    email: 'xaver.neu@example.at',
    emailConfirmation: 'Xaver.Neu@example.at ',
    consent: true,
    termsAccepted: true,
    signatureType: 'DIGITAL',
    signature: { kind: 'TYPED', name: 'Xaver Neu' },
    captcha,
    ...extra,
  };
}

/** Rows of the three tables the request writes, to show a refusal stored nothing. */
async function stored() {
  const submissions = (await server.db.select({ n: count() }).from(publicUploads).where(eq(publicUploads.kind, 'MERGE')))[0]!.n;
  const attached = (await server.db.select({ n: count(publicUploadFiles.submissionId) }).from(publicUploadFiles))[0]!.n;
  const mails = (await server.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, 'PUBLIC_MERGE_RECEIPT')))[0]!.n;
  return { submissions, attached, mails };
}

describe('public merge request (decision 0023)', () => {
  it('happy path without a login: ID copy and signed form with a solved captcha are stored by kind and a receipt without content is queued', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const id = await sendFile(anon, captcha, 'Ausweis.jpg', jpegBytes(400));
    const signed = await sendFile(anon, captcha, 'Antrag.pdf', pdfBytes(800));
    const before = await stored();
    const { body } = await anon.operation(REQUEST, { input: form(captcha, { signatureType: 'HANDWRITTEN', signature: null, idCopyIds: [id], signedFormIds: [signed] }) });
    expect(body.data).toEqual({
      requestPublicMerge: { ok: { submittedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), email: 'xaver.neu@example.at', fileCount: 2 }, error: null },
    });
    expect(await stored()).toEqual({ submissions: before.submissions + 1, attached: before.attached + 2, mails: before.mails + 1 });
    const [row] = await server.db.select().from(publicUploads).where(eq(publicUploads.kind, 'MERGE'));
    expect(row).toMatchObject({
      personId: null,
      firstName: 'Xaver',
      lastName: 'Neu',
      svnr: '3010170584',
      email: 'xaver.neu@example.at',
      signatureType: 'HANDWRITTEN',
      signature: null,
    });
    const files = await server.db
      .select({ fileName: publicUploadFiles.fileName, documentKind: publicUploadFiles.documentKind })
      .from(publicUploadFiles)
      .where(eq(publicUploadFiles.submissionId, row!.id));
    expect(files.sort((a, b) => a.fileName.localeCompare(b.fileName))).toEqual([
      { fileName: 'Antrag.pdf', documentKind: 'SIGNED_FORM' },
      { fileName: 'Ausweis.jpg', documentKind: 'ID_COPY' },
    ]);
    const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'PUBLIC_MERGE_RECEIPT'));
    expect(mail).toMatchObject({ recipient: 'xaver.neu@example.at', personId: null });
    expect(mail!.text).toContain('Zusammenlegung');
    expect(mail!.text).not.toContain('3010');
    expect(mail!.text).not.toContain('Ausweis');
  });

  it('a digital signature needs only the ID copy and stores the signature', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const id = await sendFile(anon, captcha, 'Ausweis.pdf', pdfBytes(300));
    const { body } = await anon.operation(REQUEST, { input: form(captcha, { idCopyIds: [id] }) });
    expect(body.data).toMatchObject({ requestPublicMerge: { ok: { fileCount: 1 }, error: null } });
    const rows = await server.db.select().from(publicUploads).where(eq(publicUploads.kind, 'MERGE'));
    expect(JSON.parse(rows.at(-1)!.signature!)).toEqual({ kind: 'TYPED', name: 'Xaver Neu' });
  });

  it('refuses a replayed captcha and a failed captcha, storing nothing', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const a = await sendFile(anon, captcha, 'a.pdf', pdfBytes());
    expect((await anon.operation(REQUEST, { input: form(captcha, { idCopyIds: [a] }) })).body.data).toMatchObject({ requestPublicMerge: { ok: { fileCount: 1 } } });
    const before = await stored();
    // A used solution opens nothing: the upload of another file with it is refused before its body is read.
    const upload = multipart([{ name: 'file', fileName: 'b.pdf', body: pdfBytes() }]);
    const refusedUpload = await anon.fetch('/webportal/upload?purpose=upload-form&lng=de', {
      method: 'POST',
      headers: { 'content-type': upload.contentType, 'x-captcha': captcha },
      body: upload.body,
    });
    expect(refusedUpload.status).toBe(400);
    expect(await refusedUpload.json()).toMatchObject({ error: 'CAPTCHA_USED', field: 'captcha' });
    const replay = await anon.operation(REQUEST, { input: form(captcha, { idCopyIds: [a] }) });
    expect(replay.body.data).toMatchObject({
      requestPublicMerge: {
        ok: null,
        error: { code: 'CAPTCHA_USED', message: expect.stringContaining('bereits verwendet'), fieldErrors: [{ field: 'captcha', code: 'CAPTCHA_USED' }] },
      },
    });
    const payload = JSON.parse(Buffer.from(captcha, 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    const failed = await anon.operation(REQUEST, { input: form(wrong, { idCopyIds: [a] }) });
    expect(failed.body.data).toMatchObject({ requestPublicMerge: { ok: null, error: { code: 'CAPTCHA_INVALID' } } });
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input with field errors and stores nothing, leaving the captcha usable', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const id = await sendFile(anon, captcha, 'Ausweis.pdf', pdfBytes());
    const before = await stored();
    const refused = async (extra: Partial<RequestPublicMergeInput>) => {
      const { body } = await anon.operation(REQUEST, { input: form(captcha, { idCopyIds: [id], ...extra }) });
      expect(body.data!.requestPublicMerge.ok).toBeNull();
      return body.data!.requestPublicMerge.error;
    };
    // Handwritten without the signed form, and without the ID copy.
    expect(await refused({ signatureType: 'HANDWRITTEN', idCopyIds: [] })).toMatchObject({
      code: 'ERROR_INVALID_INPUT',
      fieldErrors: [
        { field: 'idCopyIds', code: 'DOCUMENT_REQUIRED', message: 'Bitte laden Sie dieses Dokument hoch.' },
        { field: 'signedFormIds', code: 'DOCUMENT_REQUIRED' },
      ],
    });
    expect(await refused({ svnr: '3010170585' })).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'svnr', code: 'SVNR_CHECK_DIGIT' }] });
    expect(await refused({ svnr: '12345' })).toMatchObject({ fieldErrors: [{ field: 'svnr', code: 'SVNR_FORMAT' }] });
    expect(await refused({ emailConfirmation: 'xaver.alt@example.at' })).toMatchObject({
      code: 'ERROR_INVALID_INPUT',
      fieldErrors: [{ field: 'emailConfirmation', code: 'EMAIL_MISMATCH', message: 'Die E-Mail-Adressen stimmen nicht überein.' }],
    });
    expect(await refused({ consent: false, termsAccepted: null })).toMatchObject({
      fieldErrors: [
        { field: 'consent', code: 'CONSENT_REQUIRED' },
        { field: 'termsAccepted', code: 'TERMS_REQUIRED' },
      ],
    });
    expect(await refused({ signature: null })).toMatchObject({ fieldErrors: [{ field: 'signature', code: 'SIGNATURE_EMPTY' }] });
    // A file id not uploaded with this captcha (another visitor's file).
    const other = new PortalClient(server.url);
    const otherCaptcha = await fetchAndSolveCaptcha(other);
    const foreign = await sendFile(other, otherCaptcha, 'fremd.pdf', pdfBytes());
    expect(await refused({ idCopyIds: [foreign] })).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'idCopyIds', code: 'UPLOAD_NOT_FOUND' }] });
    expect(await stored()).toEqual(before);
    // The captcha was not used up by the refusals.
    expect((await anon.operation(REQUEST, { input: form(captcha, { idCopyIds: [id] }) })).body.data).toMatchObject({ requestPublicMerge: { ok: { fileCount: 1 } } });
  });
});
