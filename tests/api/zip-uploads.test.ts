import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES } from '@contract/uploads';
import { uploads } from '../../db/schema';
import type { PortalClient } from '../helpers/client';
import { jpegBytes, multipart, pdfBytes, zipBytes } from '../helpers/files';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * ZIP archives on the merge and upload forms' purpose `merge-document` (decision 0023, spec 001 section 5 "Merge and
 * upload forms: PDF, TIF, JPEG, PNG, ZIP"): accepted only after inspection (entry count, inflated size, no paths, no
 * nested archives); every refused archive stores nothing. Other purposes refuse a ZIP by its content.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function upload(client: PortalClient, fileName: string, body: Buffer, purpose = 'merge-document') {
  const { body: form, contentType } = multipart([{ name: 'file', fileName, contentType: 'application/zip', body }]);
  const res = await client.fetch(`/webportal/upload?purpose=${purpose}&lng=de`, { method: 'POST', headers: { 'content-type': contentType }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const stored = async () => (await server.db.select({ n: count() }).from(uploads))[0]!.n;
const zeros = (n: number) => Buffer.alloc(n);

describe('ZIP archives on merge-document uploads (decision 0023)', () => {
  it('accepts an archive of documents, and a single PDF as before', async () => {
    const anna = await loginAs(server, 'anna');
    const ok = await upload(
      anna,
      'unterlagen.zip',
      zipBytes([
        { name: 'ausweis.pdf', body: pdfBytes(2000) },
        { name: 'formular.jpg', body: jpegBytes(3000), deflate: false },
      ]),
    );
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ fileName: 'unterlagen.zip', contentType: 'application/zip' });
    expect((await upload(anna, 'ausweis.pdf', pdfBytes())).status).toBe(200);
  });

  it.each([
    ['more entries than allowed', () => zipBytes(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `seite-${i}.pdf`, body: pdfBytes() }))), 'ZIP_TOO_MANY_ENTRIES'],
    ['a ZIP bomb (zeros inflating past the limit)', () => zipBytes([{ name: 'bombe.pdf', body: zeros(ZIP_MAX_UNCOMPRESSED_BYTES + 1024) }]), 'ZIP_TOO_LARGE'],
    [
      'several entries together over the limit',
      () =>
        zipBytes([
          { name: 'a.pdf', body: zeros(ZIP_MAX_UNCOMPRESSED_BYTES / 2 + 1) },
          { name: 'b.pdf', body: zeros(ZIP_MAX_UNCOMPRESSED_BYTES / 2 + 1) },
        ]),
      'ZIP_TOO_LARGE',
    ],
    ['a ZIP bomb whose headers claim 100 bytes', () => zipBytes([{ name: 'klein.pdf', body: zeros(ZIP_MAX_UNCOMPRESSED_BYTES + 1024), declaredSize: 100 }]), 'ZIP_INVALID'],
    ['an entry in a folder', () => zipBytes([{ name: 'ordner/ausweis.pdf', body: pdfBytes() }]), 'ZIP_PATH'],
    ['an entry climbing out with ..', () => zipBytes([{ name: '../ausweis.pdf', body: pdfBytes() }]), 'ZIP_PATH'],
    ['a Windows path', () => zipBytes([{ name: 'C:\\temp\\ausweis.pdf', body: pdfBytes() }]), 'ZIP_PATH'],
    // An entry's name is not renamed, so a right-to-left override posing as another type is refused (decision 0041).
    ['an entry name with a right-to-left override', () => zipBytes([{ name: 'ausweis\u202Efdp.exe', body: pdfBytes() }]), 'ZIP_PATH'],
    ['a nested archive by name', () => zipBytes([{ name: 'innen.zip', body: zipBytes([{ name: 'a.pdf', body: pdfBytes() }]) }]), 'ZIP_NESTED_ARCHIVE'],
    ['a nested archive by content under another name', () => zipBytes([{ name: 'daten.pdf', body: zipBytes([{ name: 'a.pdf', body: pdfBytes() }]) }]), 'ZIP_NESTED_ARCHIVE'],
    ['an archive without entries', () => zipBytes([]), 'ZIP_INVALID'],
    ['a truncated archive (not even readable as ZIP)', () => zipBytes([{ name: 'a.pdf', body: pdfBytes() }]).subarray(0, 60), 'FILE_TYPE_NOT_ALLOWED'],
  ])('refuses %s with its code and stores nothing', async (_name, build, code) => {
    const anna = await loginAs(server, 'anna');
    const before = await stored();
    const res = await upload(anna, 'unterlagen.zip', build());
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: code, field: 'file', message: expect.any(String) });
    expect(await stored()).toBe(before);
  });

  it('refuses a ZIP archive on the claim and inbox purposes by its content', async () => {
    const anna = await loginAs(server, 'anna');
    const archive = zipBytes([{ name: 'ausweis.pdf', body: pdfBytes() }]);
    for (const purpose of ['claim-document', 'inbox-attachment'])
      expect((await upload(anna, 'ausweis.zip', archive, purpose)).json).toMatchObject({ error: 'FILE_TYPE_NOT_ALLOWED' });
  });
});
