import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { documentFiles, documents, persons, vkStatements } from '../../db/schema';
import { createAccountsService } from '../../server/modules/accounts/accounts.service';
import { createDocumentsService, type LetterRenderer } from '../../server/modules/documents/documents.service';
import { renderLetter } from '../../server/modules/documents/pdf/letter';
import { createLoaders } from '../../server/platform/loaders';
import type { RequestScope } from '../../server/platform/shared/request-scope';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { pdfText } from '../helpers/pdf';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Statements are archived, not re-rendered (decision 0018): a document's PDF is rendered once, stored with its
 * SHA-256 in document_files and served from there with that digest as ETag; neither a changed figure nor a changed
 * template alters a PDF once it is archived. Rows are read and changed with the query builder (both engines).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 3 });
});
afterAll(async () => {
  await server.close();
});

async function anna(): Promise<PortalClient> {
  const client = new PortalClient(server.url);
  await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
  return client;
}

async function annaId(): Promise<number> {
  return (
    await server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf('anna')))
  )[0]!.id;
}

/** Anna's document of `category` and `documentDate`. */
async function annaDocument(category: (typeof documents.$inferSelect)['category'], documentDate: string) {
  const personId = await annaId();
  const [row] = await server.db
    .select()
    .from(documents)
    .where(and(eq(documents.personId, personId), eq(documents.category, category), eq(documents.documentDate, documentDate)));
  return row!;
}

async function archivedFile(documentId: number) {
  return (await server.db.select().from(documentFiles).where(eq(documentFiles.documentId, documentId)))[0];
}

/** A documents service like the server's, rendering with `renderer` (a changed "template"). */
function documentsServiceWith(renderer: LetterRenderer) {
  const { stores, tenant, clock, logger } = server.deps;
  return createDocumentsService({
    store: stores.documents,
    personStore: stores.person,
    accounts: createAccountsService({ tenant }),
    tenant,
    clock,
    logger,
    renderer,
  });
}

/** A request scope of its own (fresh DataLoaders, no session) for calling the service directly. */
function scope(): RequestScope {
  return {
    meta: { ipAddress: null, userAgent: null },
    loaders: createLoaders(server.deps.stores),
    session: async () => ({ state: 'NONE' }),
    sessionHash: async () => null,
    publicOrigin: () => server.url,
  };
}

