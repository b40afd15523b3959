import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mandates, mergeRequests, pkContracts, premiumApplications, publicUploadFiles, publicUploads } from '../../db/schema';
import { createFundTestClient } from '../helpers/fund-client';
import { pdfBytes } from '../helpers/files';
import { loginAs } from '../helpers/scenarios';
import { inboxSuite, type Page, type Err, readAll, POST, b64 } from '../helpers/fund-inbox-suite';

/**
 * The fund's inbox on its API (decision 0055), the rest: `publicUploads`/`assignPublicUpload`, `mergeRequests`/
 * `resolveMergeRequest`, `mandates`/`setMandateStatus`, `premiumApplications`, with their refusals (nothing changed),
 * the event of each change, and 403 without the scope. Messages and forms are in fund-inbox-messages.test.ts.
 */
const s = inboxSuite();
const { person, snapshot, fixture } = s;

describe('public uploads: listing and filing with a member', () => {
  async function publicUpload(lastName: string, createdAt: string) {
    const [row] = await fixture(() =>
      s.server.db
        .insert(publicUploads)
        .values({ personId: null, firstName: 'Anna', lastName, svnr: '1234010180', email: 'anna@example.org', message: 'Meine Geburtsurkunde', createdAt })
        .returning(),
    );
    const pdf = pdfBytes(400);
    await fixture(() =>
      s.server.db.insert(publicUploadFiles).values({
        id: `f${row!.id}`.padEnd(32, '0'),
        captchaChallenge: 'c',
        submissionId: row!.id,
        fileName: 'Urkunde.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        content: pdf,
        documentKind: null,
        createdAt,
        expiresAt: createdAt,
      }),
    );
    return { row: row!, pdf };
  }
  const ASSIGN =
    'mutation($input: AssignPublicUploadInput!) { assignPublicUpload(input: $input) { ok { upload { id status member { svnr } } message { id direction subject } } error { code field } } }';

  it('lists UNASSIGNED uploads with their files, refuses a mismatch without a change, and files the upload as a sent message of the member', async () => {
    const anna = await person('anna');
    const { row, pdf } = await publicUpload('Muster', '2020-03-01T10:00:00.000Z');
    const unassigned = await s.reader.query<{ publicUploads: Page<{ id: string; status: string; member: null; files: { fileName: string; contentBase64: string }[] }> }>(
      '{ publicUploads(status: [UNASSIGNED], first: 200) { edges { node { id status member { id } files { fileName contentBase64 } } } } }',
    );
    expect(unassigned.body.data!.publicUploads.edges.map((e) => e.node).find((u) => u.id === String(row.id))).toEqual({
      id: String(row.id),
      status: 'UNASSIGNED',
      member: null,
      files: [{ fileName: 'Urkunde.pdf', contentBase64: b64(pdf) }],
    });

    const before = await snapshot();
    const refusals: [Record<string, unknown>, string][] = [
      [{ uploadId: String(row.id), svnr: anna.svnr, lastName: 'Musterfrau' }, 'NAME_MISMATCH'],
      [{ uploadId: String(row.id), svnr: '1237010180', lastName: 'Muster' }, 'MEMBER_NOT_FOUND'],
      [{ uploadId: String(row.id), svnr: '12345', lastName: 'Muster' }, 'SVNR_INVALID'],
    ];
    for (const [input, code] of refusals) {
      const answer = await s.writer.query<{ assignPublicUpload: { ok: unknown; error: Err } }>(ASSIGN, { input });
      expect([code, answer.body.data?.assignPublicUpload.ok, answer.body.data?.assignPublicUpload.error?.code]).toEqual([code, null, code]);
    }
    expect((await s.writer.query(ASSIGN, { input: { uploadId: '88888888', svnr: anna.svnr, lastName: 'Muster' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);

    const assigned = await s.writer.query<{
      assignPublicUpload: { ok: { upload: { status: string; member: { svnr: string } }; message: { id: string; direction: string; subject: string } }; error: Err };
    }>(ASSIGN, {
      input: { uploadId: String(row.id), svnr: anna.svnr, lastName: '  muster ' },
    });
    expect(assigned.body.data!.assignPublicUpload).toMatchObject({
      ok: { upload: { status: 'ASSIGNED', member: { svnr: anna.svnr } }, message: { direction: 'FROM_MEMBER', subject: 'Ihre Unterlagen vom 01.03.2020 (Upload-Formular)' } },
      error: null,
    });
    const member = await loginAs(s.server, 'anna');
    const sent = await member.graphql<{ me: { messages: { nodes: { id: string; body: string; attachments: { fileName: string }[] }[] } } }>(
      '{ me { messages(folder: SENT, pageSize: 50) { nodes { id body attachments { fileName } } } } }',
    );
    expect(sent.body.data!.me.messages.nodes.find((m) => m.id === assigned.body.data!.assignPublicUpload.ok.message.id)).toEqual({
      id: assigned.body.data!.assignPublicUpload.ok.message.id,
      body: 'Meine Geburtsurkunde',
      attachments: [{ fileName: 'Urkunde.pdf' }],
    });
    const events = (await s.server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'upload.assigned' && e.subjectId === String(row.id));
    expect(events).toHaveLength(1);
    const again = await s.writer.query<{ assignPublicUpload: { error: Err } }>(ASSIGN, { input: { uploadId: String(row.id), svnr: anna.svnr, lastName: 'Muster' } });
    expect(again.body.data!.assignPublicUpload.error?.code).toBe('ALREADY_ASSIGNED');
    const assignedList = await s.reader.query<{ publicUploads: Page<{ id: string }> }>('{ publicUploads(status: [ASSIGNED], first: 200) { edges { node { id } } } }');
    expect(assignedList.body.data!.publicUploads.edges.map((e) => e.node.id)).toContain(String(row.id));
  });
});

describe('merge requests', () => {
  const RESOLVE =
    'mutation($input: ResolveMergeRequestInput!) { resolveMergeRequest(input: $input) { ok { id status resolvedAt resolutionNote member { svnr } } error { code field } } }';

  it('lists PENDING requests, refuses a bad resolution without a change, resolves with a note that reaches the member, and writes merge.resolved', async () => {
    const bernd = await person('bernd');
    const [request] = await fixture(() =>
      s.server.db
        .insert(mergeRequests)
        .values({
          personId: bernd.id,
          status: 'PENDING',
          firstName: bernd.firstName,
          lastName: bernd.lastName,
          svnr: bernd.svnr,
          email: 'bernd@example.at',
          signatureType: 'DIGITAL',
          signatureKind: 'TYPED',
          signatureName: 'Bernd',
          accountNumbers: 'VK-100,VK-101',
          targetAccountNumber: 'VK-102',
          submittedAt: '2020-04-01T10:00:00.000Z',
        })
        .returning(),
    );
    const pending = await s.reader.query<{ mergeRequests: Page<{ id: string; accountNumbers: string[]; member: { svnr: string } }> }>(
      '{ mergeRequests(status: [PENDING], first: 200) { edges { node { id accountNumbers member { svnr } } } } }',
    );
    expect(pending.body.data!.mergeRequests.edges.map((e) => e.node)).toContainEqual({
      id: String(request!.id),
      accountNumbers: ['VK-100', 'VK-101'],
      member: { svnr: bernd.svnr },
    });

    const before = await snapshot();
    for (const [input, code] of [
      [{ mergeRequestId: String(request!.id), status: 'DECLINED' }, 'NOTE_REQUIRED'],
      [{ mergeRequestId: String(request!.id), status: 'PENDING', note: 'x' }, 'STATUS_NOT_ALLOWED'],
      [{ mergeRequestId: String(request!.id), status: 'DONE', note: 'x'.repeat(2001) }, 'NOTE_TOO_LONG'],
    ] as const) {
      const answer = await s.writer.query<{ resolveMergeRequest: { ok: unknown; error: Err } }>(RESOLVE, { input });
      expect([code, answer.body.data?.resolveMergeRequest.error?.code]).toEqual([code, code]);
    }
    expect(await snapshot()).toEqual(before);

    const done = await s.writer.query<{ resolveMergeRequest: { ok: { status: string; resolutionNote: string }; error: Err } }>(RESOLVE, {
      input: { mergeRequestId: String(request!.id), status: 'DONE', note: 'Die Übertragung erfolgt mit 1. Dezember.' },
    });
    expect(done.body.data!.resolveMergeRequest).toMatchObject({ ok: { status: 'DONE', resolutionNote: 'Die Übertragung erfolgt mit 1. Dezember.' }, error: null });
    const member = await loginAs(s.server, 'bernd');
    const inbox = await member.graphql<{ me: { messages: { nodes: { subject: string; body: string; counterpart: string }[] } } }>(
      '{ me { messages(folder: RECEIVED, pageSize: 50) { nodes { subject body counterpart } } } }',
    );
    const told = inbox.body.data!.me.messages.nodes.find((m) => m.subject === 'Ihre Abfertigungskonten wurden zusammengelegt')!;
    expect(told.counterpart).toBe('SEVERANCE_FUND');
    expect(told.body).toContain('VK-100,VK-101');
    expect(told.body).toContain('Anmerkung der Vorsorgekasse: Die Übertragung erfolgt mit 1. Dezember.');
    const events = (await s.server.deps.events.ofPerson(bernd.id)).filter((e) => e.type === 'merge.resolved');
    expect(events.map((e) => [e.subjectId, JSON.parse(e.data).status])).toEqual([[String(request!.id), 'DONE']]);
    const again = await s.writer.query<{ resolveMergeRequest: { error: Err } }>(RESOLVE, { input: { mergeRequestId: String(request!.id), status: 'DECLINED', note: 'x' } });
    expect(again.body.data!.resolveMergeRequest.error?.code).toBe('ALREADY_RESOLVED');
    expect((await s.writer.query(RESOLVE, { input: { mergeRequestId: 'abc', status: 'DONE' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('mandates and premium applications', () => {
  const SET = 'mutation($input: SetMandateStatusInput!) { setMandateStatus(input: $input) { ok { id status member { svnr } } error { code field } } }';

  async function mandate(personId: number, type: 'MONTHLY' | 'ONE_OFF', reference: string) {
    const contract = (await s.server.db.select().from(pkContracts).where(eq(pkContracts.personId, personId)).limit(1))[0]!;
    const [row] = await fixture(() =>
      s.server.db
        .insert(mandates)
        .values({
          personId,
          contractId: contract.id,
          type,
          amountCents: 5_000,
          iban: 'AT611904300234573201',
          accountOwner: 'Anna Muster',
          startDate: '2020-06-01',
          mandateReference: reference,
          creditorId: 'AT12ZZZ00000000001',
          status: 'ACTIVE',
          createdAt: '2020-05-01T10:00:00.000Z',
        })
        .returning(),
    );
    return row!;
  }

  it('sets only the statuses the fund may set, with codes for the rest, and writes mandate.changed', async () => {
    const anna = await person('anna');
    const monthly = await mandate(anna.id, 'MONTHLY', 'FUND-TEST-M');
    const oneOff = await mandate(anna.id, 'ONE_OFF', 'FUND-TEST-O');
    const active = await s.reader.query<{ mandates: Page<{ id: string; member: { svnr: string } }> }>(
      '{ mandates(status: [ACTIVE], first: 200) { edges { node { id member { svnr } } } } }',
    );
    expect(active.body.data!.mandates.edges.map((e) => e.node)).toEqual(
      expect.arrayContaining([
        { id: String(monthly.id), member: { svnr: anna.svnr } },
        { id: String(oneOff.id), member: { svnr: anna.svnr } },
      ]),
    );
    const before = await snapshot();
    for (const [input, code] of [
      [{ mandateId: String(monthly.id), status: 'CANCELLED' }, 'MEMBER_ONLY'],
      [{ mandateId: String(monthly.id), status: 'COLLECTED' }, 'TRANSITION_NOT_ALLOWED'],
      [{ mandateId: String(monthly.id), status: 'ACTIVE' }, 'TRANSITION_NOT_ALLOWED'],
      [{ mandateId: String(monthly.id), status: 'LAPSED', note: 'x'.repeat(2001) }, 'NOTE_TOO_LONG'],
    ] as const) {
      const answer = await s.writer.query<{ setMandateStatus: { ok: unknown; error: Err } }>(SET, { input });
      expect([code, answer.body.data?.setMandateStatus.error?.code]).toEqual([code, code]);
    }
    expect((await s.writer.query(SET, { input: { mandateId: '77777777', status: 'LAPSED' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);

    const lapsed = await s.writer.query<{ setMandateStatus: { ok: { status: string }; error: Err } }>(SET, {
      input: { mandateId: String(monthly.id), status: 'LAPSED', note: '36 Monate ohne Einzug' },
    });
    expect(lapsed.body.data!.setMandateStatus).toMatchObject({ ok: { status: 'LAPSED' }, error: null });
    const collected = await s.writer.query<{ setMandateStatus: { ok: { status: string }; error: Err } }>(SET, { input: { mandateId: String(oneOff.id), status: 'COLLECTED' } });
    expect(collected.body.data!.setMandateStatus).toMatchObject({ ok: { status: 'COLLECTED' }, error: null });
    const again = await s.writer.query<{ setMandateStatus: { error: Err } }>(SET, { input: { mandateId: String(monthly.id), status: 'LAPSED' } });
    expect(again.body.data!.setMandateStatus.error?.code).toBe('TRANSITION_NOT_ALLOWED');
    const events = (await s.server.deps.events.ofPerson(anna.id)).filter((e) => e.type === 'mandate.changed').map((e) => JSON.parse(e.data) as Record<string, unknown>);
    expect(events).toEqual([
      { mandateId: monthly.id, from: 'ACTIVE', to: 'LAPSED', note: '36 Monate ohne Einzug' },
      { mandateId: oneOff.id, from: 'ACTIVE', to: 'COLLECTED', note: null },
    ]);
    const lapsedList = await s.reader.query<{ mandates: Page<{ id: string }> }>('{ mandates(status: [LAPSED], first: 200) { edges { node { id } } } }');
    expect(lapsedList.body.data!.mandates.edges.map((e) => e.node.id)).toEqual([String(monthly.id)]);
  });

  it('lists premium applications oldest first, from a signing time on', async () => {
    const anna = await person('anna');
    const bernd = await person('bernd');
    const base = { street: 'Lindengasse 12', postcode: '1070', city: 'Wien', country: 'AT', birthDate: '1980-01-01', signatureKind: 'TYPED' as const, signature: 'Muster' };
    await fixture(async () => {
      await s.server.db.delete(premiumApplications);
      await s.server.db.insert(premiumApplications).values([
        { ...base, personId: bernd.id, signedAt: '2021-01-01T10:00:00.000Z' },
        { ...base, personId: anna.id, signedAt: '2020-01-01T10:00:00.000Z' },
      ]);
    });
    const all = await readAll<{ member: { svnr: string } }>(s.reader, 'premiumApplications', '', 'member { svnr }', 1);
    expect(all.map((e) => e.node.member.svnr)).toEqual([anna.svnr, bernd.svnr]);
    const since = await s.reader.query<{ premiumApplications: Page<{ member: { svnr: string } }> }>(
      '{ premiumApplications(signedSince: "2020-06-01T00:00:00Z") { edges { node { member { svnr } } } } }',
    );
    expect(since.body.data!.premiumApplications.edges.map((e) => e.node.member.svnr)).toEqual([bernd.svnr]);
  });
});

describe('scopes', () => {
  it('answers 403 naming the scope for every read and change without it, and runs nothing', async () => {
    const none = await createFundTestClient(s.server, 'events:read', 'Ohne');
    const documents: [string, string][] = [
      ['{ messages { pageInfo { hasNextPage } } }', 'messages:read'],
      ['{ forms { pageInfo { hasNextPage } } }', 'forms:read'],
      ['{ publicUploads { pageInfo { hasNextPage } } }', 'uploads:read'],
      ['{ mergeRequests { pageInfo { hasNextPage } } }', 'claims:read'],
      ['{ mandates { pageInfo { hasNextPage } } }', 'mandates:read'],
      ['{ premiumApplications { pageInfo { hasNextPage } } }', 'mandates:read'],
      ['mutation { postMessage(input: { svnr: "1", subject: "x", text: "x" }) { error { code } } }', 'messages:write'],
      ['mutation { replyToMessage(input: { messageId: "1", text: "x" }) { error { code } } }', 'messages:write'],
      ['mutation { assignPublicUpload(input: { uploadId: "1", svnr: "1", lastName: "x" }) { error { code } } }', 'documents:write'],
      ['mutation { resolveMergeRequest(input: { mergeRequestId: "1", status: DONE }) { error { code } } }', 'claims:write'],
      ['mutation { setMandateStatus(input: { mandateId: "1", status: LAPSED }) { error { code } } }', 'mandates:write'],
    ];
    const before = await snapshot();
    for (const [document, scope] of documents) {
      const answer = await none.query(document);
      expect([document, answer.status, answer.body.errors?.[0]?.extensions?.scope]).toEqual([document, 403, scope]);
    }
    // A reader may not write either.
    expect((await s.reader.query(POST, { input: { svnr: '1', subject: 'x', text: 'x' } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
