/**
 * What the regional tenant does not offer, the server refuses too (spec 000 section 2 "Routes, regional tenant": no
 * merging and no upload routes; server/tenants.ts `severanceMerge` and `uploadForm`). The web app shows neither route
 * there; an integrator or a hand-made request gets a clear refusal through GraphQL, REST and the upload route, and
 * nothing is stored. bernd has a dormant account old enough to merge on the main tenant (tests/api/merge.test.ts).
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { mailOutbox, mergeRequests, publicUploadFiles, publicUploads, uploads } from '../../db/schema';
import { PortalClient } from '../helpers/client';
import { fetchAndSolveCaptcha } from '../helpers/captcha';
import { multipart, pdfBytes } from '../helpers/files';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { ELIGIBILITY, REQUEST } from './merge-operations';
import { PublicMergePage_RequestPublicMergeMutation as PUBLIC_MERGE } from '../../web/src/features/merge/api/request-merge';
import { UploadFormPage_SubmitMutation as UPLOAD_FORM } from '../../web/src/features/public-uploads/api/submit-upload-form';

let regional: TestServer;
beforeAll(async () => {
  regional = await startTestServer({ members: 5, env: { TENANT: 'regional', CAPTCHA_MAX_NUMBER: '5000', MAIL_POLL_MS: '0' } });
});
afterAll(async () => {
  await regional.close();
});

/** Rows of every table a merge request, the public forms or an upload would write. */
async function stored() {
  const n = async (t: typeof mergeRequests | typeof publicUploads | typeof publicUploadFiles | typeof uploads | typeof mailOutbox) =>
    (await regional.db.select({ n: count() }).from(t))[0]!.n;
  return { merges: await n(mergeRequests), submissions: await n(publicUploads), publicFiles: await n(publicUploadFiles), uploads: await n(uploads), mails: await n(mailOutbox) };
}

async function upload(client: PortalClient, purpose: string, captcha?: string) {
  const { body, contentType } = multipart([{ name: 'file', fileName: 'Ausweis.pdf', contentType: 'application/pdf', body: pdfBytes(400) }]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (captcha) headers['x-captcha'] = captcha;
  const res = await client.fetch(`/webportal/upload?purpose=${purpose}&lng=de`, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('regional tenant: merging and the public upload form are not offered', () => {
  it('answers the merge eligibility NOT_OFFERED without accounts, over GraphQL and REST', async () => {
    const bernd = await loginAs(regional, 'bernd');
    const { body } = await bernd.operation(ELIGIBILITY);
    expect(body.errors).toBeUndefined();
    expect(body.data!.me!.mergeEligibility).toEqual({ eligible: false, reason: 'NOT_OFFERED', targetAccountNumber: null, pendingSince: null, dormantAccounts: [] });
    const rest = await bernd.rest('webportal/zusammenlegung');
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ eligible: false, reason: 'NOT_OFFERED', konten: [], targetAccountNumber: null });
  });

  it('refuses a merge request with ERROR_NOT_OFFERED over GraphQL and REST, storing nothing', async () => {
    const before = await stored();
    const bernd = await loginAs(regional, 'bernd');
    const { body } = await bernd.operation(REQUEST, {
      input: {
        firstName: 'Bernd',
        lastName: 'Vorsorge',
        svnr: '1237 010180',
        email: 'b@example.at',
        consent: true,
        termsAccepted: true,
        signatureType: 'DIGITAL',
        signature: { kind: 'TYPED', name: 'Bernd' },
        idCopyIds: ['x'],
      },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data!.requestMerge).toEqual({
      ok: null,
      error: { code: 'ERROR_NOT_OFFERED', message: expect.stringContaining('nicht beantragt werden'), fieldErrors: [] },
    });
    const rest = await bernd.rest('webportal/zusammenlegung', { signatureType: 'DIGITAL', signatureKind: 'TYPED', signatureName: 'Bernd' });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ ok: false, code: 'ERROR_NOT_OFFERED', request: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses the purposes merge-document and upload-form at the upload route (400 PURPOSE_INVALID), even with a solved captcha', async () => {
    const before = await stored();
    const bernd = await loginAs(regional, 'bernd');
    const merge = await upload(bernd, 'merge-document');
    expect(merge).toEqual({ status: 400, json: { error: 'PURPOSE_INVALID', message: expect.any(String), field: 'file' } });
    const anon = new PortalClient(regional.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    expect(await upload(anon, 'upload-form', captcha)).toMatchObject({ status: 400, json: { error: 'PURPOSE_INVALID' } });
    // A purpose both tenants offer still works: a claim document of the logged-in member.
    expect(await upload(bernd, 'claim-document')).toMatchObject({ status: 200, json: { fileName: 'Ausweis.pdf' } });
    expect((await stored()).uploads).toBe(before.uploads + 1);
    await writeTransaction(regional.db, async () => {
      await regional.db.delete(uploads);
    });
  });

  it('refuses the public merge (ERROR_NOT_OFFERED) and the upload form (NOT_OFFERED) with a solved captcha, over GraphQL and REST, storing nothing', async () => {
    const before = await stored();
    const anon = new PortalClient(regional.url);
    const captcha = await fetchAndSolveCaptcha(anon);
    const common = {
      firstName: 'Xaver',
      lastName: 'Neu',
      svnr: '3010 170584',
      email: 'xaver.neu@example.at',
      emailConfirmation: 'xaver.neu@example.at',
      termsAccepted: true,
      captcha,
    };
    const merge = await anon.operation(PUBLIC_MERGE, {
      input: { ...common, consent: true, signatureType: 'DIGITAL', signature: { kind: 'TYPED', name: 'Xaver Neu' }, idCopyIds: ['a'] },
    });
    expect(merge.body.data!.requestPublicMerge).toMatchObject({ ok: null, error: { code: 'ERROR_NOT_OFFERED', message: expect.stringContaining('nicht beantragt werden') } });
    const form = await anon.operation(UPLOAD_FORM, { input: { ...common, message: 'Meldebestätigung', fileIds: ['a'] } });
    expect(form.body.data!.submitUploadForm).toMatchObject({ ok: null, error: { code: 'NOT_OFFERED', message: expect.stringContaining('nicht möglich') } });
    const rest = await anon.rest('webportal/uploadForm', { ...common, termsAccepted: 'true', message: 'x', fileIds: 'a' });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ ok: false, code: 'NOT_OFFERED' });
    expect(await stored()).toEqual(before);
  });
});