describe('archived documents', () => {
  it('archives the PDF on its first download and serves the same bytes with their SHA-256 as ETag; If-None-Match answers 304', async () => {
    const client = await anna();
    const doc = await annaDocument('VK_ACCOUNT_STATEMENT', '2025-12-31');
    expect(await archivedFile(doc.id)).toBeUndefined();

    const first = await client.fetch(`/webportal/download?id=${doc.id}&lng=de`);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(first.headers.get('etag')).toBe(`"${sha256}"`);
    const stored = await archivedFile(doc.id);
    expect(stored).toMatchObject({ sha256, byteSize: bytes.length });
    expect(Buffer.from(stored!.content).equals(bytes)).toBe(true);

    server.clock.advance(60_000);
    const again = await client.fetch(`/webportal/download?id=${doc.id}`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(again.headers.get('etag')).toBe(`"${sha256}"`);

    const unchanged = await client.fetch(`/webportal/download?id=${doc.id}`, { headers: { 'if-none-match': `"${sha256}"` } });
    expect(unchanged.status).toBe(304);
    expect((await unchanged.arrayBuffer()).byteLength).toBe(0);
    expect(unchanged.headers.get('cache-control')).toBe('no-store');
    const stale = await client.fetch(`/webportal/download?id=${doc.id}`, { headers: { 'if-none-match': '"0000"' } });
    expect(stale.status).toBe(200);
  });

  it('keeps an archived statement as issued when a figure of its source row changes later', async () => {
    const client = await anna();
    const doc = await annaDocument('VK_ACCOUNT_STATEMENT', '2024-12-31');
    const issued = Buffer.from(await (await client.fetch(`/webportal/download?id=${doc.id}`)).arrayBuffer());
    const issuedText = await pdfText(issued);

    // A correction in the core system after the statement was issued.
    const [statement] = await server.db.select().from(vkStatements).where(eq(vkStatements.id, doc.sourceId));
    await writeTransaction(server.db, () =>
      server.db
        .update(vkStatements)
        .set({ totalEntitlementCents: statement!.totalEntitlementCents + 100_000 })
        .where(eq(vkStatements.id, doc.sourceId)),
    );
    const afterCorrection = Buffer.from(await (await client.fetch(`/webportal/download?id=${doc.id}`)).arrayBuffer());
    expect(afterCorrection.equals(issued)).toBe(true);
    expect(await pdfText(afterCorrection)).toBe(issuedText);
    await writeTransaction(server.db, () =>
      server.db.update(vkStatements).set({ totalEntitlementCents: statement!.totalEntitlementCents }).where(eq(vkStatements.id, doc.sourceId)),
    );
  });

  it('keeps an archived statement as issued when the template changes; a document issued under the new template carries it', async () => {
    const personId = await annaId();
    const archivedBefore = await annaDocument('PERFORMANCE_STATEMENT', '2024-12-31');
    const client = await anna();
    const issued = Buffer.from(await (await client.fetch(`/webportal/download?id=${archivedBefore.id}`)).arrayBuffer());

    // The "new template": the same letter with a changed closing line.
    const newTemplate: LetterRenderer = (content, recipient, sender) =>
      renderLetter({ ...content, paragraphs: [...content.paragraphs, 'Neue Vorlage ab 2027.'] }, recipient, sender);
    const withNewTemplate = documentsServiceWith(newTemplate);

    const old = await withNewTemplate.download(scope(), personId, String(archivedBefore.id));
    expect(old!.bytes.equals(issued)).toBe(true);
    expect(await pdfText(old!.bytes)).not.toContain('Neue Vorlage ab 2027.');

    // A document not yet issued is issued under the new template, and stays so for the server's own renderer.
    const fresh = await annaDocument('PERFORMANCE_STATEMENT', '2025-12-31');
    expect(await archivedFile(fresh.id)).toBeUndefined();
    const sha256 = await withNewTemplate.archive(scope(), personId, fresh.id);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const served = Buffer.from(await (await client.fetch(`/webportal/download?id=${fresh.id}`)).arrayBuffer());
    expect(createHash('sha256').update(served).digest('hex')).toBe(sha256);
    expect(await pdfText(served)).toContain('Neue Vorlage ab 2027.');
  });

  it('serves a repeated download from the authorisation read and the stored digest: one write on the first download, none after, no re-hashing', async () => {
    const client = await anna();
    const personId = await annaId();
    const [doc] = await server.db
      .select()
      .from(documents)
      .where(and(eq(documents.personId, personId), eq(documents.category, 'PENSION_MODEL_INFO')))
      .limit(1);
    if (!doc) throw new Error('anna has no pension model information');
    // Seeded as read: made unread again, as if just issued.
    await writeTransaction(server.db, () => server.db.update(documents).set({ readAt: null }).where(eq(documents.id, doc.id)));
    const statementsOf = async (action: () => Promise<void>) => {
      const seen: string[] = [];
      const stop = server.db.watchStatements(({ sql }) => seen.push(sql));
      try {
        await action();
      } finally {
        stop();
      }
      return seen;
    };
    const writes = (sqls: string[]) => sqls.filter((sql) => /^\s*(update|insert|delete)\b/i.test(sql));
    const download = async (headers: Record<string, string> = {}) => {
      const answer = await client.fetch(`/webportal/download?id=${doc.id}`, { headers });
      return { status: answer.status, etag: answer.headers.get('etag'), bytes: Buffer.from(await answer.arrayBuffer()) };
    };

    const firstStatements = await statementsOf(async () => void (await download()));
    // The archive insert and the one mark-read update (the first download renders and archives the document).
    expect(writes(firstStatements).filter((sql) => /^\s*update\b/i.test(sql))).toHaveLength(1);
    expect((await annaDocument('PENSION_MODEL_INFO', doc.documentDate)).readAt).toBe(new Date(server.clock.now()).toISOString());
    const again = await statementsOf(async () => void (await download()));
    expect(writes(again)).toEqual([]);

    // The ETag is the digest stored with the archived file, not one computed from the bytes per request.
    const stored = (await archivedFile(doc.id))!;
    const marker = 'f'.repeat(64);
    await writeTransaction(server.db, () => server.db.update(documentFiles).set({ sha256: marker }).where(eq(documentFiles.documentId, doc.id)));
    try {
      const served = await download();
      expect(served).toMatchObject({ status: 200, etag: `"${marker}"` });
      expect(served.bytes.equals(Buffer.from(stored.content))).toBe(true);
      expect((await download({ 'if-none-match': `"${marker}"` })).status).toBe(304);
    } finally {
      await writeTransaction(server.db, () => server.db.update(documentFiles).set({ sha256: stored.sha256 }).where(eq(documentFiles.documentId, doc.id)));
    }
    // A cached PDF is only reached through the member's own document: bernd gets the one 404 for anna's id.
    const bernd = new PortalClient(server.url);
    await bernd.rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD });
    expect((await bernd.fetch(`/webportal/download?id=${doc.id}`)).status).toBe(404);
  });

  it("archives nothing for another member's, an unknown or a malformed id", async () => {
    const service = documentsServiceWith(renderLetter);
    const otherPerson = (
      await server.db
        .select({ id: persons.id })
        .from(persons)
        .where(eq(persons.email, emailOf('bernd')))
    )[0]!.id;
    const anyDoc = (
      await server.db
        .select()
        .from(documents)
        .where(eq(documents.personId, await annaId()))
    )[0]!;
    expect(await service.archive(scope(), otherPerson, anyDoc.id)).toBeNull();
    expect(await service.download(scope(), otherPerson, String(anyDoc.id))).toBeNull();
    expect(await service.download(scope(), otherPerson, 'abc')).toBeNull();
  });
});
