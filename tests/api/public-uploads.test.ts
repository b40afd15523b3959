/**
 * The plain upload form `/upload-formular` (decision 0024): files go one per request to
 * `POST /webportal/upload?purpose=upload-form` with a solved captcha in `X-Captcha` (no session needed), the form
 * (GraphQL `submitUploadForm`, REST `webportal/uploadForm`) redeems that captcha once and stores the submission with
 * its files and a receipt mail in the outbox. Every refusal stores nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, publicUploadFiles, publicUploads } from '../../db/schema';
import { UploadFormPage_SubmitMutation } from '../../web/src/features/public-uploads/api/submit-upload-form';
import type { SubmitUploadFormInput } from '../gql/graphql';
import { PortalClient } from '../helpers/client';
import { fetchAndSolveCaptcha } from '../helpers/captcha';
import { exeBytes, jpegBytes, multipart, pdfBytes, zipBytes, type MultipartPart } from '../helpers/files';
import { emailOf, loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** MAIL_POLL_MS 0: the receipt stays in the outbox, where the test reads it. */
const MAX_BYTES = 64 * 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ members: 0, env: { CAPTCHA_MAX_NUMBER: '5000', UPLOAD_MAX_BYTES: String(MAX_BYTES), MAIL_POLL_MS: '0' } });
});
afterAll(async () => {
  await server.close();
});

/** The upload form's own mutation (decision 0067). */
const SUBMIT = UploadFormPage_SubmitMutation;

async function sendFile(client: PortalClient, captcha: string | null, fileName: string, body: Buffer) {
  const part: MultipartPart = { name: 'file', fileName, contentType: 'application/octet-stream', body };
  const { body: data, contentType } = multipart([part]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (captcha !== null) headers['x-captcha'] = captcha;
  const res = await client.fetch('/webportal/upload?purpose=upload-form&lng=de', { method: 'POST', headers, body: data });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function form(captcha: string, fileIds: string[], extra: Partial<SubmitUploadFormInput> = {}): SubmitUploadFormInput {
  return {
    firstName: 'Xaver',
    lastName: 'Neu',
    svnr: '3010 170584',
    email: 'xaver.neu@example.at',
    emailConfirmation: 'Xaver.Neu@example.at',
    message: 'Meine Meldebestätigung für die Vorsorgekasse.',
    termsAccepted: true,
    fileIds,
    captcha,
    ...extra,
  };
}

/** Rows of the three tables the form writes, to show a refusal stored nothing. */
async function stored() {
  const n = async (t: typeof publicUploads | typeof publicUploadFiles) => (await server.db.select({ n: count() }).from(t))[0]!.n;
  const mails = (await server.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, 'UPLOAD_FORM_RECEIPT')))[0]!.n;
  return { submissions: await n(publicUploads), files: await n(publicUploadFiles), mails };
}

