import { count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentFiles, documents, mergeRequestFiles, mergeRequests, messages, persons, uploads, vkAccounts } from '../../db/schema';
import type { RequestMergeInput } from '../gql/graphql';
import { PortalClient } from '../helpers/client';
import { jpegBytes, multipart, pdfBytes, pngBytes, zipBytes } from '../helpers/files';
import { pdfText } from '../helpers/pdf';
import { emailOf, loginAs } from '../helpers/scenarios';
import { CLAIM, CONFIRMATIONS, digitalMergeRequest as digital, ELIGIBILITY, INBOX, REQUEST, type MergeMember as Me } from './merge-operations';
import { uploadedId } from '../helpers/member-uploads';
import { useSeveranceRequestsServer } from '../helpers/severance-requests-server';

/**
 * Merging dormant severance accounts (decision 0023, § 17 (2a) BMSVG): `Person.mergeEligibility`, `requestMerge`
 * and REST `webportal/zusammenlegung` on the real server with the seeded personas. bernd has an account DORMANT since
 * June four years before last year (contribution-free for more than 3 years) and an ACTIVE one; anna has one ACTIVE
 * account only. The clock stands at TEST_TODAY 2026-11-22. Every refusal stores nothing.
 */

const suite = useSeveranceRequestsServer(8);

async function me(client: PortalClient): Promise<Me> {
  const { body } = await client.operation(ELIGIBILITY);
  expect(body.errors).toBeUndefined();
  return body.data!.me!;
}

const uploadId = (client: PortalClient, fileName: string, body: Buffer) => uploadedId(client, 'merge-document', fileName, body);

const rows = async (table: typeof mergeRequests | typeof documents | typeof messages | typeof documentFiles) => (await suite.server.db.select({ n: count() }).from(table))[0]!.n;

describe('merge eligibility (explained before the form)', () => {
  it('finds bernd eligible: his account contribution-free since 30.06.2021 may be merged since 01.07.2024 into his current one', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const e = (await me(bernd)).mergeEligibility;
    const [person] = await suite.server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf('bernd')));
    const accounts = await suite.server.db.select().from(vkAccounts).where(eq(vkAccounts.personId, person!.id));
    const dormant = accounts.find((a) => a.status === 'DORMANT')!;
    expect(dormant.endDate).toBe('2021-06-30');
    const active = accounts.find((a) => a.status === 'ACTIVE')!;
    expect(e).toMatchObject({ eligible: true, reason: 'ELIGIBLE', targetAccountNumber: active.accountNumber, pendingSince: null });
    expect(e.dormantAccounts).toEqual([
      { id: String(dormant.id), accountNumber: dormant.accountNumber, endDate: '2021-06-30', eligibleFrom: '2024-07-01', claimOpen: false, eligible: true },
    ]);
  });

  it('finds anna not eligible: she has no contribution-free account', async () => {
    const anna = await loginAs(suite.server, 'anna');
    expect((await me(anna)).mergeEligibility).toEqual({
      eligible: false,
      reason: 'NO_DORMANT_ACCOUNT',
      targetAccountNumber: expect.any(String),
      pendingSince: null,
      dormantAccounts: [],
    });
  });

  it('does not merge an account with a severance claim in progress (CLAIM_OPEN)', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const dormant = (await me(bernd)).mergeEligibility.dormantAccounts[0]!;
    const claim = await bernd.operation(CLAIM, {
      input: { accountId: dormant.id, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Bernd Vorsorge' } },
    });
    expect(claim.body.data!.submitSeveranceClaim.ok).toBeTruthy();
    const e = (await me(bernd)).mergeEligibility;
    expect(e).toMatchObject({ eligible: false, reason: 'CLAIM_OPEN' });
    expect(e.dormantAccounts[0]).toMatchObject({ claimOpen: true, eligible: false });
  });
});

