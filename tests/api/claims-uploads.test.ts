import { count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@contract/uploads';
import { claimFiles, severanceClaims, uploads } from '../../db/schema';
import { graphql } from '../gql';
import type { SignatureInput, SubmitSeveranceClaimInput } from '../gql/graphql';
import { DEMO_PASSWORD, type PortalClient } from '../helpers/client';
import { emptyZipBytes, exeBytes, jpegBytes, pdfBytes, pngBytes, tiffBytes } from '../helpers/files';
import { loginAs } from '../helpers/scenarios';
import { postUpload, uploadedId } from '../helpers/member-uploads';
import { useSeveranceRequestsServer } from '../helpers/severance-requests-server';
import { SUBMIT_CLAIM as SUBMIT } from './claims-operations';

/**
 * The claim's documents (decision 0014): uploads of purpose `claim-document` through the one upload service
 * (JPG, PNG, PDF, TIF by content), required per option, moved into the claim's files in the claim's write
 * transaction, over GraphQL `submitSeveranceClaim` and REST `webportal/verfuegungen`; every refusal stores nothing.
 */
const ACCOUNTS = graphql(`
  query ClaimUploadsAccounts {
    me {
      claimableSeveranceAccounts {
        id
        rightToDecide
      }
    }
  }
`);
const TYPED: SignatureInput = { kind: 'TYPED', name: 'Bernd Vorsorge' };
/** A claim's input without the signature and the confirmation, which `submit` adds. */
type ClaimInput = Omit<SubmitSeveranceClaimInput, 'signature' | 'confirmed'>;
const IBAN = 'AT61 1904 3002 3457 3201';

const suite = useSeveranceRequestsServer(8);

const upload = (client: PortalClient, fileName: string, body: Buffer, purpose = 'claim-document') => postUpload(client, purpose, fileName, body);
const uploadId = (client: PortalClient, fileName: string, body: Buffer, purpose = 'claim-document') => uploadedId(client, purpose, fileName, body);

async function dormantAccount(client: PortalClient): Promise<string> {
  const { body } = await client.operation(ACCOUNTS);
  return body.data!.me!.claimableSeveranceAccounts.find((a) => a.rightToDecide)!.id;
}

async function submit(client: PortalClient, input: ClaimInput) {
  const { body } = await client.operation(SUBMIT, { input: { signature: TYPED, confirmed: true, ...input } });
  expect(body.errors).toBeUndefined();
  return body.data!.submitSeveranceClaim;
}

const claimCount = async () => (await suite.server.db.select({ n: count() }).from(severanceClaims))[0]!.n;
const pendingUploads = async () => (await suite.server.db.select({ id: uploads.id }).from(uploads).where(isNull(uploads.usedFor))).map((r) => r.id);

describe('claim documents (decision 0014)', () => {
  it('stores a payout with identity document, bank confirmation and signature sample as the claim files; the uploads are used up', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const accountId = await dormantAccount(bernd);
    const id = await uploadId(bernd, 'reisepass.jpg', jpegBytes(400));
    const idBack = await uploadId(bernd, 'reisepass-rueckseite.png', pngBytes(300));
    const bank = await uploadId(bernd, 'bankbestaetigung.pdf', pdfBytes(500));
    const sample = await uploadId(bernd, 'unterschrift.tif', tiffBytes(250));
    const answer = await submit(bernd, {
      accountId,
      option: 'PAYOUT',
      payoutType: 'BANK_TRANSFER',
      iban: IBAN,
      currentPassword: DEMO_PASSWORD,
      identityDocumentIds: [id, idBack],
      bankConfirmationIds: [bank],
      signatureSampleIds: [sample],
    });
    expect(answer.error).toBeNull();
    const files = await suite.server.db
      .select({ kind: claimFiles.kind, fileName: claimFiles.fileName, contentType: claimFiles.contentType, sizeBytes: claimFiles.sizeBytes })
      .from(claimFiles)
      .where(eq(claimFiles.claimId, Number(answer.ok!.claim.id)));
    expect(files).toEqual(
      expect.arrayContaining([
        { kind: 'IDENTITY_DOCUMENT', fileName: 'reisepass.jpg', contentType: 'image/jpeg', sizeBytes: 400 },
        { kind: 'IDENTITY_DOCUMENT', fileName: 'reisepass-rueckseite.png', contentType: 'image/png', sizeBytes: 300 },
        { kind: 'BANK_CONFIRMATION', fileName: 'bankbestaetigung.pdf', contentType: 'application/pdf', sizeBytes: 500 },
        { kind: 'SIGNATURE_SAMPLE', fileName: 'unterschrift.tif', contentType: 'image/tiff', sizeBytes: 250 },
      ]),
    );
    expect(files).toHaveLength(4);
    expect(await suite.server.db.select({ id: uploads.id }).from(uploads)).toEqual([]);
  });

  it.each<[string, Omit<ClaimInput, 'accountId'>, string[]]>([
    ['a payout by bank transfer', { option: 'PAYOUT', payoutType: 'BANK_TRANSFER', iban: IBAN, currentPassword: DEMO_PASSWORD }, ['identityDocumentIds', 'bankConfirmationIds']],
    [
      'a payout by cash order',
      { option: 'PAYOUT', payoutType: 'CASH_ORDER', street: 'Hauptstraße 1', postcode: '1010', city: 'Wien', currentPassword: DEMO_PASSWORD },
      ['identityDocumentIds'],
    ],
    ['a transfer to a pension fund', { option: 'TRANSFER_PENSION_FUND', institutionName: 'Pensionskasse AG' }, ['identityDocumentIds', 'institutionConfirmationIds']],
    [
      'a transfer to a supplementary pension insurance',
      { option: 'TRANSFER_SUPPLEMENTARY_INSURANCE', institutionName: 'Versicherung AG', policyNumber: 'PZ-1' },
      ['identityDocumentIds', 'institutionConfirmationIds'],
    ],
    ['a transfer to the current Vorsorgekasse', { option: 'TRANSFER_VORSORGEKASSE', institutionName: 'Neue VK' }, ['identityDocumentIds']],
  ])('refuses %s without its required documents (DOCUMENT_REQUIRED) and stores nothing', async (_name, input, fields) => {
    const bernd = await loginAs(suite.server, 'bernd');
    const answer = await submit(bernd, { accountId: await dormantAccount(bernd), ...input });
    expect(answer.error?.code).toBe('ERROR_INVALID_INPUT');
    expect(answer.error!.fieldErrors.filter((e) => e.code === 'DOCUMENT_REQUIRED').map((e) => e.field)).toEqual(fields);
    expect(answer.error!.fieldErrors.find((e) => e.code === 'DOCUMENT_REQUIRED')!.message).toBe('Bitte laden Sie dieses Dokument hoch.');
    expect(await claimCount()).toBe(0);
  });

  it('keeps the entitlement without any document', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    expect((await submit(bernd, { accountId: await dormantAccount(bernd), option: 'KEEP' })).ok).not.toBeNull();
  });

  it.each([
    ['a polyglot: a PDF with a ZIP archive appended', 'ausweis.pdf', Buffer.concat([pdfBytes(400), emptyZipBytes()]), 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a polyglot: a JPEG with a ZIP archive appended', 'ausweis.jpg', Buffer.concat([jpegBytes(400), emptyZipBytes()]), 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a ZIP archive (not a claim type)', 'ausweis.zip', emptyZipBytes(), 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a renamed executable', 'ausweis.pdf', exeBytes(), 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a 0-byte file', 'ausweis.png', Buffer.alloc(0), 400, 'FILE_EMPTY'],
    ['a file one byte over the limit', 'ausweis.pdf', pdfBytes(DEFAULT_UPLOAD_MAX_BYTES + 1), 413, 'FILE_TOO_LARGE'],
  ])('refuses %s as a claim document and stores nothing', async (_name, fileName, body, status, code) => {
    const bernd = await loginAs(suite.server, 'bernd');
    const res = await upload(bernd, fileName, body);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error: code, field: 'file' });
    expect((await suite.server.db.select({ n: count() }).from(uploads))[0]!.n).toBe(0);
  });

  it("refuses another member's upload id, an inbox attachment and a used id (ERROR_UPLOAD); nothing is stored and no upload is used up", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const anna = await loginAs(suite.server, 'anna');
    const accountId = await dormantAccount(bernd);
    const annas = await uploadId(anna, 'anna-ausweis.pdf', pdfBytes());
    const own = await uploadId(bernd, 'ausweis.pdf', pdfBytes());
    const inbox = await uploadId(bernd, 'brief.pdf', pdfBytes(), 'inbox-attachment');
    const base: ClaimInput = { accountId, option: 'PAYOUT', payoutType: 'BANK_TRANSFER', iban: IBAN, currentPassword: DEMO_PASSWORD };

    const foreign = await submit(bernd, { ...base, identityDocumentIds: [own], bankConfirmationIds: [annas] });
    expect(foreign.error).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'bankConfirmationIds', code: 'UPLOAD_NOT_FOUND' }] });
    const wrongPurpose = await submit(bernd, { ...base, identityDocumentIds: [own], bankConfirmationIds: [inbox] });
    expect(wrongPurpose.error).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'bankConfirmationIds', code: 'UPLOAD_WRONG_PURPOSE' }] });
    const twice = await submit(bernd, { ...base, identityDocumentIds: [own], bankConfirmationIds: [own] });
    expect(twice.error).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'bankConfirmationIds', code: 'UPLOAD_NOT_FOUND' }] });
    const malformed = await submit(bernd, { ...base, identityDocumentIds: ['../etc/passwd'], bankConfirmationIds: [own] });
    expect(malformed.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'identityDocumentIds', code: 'UPLOAD_NOT_FOUND' }] });

    expect(await claimCount()).toBe(0);
    expect((await suite.server.db.select({ n: count() }).from(claimFiles))[0]!.n).toBe(0);
    // The identity document taken before the refusal went back: the transaction rolled back.
    expect((await pendingUploads()).sort()).toEqual([annas, own, inbox].sort());
  });

  it('takes the documents through REST webportal/verfuegungen too (JSON arrays)', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const accountId = await dormantAccount(bernd);
    const id = await uploadId(bernd, 'ausweis.png', pngBytes());
    const body = { accountId, option: 'TRANSFER_VORSORGEKASSE', vkPartnerSeqId: 'Neue VK', confirmed: true, signatureKind: 'TYPED', signatureName: 'Bernd Vorsorge' };
    const post = (extra: Record<string, unknown>) =>
      bernd.fetch('/webportal/verfuegungen', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, ...extra }) });
    const missing = (await (await post({})).json()) as Record<string, unknown>;
    expect(missing).toMatchObject({ ok: false, code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'identityDocumentIds', code: 'DOCUMENT_REQUIRED' }] });
    const sent = (await (await post({ identityDocumentIds: [id] })).json()) as { ok: boolean; claim: { id: string } };
    expect(sent.ok).toBe(true);
    const files = await suite.server.db
      .select({ kind: claimFiles.kind })
      .from(claimFiles)
      .where(eq(claimFiles.claimId, Number(sent.claim.id)));
    expect(files).toEqual([{ kind: 'IDENTITY_DOCUMENT' }]);
  });
});
