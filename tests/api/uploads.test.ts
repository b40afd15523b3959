import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@contract/uploads';
import { uploads } from '../../db/schema';
import { PortalClient } from '../helpers/client';
import { exeBytes, jpegBytes, multipart, pdfBytes, tiffBytes, type MultipartPart } from '../helpers/files';
import { loginAs, type Scenario } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';

const suite = useTestServer();

function login(scenario: Scenario): Promise<PortalClient> {
  return loginAs(suite.server, scenario);
}

async function storedCount(): Promise<number> {
  return (await suite.server.db.select({ n: count() }).from(uploads))[0]!.n;
}

async function upload(client: PortalClient, parts: MultipartPart[], query = 'purpose=inbox-attachment&lng=de') {
  const { body, contentType } = multipart(parts);
  const res = await client.fetch(`/webportal/upload?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const file = (fileName: string, body: Buffer, contentType = 'application/pdf'): MultipartPart => ({ name: 'file', fileName, contentType, body });

describe('POST /webportal/upload (decision 0014)', () => {
  it('stores a PDF, TIFF and JPEG under random ids and answers { id, fileName, contentType, size }; the owner downloads it as an attachment', async () => {
    const anna = await login('anna');
    const pdf = pdfBytes(500);
    const res = await upload(anna, [file('Lohnzettel 2025.pdf', pdf)]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), fileName: 'Lohnzettel 2025.pdf', contentType: 'application/pdf', size: 500 });
    const tif = await upload(anna, [file('scan', tiffBytes(), 'application/octet-stream')]);
    expect(tif.json).toMatchObject({ fileName: 'scan.tif', contentType: 'image/tiff', size: 200 });
    const jpg = await upload(anna, [file('foto.JPG', jpegBytes(), 'text/plain')]);
    expect(jpg.json).toMatchObject({ fileName: 'foto.JPG', contentType: 'image/jpeg' });

    const download = await anna.fetch(`/webportal/download?upload=${res.json.id as string}&lng=de`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Lohnzettel 2025.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps a file name as browsers send it, raw UTF-8 in the multipart header (decision 0041)', async () => {
    const anna = await login('anna');
    const { body, contentType } = multipart([file('Lohnzettel_März_Überweisung.pdf', pdfBytes())]);
    expect(Buffer.from(body).includes(Buffer.from('filename="Lohnzettel_M\xc3\xa4rz_\xc3\x9cberweisung.pdf"', 'latin1'))).toBe(true);
    const res = await anna.fetch('/webportal/upload?purpose=inbox-attachment&lng=de', { method: 'POST', headers: { 'content-type': contentType }, body });
    const json = (await res.json()) as { id: string; fileName: string };
    expect(res.status).toBe(200);
    expect(json.fileName).toBe('Lohnzettel_März_Überweisung.pdf');
    const stored = await suite.server.db.select({ fileName: uploads.fileName }).from(uploads).where(eq(uploads.id, json.id));
    expect(stored).toEqual([{ fileName: 'Lohnzettel_März_Überweisung.pdf' }]);
  });

  it.each([
    ['a right-to-left override', 'rechnung\u202Efdp.exe', 'rechnungfdp.exe.pdf'],
    ['isolates, marks and a C1 control', '\u2067Beleg\u2069\u200F\u0085\u061C.pdf', 'Beleg.pdf'],
  ])('removes %s from the name of a PDF, which keeps ending in .pdf (decision 0041)', async (_label, sent, kept) => {
    const anna = await login('anna');
    const res = await upload(anna, [file(sent, pdfBytes())]);
    expect(res.status).toBe(200);
    expect(res.json.fileName).toBe(kept);
    const stored = await suite.server.db
      .select({ fileName: uploads.fileName })
      .from(uploads)
      .where(eq(uploads.id, res.json.id as string));
    expect(stored).toEqual([{ fileName: kept }]);
    expect(kept).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it("another member's upload id, an unknown and a malformed one answer the same 404", async () => {
    const anna = await login('anna');
    const bernd = await login('bernd');
    const mine = await upload(anna, [file('a.pdf', pdfBytes())]);
    const answers = [];
    for (const id of [mine.json.id as string, '0'.repeat(32), '../etc/passwd', '']) {
      const res = await bernd.fetch(`/webportal/download?upload=${encodeURIComponent(id)}&lng=de`);
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(404);
  });

  it.each([
    ['a renamed executable with a .pdf name', [file('rechnung.pdf', exeBytes())], 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a text file named .jpg', [file('bild.jpg', Buffer.from('nur Text, kein Bild'), 'image/jpeg')], 400, 'FILE_TYPE_NOT_ALLOWED'],
    [
      'a PNG (not allowed for inbox attachments)',
      [file('x.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]))],
      400,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    ['a 0-byte file', [file('leer.pdf', Buffer.alloc(0))], 400, 'FILE_EMPTY'],
    ['a path in the file name', [file('../../etc/brief.pdf', pdfBytes())], 400, 'FILE_NAME_INVALID'],
    ['a Windows path in the file name', [file('C:\\Users\\anna\\brief.pdf', pdfBytes())], 400, 'FILE_NAME_INVALID'],
    ['a file name of dots', [file('..', pdfBytes())], 400, 'FILE_NAME_INVALID'],
    ['no file part', [{ name: 'note', body: 'hallo' }], 400, 'FILE_MISSING'],
    ['two files', [file('a.pdf', pdfBytes()), file('b.pdf', pdfBytes())], 400, 'TOO_MANY_FILES'],
  ] as const)('refuses %s with its code at the field, storing nothing', async (_label, parts, status, code) => {
    const anna = await login('anna');
    const before = await storedCount();
    const res = await upload(anna, [...parts]);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error: code, field: 'file', message: expect.any(String) });
    expect(await storedCount()).toBe(before);
  });

  it('takes a file of exactly the limit and refuses one byte more with 413 FILE_TOO_LARGE (5 MB = 5242880 bytes by default)', async () => {
    expect(suite.server.deps.config.UPLOAD_MAX_BYTES).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    const anna = await login('anna');
    const exact = await upload(anna, [file('genau.pdf', pdfBytes(DEFAULT_UPLOAD_MAX_BYTES))]);
    expect(exact.status).toBe(200);
    expect(exact.json.size).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    const before = await storedCount();
    const over = await upload(anna, [file('zu-gross.pdf', pdfBytes(DEFAULT_UPLOAD_MAX_BYTES + 1))]);
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ error: 'FILE_TOO_LARGE', field: 'file' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses an unknown purpose, a request without session (406) and a cross-site post (403) before reading the file', async () => {
    const anna = await login('anna');
    expect((await upload(anna, [file('a.pdf', pdfBytes())], 'purpose=virus&lng=de')).json).toMatchObject({ error: 'PURPOSE_INVALID' });
    expect((await upload(anna, [file('a.pdf', pdfBytes())], 'lng=de')).json).toMatchObject({ error: 'PURPOSE_INVALID' });
    const anonymous = new PortalClient(suite.server.url);
    expect((await upload(anonymous, [file('a.pdf', pdfBytes())])).status).toBe(406);
    anna.omitVersionHeader = true;
    const { body, contentType } = multipart([file('a.pdf', pdfBytes())]);
    const crossSite = await anna.fetch('/webportal/upload?purpose=inbox-attachment', {
      method: 'POST',
      headers: { 'content-type': contentType, origin: 'https://evil.example' },
      body,
    });
    expect(crossSite.status).toBe(403);
    const get = await new PortalClient(suite.server.url).fetch('/webportal/upload?purpose=inbox-attachment');
    expect(get.status).toBe(405);
  });
});

describe('upload claims and expiry (the interface consuming services use)', () => {
  it('lets only the owner claim a pending upload of the right purpose, once; another member, a reused or an expired id is refused', async () => {
    const anna = await login('anna');
    const annaId = await personIdOf(suite.server, 'anna');
    const berndId = await personIdOf(suite.server, 'bernd');
    const id = (await upload(anna, [file('a.pdf', pdfBytes())])).json.id as string;
    const service = suite.server.deps.uploads;

    expect(await service.claim(berndId, [id], { purpose: 'inbox-attachment', usedFor: 'message:1' })).toMatchObject({
      ok: false,
      code: 'UPLOAD_NOT_FOUND',
      fieldErrors: [{ field: 'attachmentIds', code: 'UPLOAD_NOT_FOUND' }],
    });
    expect(await service.claim(annaId, ['nicht-hex'], { purpose: 'inbox-attachment', usedFor: 'message:1' })).toMatchObject({ ok: false, code: 'UPLOAD_NOT_FOUND' });
    const claimed = await service.claim(annaId, [id, id], { purpose: 'inbox-attachment', usedFor: 'message:1' });
    expect(claimed).toMatchObject({ ok: true, value: [{ id, fileName: 'a.pdf', usedFor: 'message:1' }] });
    expect(await service.claim(annaId, [id], { purpose: 'inbox-attachment', usedFor: 'message:2' })).toMatchObject({ ok: false, code: 'UPLOAD_ALREADY_USED' });

    const late = (await upload(anna, [file('b.pdf', pdfBytes())])).json.id as string;
    suite.server.clock.advance(25 * 3_600_000);
    try {
      expect(await service.claim(annaId, [late], { purpose: 'inbox-attachment', usedFor: 'message:3' })).toMatchObject({ ok: false, code: 'UPLOAD_NOT_FOUND' });
      // The clean-up runs as the scheduled job `uploads.purge` (job lease: one process per due time).
      expect(await suite.server.deps.scheduler.runDue()).toContain('uploads.purge');
      const left = await suite.server.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.personId, annaId));
      expect(left.map((r) => r.id)).toContain(id);
      expect(left.map((r) => r.id)).not.toContain(late);
    } finally {
      suite.server.clock.advance(-25 * 3_600_000);
    }
  });
});