describe('public upload form (decision 0024)', () => {
  it('happy path without a login: two files with the captcha, the form stores them for the fund and queues a receipt without content', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const a = await sendFile(anon, captcha, 'Meldezettel.pdf', pdfBytes(800));
    const b = await sendFile(anon, captcha, 'ausweis', jpegBytes(400));
    expect(a).toMatchObject({ status: 200, json: { fileName: 'Meldezettel.pdf', contentType: 'application/pdf', size: 800 } });
    expect(b).toMatchObject({ status: 200, json: { fileName: 'ausweis.jpg', contentType: 'image/jpeg' } });
    const before = await stored();
    const { body } = await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string, b.json.id as string]) });
    expect(body.data).toEqual({ submitUploadForm: { ok: { fileCount: 2, email: 'xaver.neu@example.at' }, error: null } });
    expect(await stored()).toEqual({ submissions: before.submissions + 1, files: before.files, mails: before.mails + 1 });
    const [row] = await server.db.select().from(publicUploads).orderBy(publicUploads.id);
    expect(row).toMatchObject({ personId: null, firstName: 'Xaver', lastName: 'Neu', svnr: '3010170584', email: 'xaver.neu@example.at' });
    const files = await server.db
      .select({ submissionId: publicUploadFiles.submissionId, fileName: publicUploadFiles.fileName })
      .from(publicUploadFiles)
      .where(eq(publicUploadFiles.submissionId, row!.id));
    expect(files.map((f) => f.fileName).sort()).toEqual(['Meldezettel.pdf', 'ausweis.jpg']);
    const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'UPLOAD_FORM_RECEIPT'));
    expect(mail).toMatchObject({ recipient: 'xaver.neu@example.at', personId: null });
    expect(mail!.text).toContain('2 Datei(en)');
    expect(mail!.text).not.toContain('Meldebestätigung');
    expect(mail!.text).not.toContain('Meldezettel');
  });

  it('refuses a used captcha at the form and at the upload, and a failed captcha at both, storing nothing', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const a = await sendFile(anon, captcha, 'a.pdf', pdfBytes());
    expect((await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string]) })).body.data).toMatchObject({ submitUploadForm: { ok: { fileCount: 1 } } });
    const before = await stored();
    // The same solution again opens nothing: the form and the upload refuse the used solution, before anything is read
    // or stored (decision 0024, amended: the upload checks the solution is unused too).
    const replay = await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string]) });
    const used = { code: 'CAPTCHA_USED', message: expect.stringContaining('bereits verwendet'), fieldErrors: [{ field: 'captcha', code: 'CAPTCHA_USED' }] };
    expect(replay.body.data).toMatchObject({ submitUploadForm: { ok: null, error: used } });
    for (const name of ['b.pdf', 'c.pdf', 'd.pdf']) {
      expect(await sendFile(anon, captcha, name, pdfBytes())).toMatchObject({
        status: 400,
        json: { error: 'CAPTCHA_USED', field: 'captcha', message: expect.stringContaining('bereits verwendet') },
      });
    }
    // A wrong solution: refused at the upload (before the body is read) and at the form.
    const payload = JSON.parse(Buffer.from(captcha, 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect(await sendFile(anon, wrong, 'c.pdf', pdfBytes())).toMatchObject({ status: 400, json: { error: 'CAPTCHA_INVALID', field: 'captcha' } });
    expect(await sendFile(anon, null, 'c.pdf', pdfBytes())).toMatchObject({ status: 400, json: { error: 'CAPTCHA_INVALID' } });
    expect((await anon.operation(SUBMIT, { input: form(wrong, [a.json.id as string]) })).body.data).toMatchObject({ submitUploadForm: { error: { code: 'CAPTCHA_INVALID' } } });
    expect(await stored()).toEqual(before);
  });

  it('refuses an expired captcha (clock moved 10 minutes) at the upload and at the form', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const a = await sendFile(anon, captcha, 'a.pdf', pdfBytes());
    server.clock.advance(10 * 60_000);
    const before = await stored();
    expect((await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string]) })).body.data).toMatchObject({ submitUploadForm: { error: { code: 'CAPTCHA_EXPIRED' } } });
    expect(await sendFile(anon, captcha, 'b.pdf', pdfBytes())).toMatchObject({ status: 400, json: { error: 'CAPTCHA_EXPIRED' } });
    expect(await stored()).toEqual(before);
    // The job captcha.purge deletes the pending file whose captcha expired.
    server.clock.advance(15 * 60_000);
    await server.deps.scheduler.runDue();
    expect(
      await server.db
        .select()
        .from(publicUploadFiles)
        .where(eq(publicUploadFiles.id, a.json.id as string)),
    ).toEqual([]);
  });

  it('checks files by content: a polyglot, a renamed program, a 0-byte file and one over the limit are refused and not stored', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const before = await stored();
    const polyglot = Buffer.concat([pdfBytes(400), zipBytes([{ name: 'x.txt', body: Buffer.from('hallo') }])]);
    expect(await sendFile(anon, captcha, 'brief.pdf', polyglot)).toMatchObject({ status: 400, json: { error: 'FILE_TYPE_NOT_ALLOWED', field: 'file' } });
    expect(await sendFile(anon, captcha, 'rechnung.pdf', exeBytes())).toMatchObject({ status: 400, json: { error: 'FILE_TYPE_NOT_ALLOWED' } });
    expect(await sendFile(anon, captcha, 'leer.pdf', Buffer.alloc(0))).toMatchObject({ status: 400, json: { error: 'FILE_EMPTY' } });
    expect(await sendFile(anon, captcha, 'gross.pdf', pdfBytes(MAX_BYTES + 1))).toMatchObject({ status: 413, json: { error: 'FILE_TOO_LARGE', maxBytes: MAX_BYTES } });
    expect(await stored()).toEqual(before);
  });

  it('refuses bad form data and foreign file ids with field errors, storing nothing and leaving the captcha usable', async () => {
    const anon = new PortalClient(server.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const a = await sendFile(anon, captcha, 'a.pdf', pdfBytes());
    const other = await fetchAndSolveCaptcha(anon);
    const foreign = await sendFile(anon, other, 'b.pdf', pdfBytes());
    const before = await stored();
    const bad = await anon.operation(SUBMIT, {
      input: form(captcha, [a.json.id as string], { firstName: ' ', svnr: '1234567890', email: 'kein-mail', emailConfirmation: 'x@example.at', termsAccepted: false }),
    });
    expect(bad.body.data).toMatchObject({
      submitUploadForm: {
        ok: null,
        error: {
          code: 'INVALID_DATA',
          fieldErrors: [
            { field: 'firstName', code: 'REQUIRED' },
            { field: 'svnr', code: 'SVNR_INVALID' },
            { field: 'email', code: 'EMAIL_INVALID' },
            { field: 'emailConfirmation', code: 'EMAIL_MISMATCH' },
            { field: 'termsAccepted', code: 'TERMS_REQUIRED' },
          ],
        },
      },
    });
    expect((await anon.operation(SUBMIT, { input: form(captcha, []) })).body.data).toMatchObject({
      submitUploadForm: { error: { code: 'INVALID_DATA', fieldErrors: [{ field: 'fileIds', code: 'FILES_REQUIRED' }] } },
    });
    const stolen = await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string, foreign.json.id as string]) });
    expect(stolen.body.data).toMatchObject({ submitUploadForm: { error: { code: 'UPLOAD_ERROR', fieldErrors: [{ field: 'fileIds', code: 'UPLOAD_ERROR' }] } } });
    expect(await stored()).toEqual(before);
    expect((await anon.operation(SUBMIT, { input: form(captcha, [a.json.id as string]) })).body.data).toMatchObject({ submitUploadForm: { ok: { fileCount: 1 } } });
  });

  it('REST webportal/uploadForm takes the same fields (JSON or form) and a logged-in member’s submission is linked to the member', async () => {
    const anna = await loginAs(server, 'anna');
    const captcha = await fetchAndSolveCaptcha(anna);
    const zip = await sendFile(anna, captcha, 'scans.zip', zipBytes([{ name: 'seite1.pdf', body: pdfBytes() }]));
    expect(zip).toMatchObject({ status: 200, json: { contentType: 'application/zip' } });
    const values = form(captcha, [zip.json.id as string], { email: emailOf('anna'), emailConfirmation: emailOf('anna') });
    const rest = await anna.rest('webportal/uploadForm', { ...values, termsAccepted: 'true', fileIds: (values.fileIds as string[]).join(',') } as Record<string, string>);
    expect(rest.status).toBe(200);
    expect(rest.json).toEqual({ ok: true, code: null, fieldErrors: [], fileCount: 1, email: emailOf('anna') });
    const rows = await server.db
      .select()
      .from(publicUploads)
      .where(eq(publicUploads.email, emailOf('anna')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.personId).toEqual(expect.any(Number));
    // The same call again (replayed captcha) is refused.
    const again = await anna.rest('webportal/uploadForm', { ...values, termsAccepted: 'true', fileIds: (values.fileIds as string[]).join(',') } as Record<string, string>);
    expect(again.json).toMatchObject({ ok: false, code: 'CAPTCHA_USED' });
    const anonymous = await new PortalClient(server.url).rest('webportal/uploadForm', { firstName: 'X' });
    expect(anonymous.json).toMatchObject({ ok: false, code: 'INVALID_DATA' });
  });
});