describe('requestMerge', () => {
  it("stores bernd's digitally signed request with a ZIP as ID copy, archives its PDF confirmation and puts it into the inbox", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const idCopy = await uploadId(
      bernd,
      'ausweis.zip',
      zipBytes([
        { name: 'vorderseite.jpg', body: jpegBytes() },
        { name: 'rueckseite.pdf', body: pdfBytes() },
      ]),
    );
    const before = { documents: await rows(documents), files: await rows(documentFiles), messages: await rows(messages) };
    const { body } = await bernd.operation(REQUEST, { input: digital(person, { svnr: `${person.svnr.slice(0, 4)} ${person.svnr.slice(4)}`, idCopyIds: [idCopy] }) });
    expect(body.data!.requestMerge.error).toBeNull();
    const request = body.data!.requestMerge.ok!.request;
    const dormant = person.mergeEligibility.dormantAccounts[0]!;
    expect(request).toMatchObject({
      status: 'PENDING',
      submittedOn: '2026-11-22',
      accountNumbers: [dormant.accountNumber],
      targetAccountNumber: person.mergeEligibility.targetAccountNumber,
    });

    const stored = await suite.server.db.select().from(mergeRequests);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ svnr: person.svnr, signatureType: 'DIGITAL', signatureKind: 'DRAWN', status: 'PENDING' });
    const files = await suite.server.db
      .select({ kind: mergeRequestFiles.kind, fileName: mergeRequestFiles.fileName, contentType: mergeRequestFiles.contentType })
      .from(mergeRequestFiles);
    expect(files).toEqual([
      { kind: 'SIGNATURE', fileName: 'unterschrift.png', contentType: 'image/png' },
      { kind: 'ID_COPY', fileName: 'ausweis.zip', contentType: 'application/zip' },
    ]);
    // The upload is used up: it moved into the request.
    expect(await suite.server.db.select().from(uploads).where(eq(uploads.id, idCopy))).toEqual([]);

    expect(await rows(documents)).toBe(before.documents + 1);
    expect(await rows(documentFiles)).toBe(before.files + 1);
    expect(await rows(messages)).toBe(before.messages + 1);
    const doc = (await bernd.operation(CONFIRMATIONS)).body.data!.me!.documents.nodes[0]!;
    expect(doc).toMatchObject({ title: 'Bestätigung Ihres Antrags auf Zusammenlegung Ihrer Abfertigungskonten', documentDate: '2026-11-22' });
    const archived = Buffer.from(await (await bernd.fetch(`${doc.downloadUrl}&lng=de`)).arrayBuffer());
    const text = await pdfText(archived);
    for (const expected of [dormant.accountNumber, person.mergeEligibility.targetAccountNumber!, '22.11.2026', 'ausweis.zip', 'im Portal gezeichnet', person.email])
      expect(text).toContain(expected);

    const inbox = (await bernd.operation(INBOX)).body.data!.me!.messages.nodes;
    const delivered = inbox.find((m) => m.subject === 'Ihr Antrag auf Zusammenlegung Ihrer Abfertigungskonten ist eingelangt')!;
    expect(delivered).toMatchObject({ counterpart: 'SEVERANCE_FUND', origin: 'CORE_SYSTEM', unread: true });
    expect(delivered.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf', fileName: expect.stringMatching(/^Zusammenlegung_2026-11-22_\d+\.pdf$/) })]);
    const attached = Buffer.from(await (await bernd.fetch(`${delivered.attachments[0]!.downloadUrl}&lng=de`)).arrayBuffer());
    expect(attached.equals(archived)).toBe(true);

    // The screen now explains the pending request; a second one is refused and stores nothing.
    expect((await me(bernd)).mergeEligibility).toMatchObject({ eligible: false, reason: 'REQUEST_PENDING', pendingSince: '2026-11-22' });
    const again = await bernd.operation(REQUEST, { input: digital(person, { idCopyIds: [await uploadId(bernd, 'ausweis.pdf', pdfBytes())] }) });
    expect(again.body.data!.requestMerge).toMatchObject({ ok: null, error: { code: 'ERROR_ALREADY_PENDING' } });
    expect(await rows(mergeRequests)).toBe(1);
    expect(await rows(messages)).toBe(before.messages + 1);
  });

  it('refuses anna (not eligible) and stores nothing, keeping her upload', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const person = await me(anna);
    const id = await uploadId(anna, 'ausweis.pdf', pdfBytes());
    const before = await rows(messages);
    const { body } = await anna.operation(REQUEST, { input: digital(person, { idCopyIds: [id] }) });
    expect(body.data!.requestMerge).toMatchObject({ ok: null, error: { code: 'ERROR_NOT_ELIGIBLE' } });
    expect(await rows(mergeRequests)).toBe(0);
    expect(await rows(messages)).toBe(before);
    expect(await suite.server.db.select({ id: uploads.id }).from(uploads).where(isNull(uploads.usedFor))).toEqual([{ id }]);
  });

  it('needs the ID copy and, when signed by hand, the signed form; a digital request needs the signature', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const handwritten: RequestMergeInput = { ...digital(person), signatureType: 'HANDWRITTEN', signature: null };
    const noId = await bernd.operation(REQUEST, { input: { ...handwritten, signedFormIds: [await uploadId(bernd, 'antrag.pdf', pdfBytes())] } });
    expect(noId.body.data!.requestMerge.error).toMatchObject({
      code: 'ERROR_INVALID_INPUT',
      fieldErrors: [{ field: 'idCopyIds', code: 'DOCUMENT_REQUIRED', message: 'Bitte laden Sie dieses Dokument hoch.' }],
    });
    const noForm = await bernd.operation(REQUEST, { input: { ...handwritten, idCopyIds: [await uploadId(bernd, 'ausweis.png', pngBytes())] } });
    expect(noForm.body.data!.requestMerge.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'signedFormIds', code: 'DOCUMENT_REQUIRED' }] });
    const noSignature = await bernd.operation(REQUEST, { input: digital(person, { signature: null, idCopyIds: [await uploadId(bernd, 'ausweis.pdf', pdfBytes())] }) });
    expect(noSignature.body.data!.requestMerge.error).toMatchObject({
      code: 'ERROR_INVALID_INPUT',
      fieldErrors: [{ field: 'signature', code: 'SIGNATURE_EMPTY', message: 'Bitte zuerst unterschreiben.' }],
    });
    const unticked = await bernd.operation(REQUEST, {
      input: digital(person, { consent: false, termsAccepted: null, idCopyIds: [await uploadId(bernd, 'a.pdf', pdfBytes())] }),
    });
    expect(unticked.body.data!.requestMerge.error!.fieldErrors.map((f) => f.code)).toEqual(['CONSENT_REQUIRED', 'TERMS_REQUIRED']);
    expect(await rows(mergeRequests)).toBe(0);
  });

  it('stores a request signed by hand with the signed form', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const { body } = await bernd.operation(REQUEST, {
      input: {
        ...digital(person),
        signatureType: 'HANDWRITTEN',
        signature: { kind: 'TYPED', name: 'ignoriert' },
        idCopyIds: [await uploadId(bernd, 'ausweis.jpg', jpegBytes())],
        signedFormIds: [await uploadId(bernd, 'antrag.pdf', pdfBytes())],
      },
    });
    expect(body.data!.requestMerge.ok).toBeTruthy();
    expect((await suite.server.db.select().from(mergeRequests))[0]).toMatchObject({ signatureType: 'HANDWRITTEN', signatureKind: null, signatureName: null });
    expect((await suite.server.db.select({ kind: mergeRequestFiles.kind }).from(mergeRequestFiles)).map((f) => f.kind)).toEqual(['ID_COPY', 'SIGNED_FORM']);
  });

  it("refuses a bad SVNR, another person's SVNR and a bad e-mail", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const anna = await me(await loginAs(suite.server, 'anna'));
    const id = await uploadId(bernd, 'ausweis.pdf', pdfBytes());
    const wrongDigit = `${person.svnr.slice(0, 3)}${(Number(person.svnr[3]) + 1) % 10}${person.svnr.slice(4)}`;
    const cases: [Partial<RequestMergeInput>, string, string][] = [
      [{ svnr: wrongDigit }, 'svnr', 'SVNR_CHECK_DIGIT'],
      [{ svnr: '12345' }, 'svnr', 'SVNR_FORMAT'],
      [{ svnr: '' }, 'svnr', 'REQUIRED'],
      [{ svnr: anna.svnr }, 'svnr', 'SVNR_MISMATCH'],
      [{ email: 'bernd@' }, 'email', 'EMAIL_INVALID'],
      [{ firstName: '  ' }, 'firstName', 'REQUIRED'],
    ];
    for (const [change, field, code] of cases) {
      const { body } = await bernd.operation(REQUEST, { input: digital(person, { ...change, idCopyIds: [id] }) });
      expect(body.data!.requestMerge.error, JSON.stringify(change)).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field, code }] });
    }
    expect(await rows(mergeRequests)).toBe(0);
    expect(await suite.server.db.select({ id: uploads.id }).from(uploads).where(isNull(uploads.usedFor))).toEqual([{ id }]);
  });

  it("refuses another member's upload id like a missing one, and an upload of another purpose", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const anna = await loginAs(suite.server, 'anna');
    const annas = await uploadId(anna, 'ausweis.pdf', pdfBytes());
    const foreign = await bernd.operation(REQUEST, { input: digital(person, { idCopyIds: [annas] }) });
    const missing = await bernd.operation(REQUEST, { input: digital(person, { idCopyIds: ['f'.repeat(32)] }) });
    expect(foreign.body.data!.requestMerge).toEqual(missing.body.data!.requestMerge);
    expect(foreign.body.data!.requestMerge.error).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'idCopyIds', code: 'UPLOAD_NOT_FOUND' }] });
    // anna's upload is untouched.
    expect(await suite.server.db.select({ id: uploads.id }).from(uploads).where(isNull(uploads.usedFor))).toEqual([{ id: annas }]);

    const { body: form, contentType } = multipart([{ name: 'file', fileName: 'ausweis.pdf', contentType: 'application/pdf', body: pdfBytes() }]);
    const claimDoc = (
      (await (await bernd.fetch('/webportal/upload?purpose=claim-document&lng=de', { method: 'POST', headers: { 'content-type': contentType }, body: form })).json()) as {
        id: string;
      }
    ).id;
    const wrong = await bernd.operation(REQUEST, { input: digital(person, { idCopyIds: [claimDoc] }) });
    expect(wrong.body.data!.requestMerge.error).toMatchObject({ code: 'ERROR_UPLOAD', fieldErrors: [{ field: 'idCopyIds', code: 'UPLOAD_WRONG_PURPOSE' }] });
    expect(await rows(mergeRequests)).toBe(0);
  });

  it('stores one request of two sent at once', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const [a, b] = await Promise.all([uploadId(bernd, 'a.pdf', pdfBytes()), uploadId(bernd, 'b.pdf', pdfBytes())]);
    const answers = await Promise.all([a, b].map((id) => bernd.operation(REQUEST, { input: digital(person, { idCopyIds: [id] }) })));
    expect(answers.map((r) => (r.body.data!.requestMerge.ok ? 'ok' : r.body.data!.requestMerge.error!.code)).sort()).toEqual(['ERROR_ALREADY_PENDING', 'ok']);
    expect(await rows(mergeRequests)).toBe(1);
  });

  it('needs a session', async () => {
    const { body } = await new PortalClient(suite.server.url).operation(REQUEST, {
      input: { firstName: 'A', lastName: 'B', svnr: '1', email: 'a@b.at', signatureType: 'DIGITAL' },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('REST webportal/zusammenlegung', () => {
  it('answers the eligibility and sends a request signed by hand as form fields', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const person = await me(bernd);
    const data = (await bernd.rest('webportal/zusammenlegung')).json as { eligible: boolean; reason: string; konten: { accountNumber: string; eligibleFrom: string }[] };
    expect(data).toMatchObject({ eligible: true, reason: 'ELIGIBLE', konten: [{ eligibleFrom: '2024-07-01' }] });
    const sent = await bernd.rest('webportal/zusammenlegung', {
      firstName: person.firstName,
      lastName: person.lastName,
      svnr: person.svnr,
      email: person.email!,
      consent: 'true',
      termsAccepted: '1',
      signatureType: 'HANDWRITTEN',
      idCopyIds: await uploadId(bernd, 'ausweis.pdf', pdfBytes()),
      signedFormIds: await uploadId(bernd, 'antrag.pdf', pdfBytes()),
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ ok: true, code: null, request: { status: 'PENDING', accountNumbers: [data.konten[0]!.accountNumber] } });
    const again = await bernd.rest('webportal/zusammenlegung', {
      signatureType: 'DIGITAL',
      firstName: 'B',
      lastName: 'V',
      svnr: person.svnr,
      email: person.email!,
      consent: 'true',
      termsAccepted: 'true',
      signatureKind: 'TYPED',
      signatureName: 'Bernd Vorsorge',
      idCopyIds: await uploadId(bernd, 'x.pdf', pdfBytes()),
    });
    expect(again.json).toMatchObject({ ok: false, code: 'ERROR_ALREADY_PENDING' });
    expect((await new PortalClient(suite.server.url).rest('webportal/zusammenlegung')).status).toBe(406);
  });
});
